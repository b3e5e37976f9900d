// Categories: the tree and a category's page for everyone, and for admins the changes to the tree.
import { z } from 'zod';
import {
  categoryIdSchema,
  categoryPageSchema,
  createCategorySchema,
  moveCategorySchema,
  renameCategorySchema,
  reorderCategoriesSchema,
} from '../../shared/categories';
import { idSchema } from '../../shared/common';
import {
  createCategory,
  deleteCategory,
  moveCategory,
  renameCategory,
  reorderCategories,
} from '../domains/catalogue/category-editing';
import { categoryPage } from '../domains/catalogue/category-page';
import { readCategories, toTree, trailOfPart } from '../domains/catalogue/category-tree';
import { adminWriteProcedure, router, sharedRead } from '../trpc';

/** Tree changes are notified at commit (migrations/0032), so the tree needs no age limit. */
const treeFreshness = { tables: ['categories'] };
/** A category page shows stock, which changes unnotified: as fresh as the catalogue (routers/tools.ts). */
const pageFreshness = { tables: ['tools', 'categories'], maxAgeMs: 1_000 };

export const categoriesRouter = router({
  /** Every category, top level first, each with its subcategories in order. */
  tree: sharedRead(z.object({}).prefault({}), treeFreshness)
    .meta({ apiScope: 'catalogue:read' })
    .query(async ({ ctx }) => toTree(await readCategories(ctx.deps.db))),

  /** A category's parts (its subcategories' too), filtered and ordered as its URL says, with the filters' counts. */
  page: sharedRead(categoryPageSchema, pageFreshness)
    .meta({ apiScope: 'catalogue:read' })
    .query(({ ctx, input }) => categoryPage(ctx.deps.db, input)),

  /** A part page's breadcrumb: its category and the ones above it, top first. */
  trailOfPart: sharedRead(z.object({ id: idSchema }), pageFreshness).query(({ ctx, input }) => trailOfPart(ctx.deps.db, input.id)),

  create: adminWriteProcedure.input(createCategorySchema).mutation(({ ctx, input }) => createCategory(ctx.deps.db, ctx.user, input)),

  rename: adminWriteProcedure
    .input(renameCategorySchema)
    .mutation(({ ctx, input }) => renameCategory(ctx.deps.db, ctx.user, input.id, input.name)),

  move: adminWriteProcedure
    .input(moveCategorySchema)
    .mutation(({ ctx, input }) => moveCategory(ctx.deps.db, ctx.user, input.id, input.parentId)),

  reorder: adminWriteProcedure
    .input(reorderCategoriesSchema)
    .mutation(({ ctx, input }) => reorderCategories(ctx.deps.db, ctx.user, input)),

  /** Refused with CONFLICT while the category holds parts or subcategories. */
  remove: adminWriteProcedure.input(categoryIdSchema).mutation(({ ctx, input }) => deleteCategory(ctx.deps.db, ctx.user, input.id)),
});
