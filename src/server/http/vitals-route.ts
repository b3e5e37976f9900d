// POST /vitals: the browser's web-vitals report (SPEC.md §7), logged as one structured line, within
// a budget per client IP like the procedures' (a report writes to the log, which is not free), and
// within a body limit of its own, far below the app's.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tooManyRequests } from '../trpc';

export const vitalSchema = z.object({
  name: z.enum(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']),
  value: z.number().finite().min(0).max(600_000),
  rating: z.enum(['good', 'needs-improvement', 'poor']).optional(),
  id: z.string().max(100).optional(),
  path: z.string().max(500).optional(),
});

/** A report is about 200 bytes; anything near this is not one. */
export const VITALS_BODY_LIMIT_BYTES = 4 * 1024;

export function registerVitalsRoute(app: FastifyInstance): void {
  app.post('/vitals', { bodyLimit: VITALS_BODY_LIMIT_BYTES }, async (request, reply) => {
    const verdict = await app.rateLimits.take('vitals', `ip:${request.ip}`);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
    const vital = vitalSchema.parse(reportOf(request.body));
    request.log.info({ vital }, 'web vital');
    return reply.status(204).send();
  });
}

/**
 * The report as sent: JSON from fetch, or the same JSON as text/plain, which is what
 * navigator.sendBeacon sends for a string. Text that is not JSON is no report (400 by the schema).
 */
function reportOf(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}
