// The admin overview: the shop's figures at a glance, and the audited start of an orders export
// (the CSV itself streams from GET /admin/orders.csv, http/order-export-route.ts).
import { orderExportRangeSchema } from '../../shared/overview';
import { shopOverview } from '../domains/reports/overview';
import { startOrderExport } from '../domains/reports/orders-export';
import { adminProcedure, adminWriteProcedure, router } from '../trpc';

export const overviewRouter = router({
  summary: adminProcedure.query(({ ctx }) => shopOverview(ctx.deps.db, { timeZone: ctx.deps.shopTimeZone, now: new Date() })),

  /** Checks the range and records who exports it. Within the admins' budget: one export reads up to a year of orders. */
  startOrderExport: adminWriteProcedure
    .input(orderExportRangeSchema)
    .mutation(({ ctx, input }) => startOrderExport(ctx.deps.db, ctx.user, input)),
});
