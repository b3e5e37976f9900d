// The HTTP side of the metrics: every answered request recorded by method, route pattern and
// status, and GET /metrics for Prometheus, served only when a token is configured and only to
// that bearer (docs/decisions/0015).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { bearerToken } from '../context';
import type { Metrics } from '../metrics/metrics';
import { errorBody } from './error-response';

/** The route pattern, never the URL: an email in a path or junk in a query adds no series. */
export function recordAnsweredRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestAnswered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  const expected = digest(token);
  app.get('/metrics', async (request, reply) => {
    const given = bearerToken(request.headers.authorization);
    // Compared as digests of equal length, in constant time, so the answer's timing gives nothing away.
    if (given === null || !timingSafeEqual(digest(given), expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send(errorBody('UNAUTHORIZED', messages.metricsTokenRequired));
    }
    const text = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
