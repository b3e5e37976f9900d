// The server-side render of the pages that show data (home, each part's page and each category's
// page), on each request:
// the page's reads are made first, through the server's shared reads, into a query cache; the
// same app the browser runs (AppProviders, AppContent) renders from it with a StaticRouter; the
// cache goes with the HTML, so the browser hydrates the same page without asking again
// (browser-app.tsx).
// An address with no page, or naming no part or category, is rendered as its not-found page, with
// status 404, and hydrated the same way.
// Built into dist/server-render with everything it needs (the production install has no React).
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { createServerSideHelpers } from '@trpc/react-query/server';
import { observable } from '@trpc/server/observable';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { jsonForScript, type PageData, type PageRenderRequest, type RenderedPage, type SharedRead } from '../shared/page-render';
import type { AppRouter } from '../server/routers/index';
import { AppContent, AppProviders } from './app';
import { httpStatusOf } from './lib/http-status';
import { readCategoryView } from './pages/category/category-view-params';
import { trpc } from './lib/trpc';
import { isSearching, readCatalogueSearch } from './pages/home/catalogue-search-params';
import { PAGE_SIZE } from './pages/home/home-page-size';
import { partReviewsInput } from './pages/part/use-part-reviews';
import { preloadMatchedPages, routeMatchesOf } from './routes';

type Helpers = ReturnType<typeof createServerSideHelpers<AppRouter>>;

/** The tRPC link of the render: every call is one of the server's shared reads, made in-process. */
function sharedReadLink(read: SharedRead): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        read(op.path, op.input).then(
          (answer) => {
            if (answer.ok) {
              observer.next({ result: { type: 'data', data: answer.data } });
              observer.complete();
            } else {
              const { message, httpStatus } = answer;
              observer.error(TRPCClientError.from({ error: { message, code: -32000, data: { httpStatus } } }));
            }
          },
          (error: unknown) => observer.error(TRPCClientError.from(error instanceof Error ? error : new Error(String(error)))),
        );
      });
}

/**
 * A part or category address that names none (malformed, unknown, hidden or retired): the page
 * says so.
 */
const NO_SUCH_THING = new Set([400, 404]);

type Prefetched = 'found' | 'not-found';

interface RenderedRoute {
  kind: 'home' | 'part' | 'category' | 'not-found';
  params: Record<string, string | undefined>;
}

/** The read's answer, or 'not-found' when it refused because the page's address names nothing. */
async function orNotFound<T>(read: Promise<T>): Promise<T | 'not-found'> {
  try {
    return await read;
  } catch (error) {
    if (NO_SUCH_THING.has(httpStatusOf(error) ?? 0)) return 'not-found';
    throw error;
  }
}

/**
 * Reads what the page shows first into the helpers' cache, as the page's own hooks ask for it. A
 * read that fails for any reason but a part or category not found fails the render: the server
 * then sends the app's shell, whose own reads show the failure with a retry.
 */
async function prefetch(helpers: Helpers, page: RenderedRoute, search: string): Promise<Prefetched> {
  if (page.kind === 'not-found') return 'not-found';
  if (page.kind === 'home') {
    const catalogueSearch = readCatalogueSearch(new URLSearchParams(search));
    await Promise.all([
      isSearching(catalogueSearch)
        ? helpers.tools.search.fetchInfinite({ ...catalogueSearch, limit: PAGE_SIZE })
        : helpers.tools.list.fetchInfinite({ limit: PAGE_SIZE }),
      helpers.reviews.list.fetchInfinite({ limit: PAGE_SIZE }),
      helpers.categories.tree.fetch({}),
    ]);
    return 'found';
  }
  if (page.kind === 'category') {
    // The filters are read from the address as the page reads them (leniently, then checked by the
    // procedure's schema), so the key is the one the page's hook asks with.
    const view = readCategoryView(new URLSearchParams(search));
    const found = await orNotFound(helpers.categories.page.fetchInfinite({ slug: page.params.slug ?? '', ...view, limit: PAGE_SIZE }));
    return found === 'not-found' ? found : 'found';
  }
  const part = await orNotFound(helpers.tools.byId.fetch({ id: page.params.id ?? '' }));
  if (part === 'not-found') return part;
  await Promise.all([
    helpers.reviews.forPart.fetchInfinite(partReviewsInput(part._id)),
    helpers.categories.trailOfPart.fetch({ id: part._id }),
    helpers.tools.compatibility.fetch({ id: part._id }),
    helpers.tools.related.fetch({ id: part._id }),
  ]);
  return 'found';
}

/** Which of the rendered pages a path is: home, a part, a category, no page at all, or one the browser draws alone. */
function pageOf(matches: ReturnType<typeof routeMatchesOf>): RenderedRoute | null {
  const last = matches.at(-1);
  if (!last) return null;
  const path = last.route.path;
  if (path === '*') return { kind: 'not-found', params: {} };
  if ((last.route.index === true && last.pathname === '/') || path === 'home') return { kind: 'home', params: {} };
  if (path === 'parts/:id') return { kind: 'part', params: last.params };
  if (path === 'categories/:slug') return { kind: 'category', params: last.params };
  return null;
}

export async function renderPage({ url, shopUrl, read }: PageRenderRequest): Promise<RenderedPage | null> {
  const { pathname, search } = new URL(url, 'http://render.invalid');
  const location = `${pathname}${search}`;
  // Matched once: the router's matching ranks every route on each call.
  const matches = routeMatchesOf(pathname);
  const page = pageOf(matches);
  if (!page) return null;
  // A read that failed shows as failed (a part not found shows its page), not as a call to make.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  const trpcClient = trpc.createClient({ links: [sharedReadLink(read)] });
  const helpers = createServerSideHelpers<AppRouter>({ client: trpcClient, queryClient });
  const [found] = await Promise.all([prefetch(helpers, page, search), preloadMatchedPages(matches)]);
  const html = renderToString(
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} shopOrigin={shopUrl}>
      <StaticRouter location={location}>
        <AppContent />
      </StaticRouter>
    </AppProviders>,
  );
  // The part or category read's refusal goes too (the only failure a rendered page can hold), so
  // the browser shows the same not-found page at once.
  const queries = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' });
  const data: PageData = { shopUrl, queries };
  return { status: found === 'found' ? 200 : 404, html, data: jsonForScript(data) };
}
