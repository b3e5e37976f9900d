// POST /vitals: the browser's web-vitals report (SPEC.md §7), logged as one structured line.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

export const vitalSchema = z.object({
  name: z.enum(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']),
  value: z.number().finite().min(0).max(600_000),
  rating: z.enum(['good', 'needs-improvement', 'poor']).optional(),
  id: z.string().max(100).optional(),
  path: z.string().max(500).optional(),
});

export function registerVitalsRoute(app: FastifyInstance): void {
  app.post('/vitals', async (request, reply) => {
    const vital = vitalSchema.parse(request.body);
    request.log.info({ vital }, 'web vital');
    return reply.status(204).send();
  });
}
