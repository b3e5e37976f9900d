// HTTP caching of the shared reads (procedures declared `shared` in trpc.ts: the catalogue, the
// reviews): every visitor gets the same answer, so browsers and CDNs may keep it, and an ETag
// lets them revalidate for a 304 without the body. Browsers must revalidate every time (no-cache:
// Chrome also applies stale-while-revalidate to its own cache, which showed stock from before a
// booking), so a customer sees the stock their booking left at once; a CDN (CDN-Cache-Control,
// RFC 9213) may answer for a few seconds and refresh in the background, which bounds how stale
// its copy of the stock can be.
import { hash } from 'node:crypto';
import type { AnyTRPCProcedure } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Meta } from '../trpc';

const PUBLIC_CACHE_CONTROL = 'public, no-cache';
export const CDN_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';

/** The headers of an answer made only of shared reads. */
export const SHARED_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': PUBLIC_CACHE_CONTROL,
  'cdn-cache-control': CDN_CACHE_CONTROL,
};

/** Whether the procedure answers every caller alike (declared with `sharedRead` in trpc.ts). */
export function isSharedRead(procedure: AnyTRPCProcedure | null | undefined): boolean {
  return (procedure?._def.meta as Meta | undefined)?.shared !== undefined;
}

/**
 * The ETags of recent answers: the same catalogue page is sent again and again (the same string,
 * whose JSON the read cache made once) until it changes. Bounded by the bytes of the answers.
 */
const recentEtags = new LRUCache<string, string>({
  max: 256,
  maxSize: 1024 * 1024,
  sizeCalculation: (_etag, payload) => payload.length,
});

/** Answers marked shared get an ETag, and a 304 when the browser already holds them. */
export function registerEtags(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const shared = reply.getHeader('cache-control') === PUBLIC_CACHE_CONTROL;
    if (!shared || request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') {
      return done(null, payload);
    }
    const etag = etagOf(payload);
    void reply.header('etag', etag);
    if (!matches(request.headers['if-none-match'], etag)) return done(null, payload);
    void reply.code(304).removeHeader('content-length');
    done(null, '');
  });
}

function etagOf(payload: string): string {
  let etag = recentEtags.get(payload);
  if (etag === undefined) {
    etag = `"${hash('sha1', payload, 'base64url')}"`;
    recentEtags.set(payload, etag);
  }
  return etag;
}

/** If-None-Match holds our ETag (weak comparison, as RFC 9110 asks for this header). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
