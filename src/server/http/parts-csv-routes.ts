// The parts as CSV over HTTP, for admins (the session bearer token, like every REST path):
// GET /admin/parts.csv downloads every part; POST /admin/parts.csv?mode=check|import takes a file
// as a text/csv body, larger than a tRPC call may carry. The rules (admins only, audit, budget,
// the checks) are the procedures' (tools.startCsvExport, tools.importCsv); this file maps the
// body and the answers.
import type { FastifyError, FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { PARTS_CSV_MAX_BYTES } from '../../shared/parts-csv';
import { createContextInner, type AppDeps } from '../context';
import { partsCsv } from '../domains/catalogue/parts-csv-export';
import { createCaller } from '../routers';
import { errorBody, sendError } from './error-response';
import { httpClient } from './security';

type Query = Record<string, string | undefined>;

export async function registerPartsCsvRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: PARTS_CSV_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  // Refusals of the body itself say what an admin should change, in the shop's error shape.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(errorBody('PAYLOAD_TOO_LARGE', messages.partsCsvTooLarge));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(415).send(errorBody('UNSUPPORTED_MEDIA_TYPE', messages.partsCsvMissing));
    }
    return sendError(error, request, reply);
  });

  const callerFor = async (request: Parameters<typeof httpClient>[0]) =>
    createCaller(await createContextInner({ ...deps, log: request.log }, request.headers.authorization, httpClient(request)));

  app.get('/admin/parts.csv', async (request, reply) => {
    const { fileName } = await (await callerFor(request)).tools.startCsvExport();
    const csv = partsCsv(deps.db, (error) => request.log.error({ err: error }, 'parts export failed'));
    return reply
      .headers({
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'no-store',
      })
      .send(csv);
  });

  app.post<{ Querystring: Query }>('/admin/parts.csv', { bodyLimit: PARTS_CSV_MAX_BYTES }, async (request, reply) => {
    const caller = await callerFor(request);
    const csv = typeof request.body === 'string' ? request.body : undefined;
    return reply.send(await caller.tools.importCsv({ csv: csv as string, mode: request.query.mode as 'check' }));
  });
}
