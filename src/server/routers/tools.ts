// Parts (tools): the public catalogue and its search, and for admins adding, editing, hiding and
// retiring parts.
import { z } from 'zod';
import { idSchema, pageInputSchema } from '../../shared/common';
import { messages } from '../../shared/messages';
import { partPriceBreaksSchema, setPriceBreaksSchema } from '../../shared/shop-settings';
import { createToolSchema, editToolSchema, searchToolsSchema, setToolHiddenSchema } from '../../shared/tools';
import { partPriceBreaks, setPartPriceBreaks } from '../domains/catalogue/price-breaks';
import { editPart, setPartHidden } from '../domains/catalogue/part-editing';
import { addPart, adminPartById, adminParts, listParts, partById, retirePart, uploadPartImage } from '../domains/catalogue/parts';
import { searchCatalogue } from '../domains/catalogue/search';
import { adminProcedure, adminWriteProcedure, publicProcedure, router, sharedRead } from '../trpc';

/** Other processes' bookings are not notified (migrations/0002), so stock shown may be this old. */
const STOCK_FRESHNESS_MS = 1_000;
/** The catalogue shows stock: another process's booking shows within STOCK_FRESHNESS_MS. */
const catalogueFreshness = { tables: ['tools'], maxAgeMs: STOCK_FRESHNESS_MS };

export const toolsRouter = router({
  list: sharedRead(pageInputSchema.prefault({}), catalogueFreshness).query(({ ctx, input }) => listParts(ctx.deps.db, input)),

  /** Words, order and the in-stock filter, as the shop's URL carries them. */
  search: sharedRead(searchToolsSchema.prefault({}), catalogueFreshness).query(({ ctx, input }) =>
    searchCatalogue(ctx.deps.db, input),
  ),

  byId: sharedRead(z.object({ id: idSchema }), catalogueFreshness).query(({ ctx, input }) => partById(ctx.deps.db, input.id)),

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

  remove: adminWriteProcedure.input(z.object({ id: idSchema })).mutation(async ({ ctx, input }) => {
    await retirePart(ctx.deps.db, ctx.user, input.id);
    return { deletedCount: 1 };
  }),
});
