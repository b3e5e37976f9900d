// Category inputs: the admins' changes to the tree, and a category page's view as its URL carries it.
import { z } from 'zod';
import { bikeSpecSchema } from './bike-standard-schemas';
import { idSchema, pageInputSchema, TYPED_TEXT } from './common';
import { MAX_PRICE_DOLLARS, RATING_MAX } from './constants';
import { messages } from './messages';
import { searchCursorSchema } from './tools';

/** How deep the tree goes: the menus and breadcrumbs are laid out for three levels. */
export const CATEGORY_DEPTH_MAX = 3;

/** The orders a category page can show: the catalogue's own (the order parts were added) first. */
export const categorySorts = ['catalogue', 'newest', 'price-asc', 'price-desc'] as const;
export type CategorySort = (typeof categorySorts)[number];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX = 60;

/** A category's address in /categories/:slug: the same in every browser, whatever the name's accents. */
const categorySlugSchema = z
  .string({ error: messages.categorySlugInvalid })
  .trim()
  .min(1, messages.categorySlugInvalid)
  .max(SLUG_MAX, messages.categorySlugInvalid)
  .regex(SLUG, messages.categorySlugInvalid);

/** The slug a name suggests: "Seatposts & Saddles" → "seatposts-saddles". */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

const categoryNameSchema = z
  .string({ error: messages.categoryNameRequired })
  .trim()
  .min(1, messages.categoryNameRequired)
  .max(60)
  .regex(TYPED_TEXT, messages.textHasControlCharacters);

/** Where a category sits: under another one, or at the top (null). */
const parentIdSchema = idSchema.nullable();

export const createCategorySchema = z.object({
  name: categoryNameSchema,
  /** Left out, the slug is made from the name. */
  slug: categorySlugSchema.optional(),
  parentId: parentIdSchema.default(null),
});
export type CreateCategoryInput = z.output<typeof createCategorySchema>;

/** A new name; the slug stays, so links already shared keep working. */
export const renameCategorySchema = z.object({ id: idSchema, name: categoryNameSchema });

export const moveCategorySchema = z.object({ id: idSchema, parentId: parentIdSchema });

/** The subcategories of one parent in their new order: every one of them, once. */
export const reorderCategoriesSchema = z.object({
  parentId: parentIdSchema,
  orderedIds: z.array(idSchema).min(1, messages.categoryOrderMismatch).max(200, messages.categoryOrderMismatch),
});
export type ReorderCategoriesInput = z.output<typeof reorderCategoriesSchema>;

export const categoryIdSchema = z.object({ id: idSchema });

const priceBoundSchema = z
  .number({ error: messages.categoryPriceRangeInvalid })
  .min(0, messages.categoryPriceRangeInvalid)
  .max(MAX_PRICE_DOLLARS, messages.categoryPriceRangeInvalid);

/**
 * A category page as its URL carries it: the category, an order, whether to show only parts that
 * can be booked, a price range in dollars (either end may be open), a bike to fit, and the page.
 */
export const categoryPageSchema = z
  .object({
    slug: categorySlugSchema,
    sort: z.enum(categorySorts, { error: messages.categorySortInvalid }).default('catalogue'),
    inStock: z.boolean({ error: messages.requestInvalid }).default(false),
    minPrice: priceBoundSchema.optional(),
    maxPrice: priceBoundSchema.optional(),
    /** Only the parts that fit this bike (its standards, as the URL's ?fits= carries them). */
    fits: bikeSpecSchema.optional(),
    minRating: z
      .number({ error: messages.categoryRatingInvalid })
      .int(messages.categoryRatingInvalid)
      .min(1, messages.categoryRatingInvalid)
      .max(RATING_MAX, messages.categoryRatingInvalid)
      .optional(),
    limit: pageInputSchema.shape.limit,
    /** Opaque position returned as nextCursor by the previous page of the same view. */
    cursor: searchCursorSchema.optional(),
  })
  .refine((view) => view.minPrice === undefined || view.maxPrice === undefined || view.minPrice <= view.maxPrice, {
    message: messages.categoryPriceRangeInvalid,
    path: ['maxPrice'],
  });
export type CategoryPageInput = z.output<typeof categoryPageSchema>;
