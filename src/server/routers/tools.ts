// Parts (tools): the public catalogue and its search, and adding and retiring parts for admins.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gt } from 'drizzle-orm';
import { idSchema, pageInputSchema, type Page } from '../../shared/common';
import { messages } from '../../shared/messages';
import { dollarsToCents } from '../../shared/money';
import { createToolSchema, searchToolsSchema } from '../../shared/tools';
import { z } from 'zod';
import { tools } from '../db/schema';
import { recordAudit } from '../services/audit';
import { searchCatalogue } from '../services/catalogue-search';
import { listed, toolColumns, toToolView, type ToolView } from '../services/tool-views';
import { adminWriteProcedure, router, sharedRead } from '../trpc';

/** Other processes' bookings are not notified (migrations/0002), so stock shown may be this old. */
const STOCK_FRESHNESS_MS = 1_000;
/** The catalogue shows stock: another process's booking shows within STOCK_FRESHNESS_MS. */
const catalogueFreshness = { tables: ['tools'], maxAgeMs: STOCK_FRESHNESS_MS };

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
    const [row] = await ctx.deps.db
      .select(toolColumns)
      .from(tools)
      .where(and(eq(tools.id, input.id), listed));
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
    return toToolView(row);
  }),

  create: adminWriteProcedure.input(createToolSchema).mutation(async ({ ctx, input }) => {
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

  remove: adminWriteProcedure.input(z.object({ id: idSchema })).mutation(async ({ ctx, input }) => {
    return ctx.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(tools)
        .set({ removedAt: new Date() })
        .where(and(eq(tools.id, input.id), listed))
        .returning({ id: tools.id, name: tools.name });
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
      await recordAudit(tx, ctx.user, 'part.delete', `${row.name} (${row.id})`);
      return { deletedCount: 1 };
    });
  }),
});
