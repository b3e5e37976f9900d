// The OpenAPI 3.1 document of the public API, built by zod-openapi from the same zod schemas the
// routes parse their answers with (api-route.ts), plus the SPEC's REST paths. It is served at
// GET /api/v1/openapi.json and committed at api/openapi-v1.json (npm run api:document); a test
// fails when the two differ.
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { apiScopeLabels } from '../../shared/api-scopes';
import { apiErrorSchema } from '../../shared/public-api/errors';
import { defaultSecurityOptions } from '../http/security';
import type { ApiRoute } from './api-route';
import { API_CHANGELOG_URL } from './deprecation';
import { SPEC_REST_TAG, specRestPaths } from './spec-rest-paths';

const API_VERSION = '1.0.0';

const { apiPublic, apiKey } = defaultSecurityOptions.rateLimits;

const description = `Sprocket's public API: the catalogue, and a customer's own orders.

**Money** is a decimal amount in the shop's currency, to the cent (\`49.9\` is 49.90), as the shop's pages show it.

**Authentication**: send \`Authorization: Bearer <API key>\` (a key carries scopes: ${Object.entries(apiScopeLabels)
  .map(([scope, label]) => `\`${scope}\` ${label.toLowerCase()}`)
  .join(', ')}), or a signed-in customer's session token. The catalogue needs neither.

**Rate limits**: calls without a key spend ${apiPublic.max} calls per ${apiPublic.windowSeconds} s per address; calls with a key ${apiKey.max} per ${apiKey.windowSeconds} s per key. Over the budget the answer is 429 with \`Retry-After\` (seconds).

**Errors** all have one shape, \`{ "error": { "code", "message" } }\`: the code is stable, the message is a sentence for a person.

**Deprecation**: a deprecated operation answers with \`Deprecation\` (RFC 9745), \`Sunset\` (RFC 8594) and a \`Link\` to the [changelog](${API_CHANGELOG_URL}).`;

/** The code each refusal's status carries (http/error-response.ts), for the reference's examples. */
const CODE_OF_STATUS: Record<string, string> = {
  '400': 'BAD_REQUEST',
  '401': 'UNAUTHORIZED',
  '403': 'FORBIDDEN',
  '404': 'NOT_FOUND',
  '409': 'CONFLICT',
  '412': 'PRECONDITION_FAILED',
  '429': 'TOO_MANY_REQUESTS',
};

/** A refusal: the one error shape, with an example of this status's code and when it is answered. */
function errorResponse(status: string, description: string) {
  const example = { error: { code: CODE_OF_STATUS[status] ?? 'BAD_REQUEST', message: description } };
  return { description, content: { 'application/json': { schema: apiErrorSchema, example } } };
}

const retryAfter = z.object({
  'retry-after': z.string().meta({ description: 'Seconds to wait before calling again.', example: '30' }),
});

function operationOf(route: ApiRoute): ZodOpenApiOperationObject {
  const refusals = Object.entries(route.refusals).map(([status, when]) => [status, errorResponse(status, when)] as const);
  const who = route.requiresCaller
    ? `Needs an API key with \`${route.scope}\`, or a customer's session.`
    : `Open to anyone; an API key needs \`${route.scope}\`.`;
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: [route.description, who, route.deprecation && `Deprecated: use ${route.deprecation.replacement}.`]
      .filter(Boolean)
      .join('\n\n'),
    tags: [route.tag],
    ...(route.deprecation ? { deprecated: true } : {}),
    security: route.requiresCaller ? [{ bearer: [route.scope] }] : [{}, { bearer: [route.scope] }],
    'x-api-scope': route.scope,
    requestParams: {
      ...(route.params ? { path: route.params as z.ZodObject } : {}),
      ...(route.query ? { query: route.query as z.ZodObject } : {}),
    },
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
    responses: {
      [String(route.status ?? 200)]: { description: 'Success.', content: { 'application/json': { schema: route.output } } },
      '400': errorResponse('400', 'The input is not valid; the message says which field and why.'),
      ...Object.fromEntries(refusals),
      '429': { ...errorResponse('429', 'Over the rate limit.'), headers: retryAfter },
    },
  };
}

export function buildOpenApiDocument(routes: readonly ApiRoute[]): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route) };
  }
  paths['/api/v1/openapi.json'] = {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This document',
      tags: ['Meta'],
      security: [{}],
      responses: {
        '200': { description: 'The OpenAPI 3.1 document.', content: { 'application/json': { schema: { type: 'object' } } } },
        // Read without a key, it spends the public budget like the catalogue.
        '429': { ...errorResponse('429', 'Over the rate limit.'), headers: retryAfter },
      },
    },
  };
  return createDocument({
    openapi: '3.1.0',
    info: { title: 'Sprocket API', version: API_VERSION, description },
    servers: [{ url: '/', description: 'The shop serving this document' }],
    tags: [
      { name: 'Catalogue', description: 'Parts, variants, reviews and categories.' },
      { name: 'Orders', description: 'The caller’s own orders: placing, reading and cancelling them.' },
      { name: 'Meta', description: 'About the API itself.' },
      { name: SPEC_REST_TAG, description: 'The shop’s first REST paths (SPEC.md §7), kept as they are; not versioned.' },
    ],
    paths: { ...paths, ...specRestPaths() },
    components: {
      schemas: { Error: apiErrorSchema },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key, or a customer’s session token from PUT /user/{email}.',
        },
      },
    },
  });
}
