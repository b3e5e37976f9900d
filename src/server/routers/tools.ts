// Parts (tools): the public catalogue and its search, and for admins adding, editing, hiding and
// retiring parts.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { idSchema, pageInputSchema, type Page } from '../../shared/common';
import { messages } from '../../shared/messages';
import { dollarsToCents } from '../../shared/money';
import { createToolSchema, editToolSchema, searchToolsSchema, setToolHiddenSchema } from '../../shared/tools';
import { z } from 'zod';
import { preparedFor } from '../db/prepared';
import { tools } from '../db/schema';
import { recordAudit } from '../domains/audit/audit';
import { searchCatalogue } from '../domains/catalogue/search';
import { editPart, setPartHidden } from '../domains/catalogue/part-editing';
import type { ShopImages } from '../domains/catalogue/images';
import {
  adminToolColumns,
  listed,
  notRetired,
  toAdminToolView,
  toolColumns,
  toToolView,
  type AdminToolView,
  type ToolView,
} from '../domains/catalogue/part-views';
import { adminProcedure, adminWriteProcedure, ConflictWithCurrent, router, sharedRead } from '../trpc';

/** Other processes' bookings are not notified (migrations/0002), so stock shown may be this old. */
const STOCK_FRESHNESS_MS = 1_000;
/** The catalogue shows stock: another process's booking shows within STOCK_FRESHNESS_MS. */
const catalogueFreshness = { tables: ['tools'], maxAgeMs: STOCK_FRESHNESS_MS };

/** A part's page: read on every visit the read cache has not kept, so planned once per connection. */
const listedPartById = preparedFor((db) =>
  db
    .select(toolColumns)
    .from(tools)
    .where(and(eq(tools.id, sql.placeholder('id')), listed))
    .prepare('listed_part_by_id'),
);

export const toolsRouter = router({
  list: sharedRead(pageInputSchema.prefault({}), catalogueFreshness).query(async ({ ctx, input }): Promise<Page<ToolView>> => {
    const rows = await ctx.deps.db
      .select(toolColumns)
      .from(tools)
      .where(input.cursor ? and(listed, gt(tools.seq, Number(input.cursor))) : listed)
      .orderBy(asc(tools.seq))
      .limit(input.limit + 1);
    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    return {
      items: page.map(toToolView),
      nextCursor: rows.length > input.limit && last ? String(last.seq) : null,
    };
  }),

  /** Words, order and the in-stock filter, as the shop's URL carries them. */
  search: sharedRead(searchToolsSchema.prefault({}), catalogueFreshness).query(({ ctx, input }) =>
    searchCatalogue(ctx.deps.db, input),
  ),

  byId: sharedRead(z.object({ id: idSchema }), catalogueFreshness).query(async ({ ctx, input }) => {
    const [row] = await listedPartById(ctx.deps.db).execute({ id: input.id });
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
    return toToolView(row);
  }),

  /** Manage product: every part not retired, hidden ones too, with the version an edit names. */
  adminList: adminProcedure.input(pageInputSchema.prefault({})).query(async ({ ctx, input }): Promise<Page<AdminToolView>> => {
    const rows = await ctx.deps.db
      .select(adminToolColumns)
      .from(tools)
      .where(input.cursor ? and(notRetired, gt(tools.seq, Number(input.cursor))) : notRetired)
      .orderBy(asc(tools.seq))
      .limit(input.limit + 1);
    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    return {
      items: page.map(toAdminToolView),
      nextCursor: rows.length > input.limit && last ? String(last.seq) : null,
    };
  }),

  /** The edit form's part, hidden or not, as it is now (never from the read cache). */
  adminById: adminProcedure.input(z.object({ id: idSchema })).query(async ({ ctx, input }) => {
    const [row] = await ctx.deps.db
      .select(adminToolColumns)
      .from(tools)
      .where(and(eq(tools.id, input.id), notRetired));
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
    return toAdminToolView(row);
  }),

  create: adminWriteProcedure.input(createToolSchema).mutation(async ({ ctx, input }) => {
    await refuseMissingImage(ctx.deps.images, input.img);
    return ctx.deps.db.transaction(async (tx) => {
      const { price, ...fields } = input;
      const [row] = await tx
        .insert(tools)
        .values({ ...fields, priceCents: dollarsToCents(price) })
        .returning(toolColumns);
      if (!row) throw new Error('Inserting a part returned no row');
      await recordAudit(tx, ctx.user, 'part.add', `${row.name} (${row.id})`);
      return toToolView(row);
    });
  }),

  /**
   * Saves an edit made from a version of the part: CONFLICT, with the part as it is now, when
   * another admin saved first or bookings took the units the edit would remove.
   */
  update: adminWriteProcedure.input(editToolSchema).mutation(async ({ ctx, input }) => {
    await refuseMissingImage(ctx.deps.images, input.img);
    const edit = await editPart(ctx.deps.db, ctx.user, input);
    if (edit.outcome === 'missing') throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
    if (edit.outcome === 'conflict') {
      throw new TRPCError({
        code: 'CONFLICT',
        message: edit.reason === 'version' ? messages.partEditConflict : messages.stockWouldGoNegative,
        cause: new ConflictWithCurrent(edit.current),
      });
    }
    return edit.part;
  }),

  /** Hides a part from the shop (visitors see it as missing, nobody can book it) or shows it again. */
  setHidden: adminWriteProcedure.input(setToolHiddenSchema).mutation(async ({ ctx, input }) => {
    const part = await setPartHidden(ctx.deps.db, ctx.user, input.id, input.hidden);
    if (!part) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
    return part;
  }),

  /**
   * Keeps an image an admin uploads for a part. Its bytes come only from the HTTP route
   * (http/image-routes.ts): a JSON call cannot carry them and is refused as bad input.
   */
  uploadImage: adminWriteProcedure
    .input(z.object({ bytes: z.instanceof(Buffer, { error: messages.imageTypeInvalid }) }))
    .mutation(async ({ ctx, input }) => {
      const saved = await ctx.deps.images.save(input.bytes);
      if ('refused' in saved) {
        const message = saved.refused === 'size' ? messages.imageTooLarge : messages.imageTypeInvalid;
        throw new TRPCError({ code: 'BAD_REQUEST', message });
      }
      await recordAudit(ctx.deps.db, ctx.user, 'image.upload', saved.path);
      return { img: saved.path };
    }),

  remove: adminWriteProcedure.input(z.object({ id: idSchema })).mutation(async ({ ctx, input }) => {
    return ctx.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(tools)
        .set({ removedAt: new Date() })
        .where(and(eq(tools.id, input.id), notRetired))
        .returning({ id: tools.id, name: tools.name });
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
      await recordAudit(tx, ctx.user, 'part.delete', `${row.name} (${row.id})`);
      return { deletedCount: 1 };
    });
  }),
});

/** A part's image is a web address or an image the shop has: a path to nothing is refused. */
async function refuseMissingImage(images: ShopImages, img: string): Promise<void> {
  if (img.startsWith('/') && !(await images.exists(img))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: messages.productImageMissing });
  }
}
