// POST /vitals: the browser's web-vitals report (SPEC.md §7), logged as one structured line, within
// a budget per client IP like the procedures' (a report writes to the log, which is not free).
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

export function registerVitalsRoute(app: FastifyInstance): void {
  app.post('/vitals', async (request, reply) => {
    const verdict = await app.rateLimits.take('vitals', `ip:${request.ip}`);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
    const vital = vitalSchema.parse(request.body);
    request.log.info({ vital }, 'web vital');
    return reply.status(204).send();
  });
}
