// HTTP caching for the public reads (the catalogue and the reviews): every visitor gets the same
// answer, so browsers and CDNs may keep it. An ETag lets them revalidate for a 304 without the
// body. Browsers must revalidate every time (no-cache: Chrome also applies stale-while-revalidate to
// its own cache, which showed stock from before a booking), so a customer sees the stock their
// booking left at once; a CDN (CDN-Cache-Control, RFC 9213) may answer for a few seconds and
// refresh in the background, which bounds how stale its copy of the stock can be.
import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const PUBLIC_CACHE_CONTROL = 'public, no-cache';
export const CDN_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';

/** Procedures whose answer depends on nothing but their input. */
const PUBLIC_PROCEDURES = new Set(['tools.list', 'tools.byId', 'reviews.list']);
/** REST paths that call only those procedures. */
const PUBLIC_ROUTES = new Set(['/tools', '/review']);
const TRPC_ROUTE = '/trpc/:path';

export function registerPublicCaching(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string' || !isPublicRead(request)) {
      return done(null, payload);
    }
    const etag = etagOf(payload);
    void reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('cdn-cache-control', CDN_CACHE_CONTROL).header('etag', etag);
    if (!matches(request.headers['if-none-match'], etag)) return done(null, payload);
    void reply.code(304).removeHeader('content-length');
    done(null, '');
  });
}

/** Recent answers' ETags: the same catalogue page is sent again and again until it changes. */
const recentEtags = new Map<string, string>();
const RECENT_ETAGS = 64;

function etagOf(payload: string): string {
  let etag = recentEtags.get(payload);
  if (etag === undefined) {
    etag = `"${hash('sha1', payload, 'base64url')}"`;
    if (recentEtags.size >= RECENT_ETAGS) recentEtags.delete(recentEtags.keys().next().value!);
    recentEtags.set(payload, etag);
  }
  return etag;
}

/** Whether every one of these procedures answers the same to everyone (for the same input). */
export function arePublicProcedures(paths: readonly string[]): boolean {
  return paths.every((path) => PUBLIC_PROCEDURES.has(path));
}

function isPublicRead(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === TRPC_ROUTE) {
    return arePublicProcedures((request.params as { path: string }).path.split(','));
  }
  return route !== undefined && PUBLIC_ROUTES.has(route);
}

/** If-None-Match holds our ETag (weak comparison, as RFC 9110 asks for this header). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
