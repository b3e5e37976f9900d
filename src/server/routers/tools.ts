// Parts (tools): the public catalogue and its search, and for admins adding, editing, hiding and
// retiring parts.
import { z } from 'zod';
import { idSchema, pageInputSchema } from '../../shared/common';
import { messages } from '../../shared/messages';
import { importPartsCsvSchema } from '../../shared/parts-csv';
import { partPriceBreaksSchema, setPriceBreaksSchema } from '../../shared/shop-settings';
import { addVariantSchema, editVariantSchema, retireVariantSchema } from '../../shared/part-option-schemas';
import { createToolSchema, editToolSchema, searchToolsSchema, setToolHiddenSchema } from '../../shared/tools';
import { compatibilityOfPart } from '../domains/catalogue/compatibility';
import { partPriceBreaks, setPartPriceBreaks } from '../domains/catalogue/price-breaks';
import { editPart, setPartHidden } from '../domains/catalogue/part-editing';
import { importPartsCsv } from '../domains/catalogue/parts-csv-import';
import { startPartsExport } from '../domains/catalogue/parts-csv-export';
import { addPart, adminPartById, adminParts, listParts, partById, retirePart, uploadPartImage } from '../domains/catalogue/parts';
import { relatedParts } from '../domains/catalogue/related-parts';
import { searchCatalogue } from '../domains/catalogue/search';
import { addVariant, adminPartVariants, editVariant, retireVariant } from '../domains/catalogue/variants';
import { adminProcedure, adminWriteProcedure, publicProcedure, router, sharedRead } from '../trpc';

/** Other processes' bookings are not notified (migrations/0002), so stock shown may be this old. */
const STOCK_FRESHNESS_MS = 1_000;
/** The catalogue shows stock: another process's booking shows within STOCK_FRESHNESS_MS. */
const catalogueFreshness = { tables: ['tools'], maxAgeMs: STOCK_FRESHNESS_MS };

export const toolsRouter = router({
  list: sharedRead(pageInputSchema.prefault({}), catalogueFreshness)
    .meta({ apiScope: 'catalogue:read' })
    .query(({ ctx, input }) => listParts(ctx.deps.db, input)),

  /** Words, order, the in-stock filter and a bike to fit, as the shop's URL carries them. */
  search: sharedRead(searchToolsSchema.prefault({}), catalogueFreshness)
    .meta({ apiScope: 'catalogue:read' })
    .query(({ ctx, input }) => searchCatalogue(ctx.deps.db, input)),

  byId: sharedRead(z.object({ id: idSchema }), catalogueFreshness)
    .meta({ apiScope: 'catalogue:read' })
    .query(({ ctx, input }) => partById(ctx.deps.db, input.id)),

  /** The bicycle standards a part on sale depends on, for its page ({} when it fits every bike). */
  compatibility: sharedRead(z.object({ id: idSchema }), catalogueFreshness).query(({ ctx, input }) =>
    compatibilityOfPart(ctx.deps.db, input.id),
  ),

  /** Up to four parts on sale near this one in the category tree, those in stock first (the part page's "Related parts"). */
  related: sharedRead(z.object({ id: idSchema }), { tables: ['tools', 'categories'], maxAgeMs: STOCK_FRESHNESS_MS }).query(
    ({ ctx, input }) => relatedParts(ctx.deps.db, input.id),
  ),

  /** Manage product: every part not retired, hidden ones too, with the version an edit names. */
  adminList: adminProcedure.input(pageInputSchema.prefault({})).query(({ ctx, input }) => adminParts(ctx.deps.db, input)),

  /** The edit form's part, hidden or not, as it is now (never from the read cache). */
  adminById: adminProcedure.input(z.object({ id: idSchema })).query(({ ctx, input }) => adminPartById(ctx.deps.db, input.id)),

  create: adminWriteProcedure
    .input(createToolSchema)
    .mutation(({ ctx, input }) => addPart(ctx.deps.db, ctx.deps.images, ctx.user, input)),

  /**
   * Saves an edit made from a version of the part: CONFLICT, with the part as it is now, when
   * another admin saved first or bookings took the units the edit would remove.
   */
  update: adminWriteProcedure
    .input(editToolSchema)
    .mutation(({ ctx, input }) => editPart(ctx.deps.db, ctx.deps.images, ctx.user, input)),

  /** Hides a part from the shop (visitors see it as missing, nobody can book it) or shows it again. */
  setHidden: adminWriteProcedure
    .input(setToolHiddenSchema)
    .mutation(({ ctx, input }) => setPartHidden(ctx.deps.db, ctx.user, input.id, input.hidden)),

  /**
   * Keeps an image an admin uploads for a part. Its bytes come only from the HTTP route
   * (http/image-routes.ts): a JSON call cannot carry them and is refused as bad input.
   */
  uploadImage: adminWriteProcedure
    .input(z.object({ bytes: z.instanceof(Buffer, { error: messages.imageTypeInvalid }) }))
    .mutation(({ ctx, input }) => uploadPartImage(ctx.deps.db, ctx.deps.images, ctx.user, input.bytes)),

  /**
   * The part's quantity prices, smallest quantity first: of parts in the shop for everyone, of
   * hidden ones too for admins. Not kept in the read cache: price_breaks sends no change notices.
   */
  priceBreaks: publicProcedure
    .input(partPriceBreaksSchema)
    .query(({ ctx, input }) => partPriceBreaks(ctx.deps.db, input.toolId, { includeHidden: ctx.user?.role === 'admin' })),

  /** Replaces the part's whole set of price breaks (an empty list removes them). */
  setPriceBreaks: adminWriteProcedure
    .input(setPriceBreaksSchema)
    .mutation(({ ctx, input }) => setPartPriceBreaks(ctx.deps.db, ctx.user, input)),

  /** Records who exports the parts as CSV; the file streams from GET /admin/parts.csv. */
  startCsvExport: adminWriteProcedure.mutation(({ ctx }) => startPartsExport(ctx.deps.db, ctx.user)),

  /**
   * Checks a parts CSV row by row, or imports it all or nothing. Its text comes over
   * POST /admin/parts.csv: a JSON call is bound to the smaller body every tRPC call has.
   */
  importCsv: adminWriteProcedure
    .input(importPartsCsvSchema)
    .mutation(({ ctx, input }) => importPartsCsv(ctx.deps.db, ctx.deps.images, ctx.user, input)),

  /** The part editor's Variants section: the part's own row (its default variant) and its variants, with the versions an edit names. */
  adminVariants: adminProcedure
    .input(z.object({ partId: idSchema }))
    .query(({ ctx, input }) => adminPartVariants(ctx.deps.db, input.partId)),

  /** Adds a variant (options, SKU, price, stock, minimum order, image) to a part. */
  addVariant: adminWriteProcedure
    .input(addVariantSchema)
    .mutation(({ ctx, input }) => addVariant(ctx.deps.db, ctx.deps.images, ctx.user, input)),

  /** Saves an edit of a variant made from its version; CONFLICT with the variant as it is now when another admin saved first. */
  updateVariant: adminWriteProcedure
    .input(editVariantSchema)
    .mutation(({ ctx, input }) => editVariant(ctx.deps.db, ctx.deps.images, ctx.user, input)),

  /** Retires a variant (never deleted: its orders keep it); a part's own row retires with the part. */
  retireVariant: adminWriteProcedure.input(retireVariantSchema).mutation(async ({ ctx, input }) => {
    await retireVariant(ctx.deps.db, ctx.user, input.id);
    return { deletedCount: 1 };
  }),

  remove: adminWriteProcedure.input(z.object({ id: idSchema })).mutation(async ({ ctx, input }) => {
    await retirePart(ctx.deps.db, ctx.user, input.id);
    return { deletedCount: 1 };
  }),
});
