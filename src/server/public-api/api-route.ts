// One public API route, declared once: its path, what it takes and answers, the scope it needs and
// what it calls. The Fastify routes (register-public-api.ts) and the OpenAPI document
// (openapi-document.ts) are both built from these declarations, so the document cannot describe a
// route other than the one served.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiScope } from '../../shared/api-scopes';
import type { AppDeps } from '../context';
import type { createCaller } from '../routers';

type ApiCaller = ReturnType<typeof createCaller>;

/** A route kept for older integrations until its sunset (RFC 8594); the document marks it deprecated. */
export interface Deprecation {
  /** When it was deprecated (the Deprecation header, RFC 9745), ISO date. */
  since: string;
  /** When it stops answering (the Sunset header), ISO date. */
  sunset: string;
  /** What to use instead, for the document. */
  replacement: string;
}

export interface ApiRoute<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  /** OpenAPI's form, `{id}` for a parameter. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: 'Catalogue' | 'Orders';
  /** The scope an API key needs; a signed-in customer's session may call it too. */
  scope: ApiScope;
  /** Whether a key or session is required (the catalogue needs neither). */
  requiresCaller: boolean;
  params?: Params;
  query?: Query;
  body?: Body;
  /** Status of a success; default 200. */
  status?: 200 | 201;
  output: z.ZodType;
  /** Refusals it may answer besides 400 and 429, by status, with when. */
  refusals: Partial<Record<401 | 403 | 404 | 409 | 412, string>>;
  deprecation?: Deprecation;
  handle: (call: {
    caller: ApiCaller;
    params: z.output<Params>;
    query: z.output<Query>;
    body: z.output<Body>;
    deps: AppDeps;
    request: FastifyRequest;
  }) => Promise<unknown>;
}

/** Declares a route with its inputs' types inferred from its schemas. */
export function apiRoute<
  Params extends z.ZodType = z.ZodUndefined,
  Query extends z.ZodType = z.ZodUndefined,
  Body extends z.ZodType = z.ZodUndefined,
>(route: ApiRoute<Params, Query, Body>): ApiRoute {
  return route;
}

/** The API says `id` where the shop's SPEC views say `_id`; the output schema drops `_id`. */
export function withId<View extends { _id: string }>(view: View): View & { id: string } {
  return { ...view, id: view._id };
}
