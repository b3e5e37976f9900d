// Answers a GET for a page the server renders on request (home, each part's and each category's
// page, and the not-found page of an address with no page or naming no part or category), through
// the browser app's server-side render (src/client/page-render.tsx, built into
// dist/server-render). A page the render does not draw, or cannot draw now, is left to the
// caller: prerendered HTML or index.html.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageRenderer } from '../../shared/page-render';
import type { AppDeps } from '../context';
import { logServerFault } from './error-response';
import type { PageComposer } from './page-template';
import { sharedReads } from './shared-reads';

export interface PageRendering {
  renderer: PageRenderer;
  compose: PageComposer;
  deps: AppDeps;
}

/**
 * Whether the page went out. A not-found page goes only to a client that asks for HTML (others get
 * the JSON 404 every other route gives). When the render fails (the database is away), the
 * browser gets the app's shell instead and shows the failure itself, with a way to retry.
 */
export async function sendRenderedPage(request: FastifyRequest, reply: FastifyReply, rendering: PageRendering): Promise<boolean> {
  const { renderer, compose, deps } = rendering;
  let page;
  try {
    page = await renderer.renderPage({ url: request.url, shopUrl: deps.shopUrl, read: sharedReads(deps, request.log) });
  } catch (error) {
    logServerFault(request, error instanceof Error ? error : new Error(String(error)));
    return false;
  }
  if (!page) return false;
  if (page.status === 404 && !(request.headers.accept ?? '').includes('text/html')) return false;
  // Stock shows on these pages: browsers ask again each time, as for every page (app.ts).
  await reply.status(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(compose(page));
  return true;
}
