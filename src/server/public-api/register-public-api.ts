// Serves the public API v1 (api-route.ts declarations) and its OpenAPI document. Routes are thin:
// they read the path, query and body with the API's schemas, call the tRPC procedure through a
// caller (so every rule lives in one place), and parse the answer through the route's output
// schema, which keeps internal fields out and turns a broken promise into a 500 a test sees.
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createContextInner, type AppDeps } from '../context';
import { httpClient } from '../http/security';
import { createCaller } from '../routers';
import { tooManyRequests } from '../trpc';
import type { ApiRoute } from './api-route';
import { markDeprecated } from './deprecation';
import { buildOpenApiDocument } from './openapi-document';
import { registerReferencePage } from './reference-page';
import { publicApiRoutes } from './routes';

/**
 * A call without a key or session spends the apiPublic budget of its address; one with a key is
 * counted per key by the procedures (apiKey), one with a session by the procedures' own budgets.
 */
async function spendPublicBudget(request: FastifyRequest): Promise<void> {
  if (request.headers.authorization !== undefined) return;
  const verdict = await request.server.rateLimits.take('apiPublic', `ip:${request.ip}`);
  if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
}

/** `{id}` as Fastify writes it, `:id`. */
function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

const noInput = z.undefined();

export function registerPublicApi(app: FastifyInstance, deps: AppDeps, routes: readonly ApiRoute[] = publicApiRoutes): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: fastifyPath(route.path),
      handler: async (request, reply) => {
        await spendPublicBudget(request);
        const params = (route.params ?? noInput).parse(route.params ? request.params : undefined);
        const query = (route.query ?? noInput).parse(route.query ? request.query : undefined);
        const body = (route.body ?? noInput).parse(route.body ? (request.body ?? {}) : undefined);
        const context = await createContextInner({ ...deps, log: request.log }, request.headers.authorization, httpClient(request));
        const answer = await route.handle({ caller: createCaller(context), params, query, body, deps, request });
        const promised = route.output.safeParse(answer);
        if (!promised.success) {
          throw new TRPCError({
            code: 'INTERNAL_SERVER_ERROR',
            message: `${route.operationId} broke its output schema`,
            cause: promised.error,
          });
        }
        markDeprecated(reply, route.deprecation);
        return reply.status(route.status ?? 200).send(promised.data);
      },
    });
  }

  // Built once: it depends only on the routes.
  const document = JSON.stringify(buildOpenApiDocument(routes));
  app.get('/api/v1/openapi.json', async (request, reply) => {
    await spendPublicBudget(request);
    return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(document);
  });
  registerReferencePage(app);
}
