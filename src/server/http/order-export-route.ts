// GET /admin/orders.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the orders placed in a range of days, as a
// CSV download, for admins (the session bearer token, like every REST path). The procedure
// (overview.startOrderExport) checks who asks and the range, and audits it; this file streams the
// rows (domains/reports/orders-export.ts).
import type { FastifyInstance } from 'fastify';
import { createContextInner, type AppDeps } from '../context';
import { createCaller } from '../routers';
import { exportFileName, ordersCsv } from '../domains/reports/orders-export';
import { httpClient } from './security';

type Query = Record<string, string | undefined>;

export function registerOrderExportRoute(app: FastifyInstance, deps: AppDeps): void {
  app.get<{ Querystring: Query }>('/admin/orders.csv', async (request, reply) => {
    const caller = createCaller(
      await createContextInner({ ...deps, log: request.log }, request.headers.authorization, httpClient(request)),
    );
    const range = await caller.overview.startOrderExport({ from: request.query.from as string, to: request.query.to as string });
    const csv = ordersCsv(deps.db, range, deps.shopTimeZone, (error) => request.log.error({ err: error }, 'orders export failed'));
    return reply
      .headers({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${exportFileName(range)}"`,
        'cache-control': 'no-store',
      })
      .send(csv);
  });
}
