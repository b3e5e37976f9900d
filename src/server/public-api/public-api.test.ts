// The public API's own machinery: the committed OpenAPI document is the one served, calls without a
// key are refused over the apiPublic budget with Retry-After, a deprecated route says so in its
// headers and in the document, and the reference page is served with its own narrow policy.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, test } from '../testing/fixtures';
import { apiErrorSchema } from '../../shared/public-api/errors';
import { createRateLimits } from '../auth/rate-limits';
import { defaultSecurityOptions } from '../http/security';
import { sendError } from '../http/error-response';
import { projectPath } from '../project-root';
import type { TestShop } from '../testing/test-shop';
import { apiRoute } from './api-route';
import { buildOpenApiDocument } from './openapi-document';
import { registerPublicApi } from './register-public-api';
import { publicApiRoutes } from './routes';

describe('the OpenAPI document', () => {
  test('served at /api/v1/openapi.json is the committed api/openapi-v1.json (run npm run api:document)', async ({ shop }) => {
    const served = await shop.app.inject('/api/v1/openapi.json');
    expect(served.statusCode).toBe(200);
    const committed: unknown = JSON.parse(readFileSync(projectPath('api', 'openapi-v1.json'), 'utf8'));
    expect(served.json()).toEqual(committed);
  });

  test('names every operation and refers to the named schemas', () => {
    const document = buildOpenApiDocument(publicApiRoutes);
    const operationIds = Object.values(document.paths ?? {}).flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string }>).map((operation) => operation.operationId),
    );
    expect(operationIds).toEqual(
      expect.arrayContaining([
        'listParts',
        'getPart',
        'searchParts',
        'listCategories',
        'listPartReviews',
        'listOrders',
        'getOrder',
        'placeOrder',
        'cancelOrder',
      ]),
    );
    expect(new Set(operationIds).size).toBe(operationIds.length);
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(['Part', 'PartSummary', 'Order', 'OrderLine', 'PlacedOrder', 'Error']),
    );
  });
});

/** A route only this file registers, deprecated, on an app of its own with a small apiPublic budget. */
const oldRoute = apiRoute({
  method: 'GET',
  path: '/api/v1/test-only/old',
  operationId: 'readOldThing',
  summary: 'A route kept until its sunset',
  tag: 'Catalogue',
  scope: 'catalogue:read',
  requiresCaller: false,
  output: z.object({ answer: z.number() }),
  refusals: {},
  deprecation: { since: '2026-11-01', sunset: '2027-06-30', replacement: 'GET /api/v1/parts' },
  handle: async () => ({ answer: 42, internal: 'never shown' }),
});

async function smallBudgetApp(shop: TestShop) {
  const app = Fastify();
  app.setErrorHandler(sendError);
  app.decorate('rateLimits', createRateLimits({ ...defaultSecurityOptions.rateLimits, apiPublic: { max: 2, windowSeconds: 60 } }));
  registerPublicApi(app, shop.deps, [oldRoute]);
  await app.ready();
  return app;
}

describe('deprecation and the apiPublic budget', () => {
  test('a deprecated route answers with Deprecation, Sunset and a Link, and only its promised fields', async ({ shop }) => {
    const app = await smallBudgetApp(shop);
    const answer = await app.inject('/api/v1/test-only/old');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ answer: 42 });
    expect(answer.headers.deprecation).toBe(`@${Date.parse('2026-11-01') / 1000}`);
    expect(answer.headers.sunset).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
    expect(answer.headers.link).toMatch(/^<[^>]+>; rel="deprecation"/);
    const operation = (buildOpenApiDocument([oldRoute]).paths?.['/api/v1/test-only/old'] as { get: { deprecated?: boolean } }).get;
    expect(operation.deprecated).toBe(true);
    await app.close();
  });

  test('refuses calls without a key over the budget with 429 and Retry-After; a bearer is not counted here', async ({ shop }) => {
    const app = await smallBudgetApp(shop);
    for (let call = 0; call < 2; call += 1) expect((await app.inject('/api/v1/test-only/old')).statusCode).toBe(200);
    const refused = await app.inject('/api/v1/test-only/old');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(apiErrorSchema.parse(refused.json()).error.code).toBe('TOO_MANY_REQUESTS');
    expect((await app.inject('/api/v1/openapi.json')).statusCode).toBe(429);
    // A key (or session) spends its own budgets in the procedures, not the address's.
    expect((await app.inject({ url: '/api/v1/test-only/old', headers: { authorization: 'Bearer anything' } })).statusCode).toBe(200);
    await app.close();
  });
});

describe('the reference page', () => {
  test('is served from the installed package under a policy no looser than the shop’s', async ({ shop }) => {
    const page = await shop.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/api/docs/swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/https?:\/\//);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('unsafe-eval');
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'start.js']) {
      expect((await shop.app.inject(`/api/docs/${asset}`)).statusCode, asset).toBe(200);
    }
  });
});
