// The seam between the server and the browser app's server-side render (src/client/page-render.tsx,
// built into dist/server-render): the server hands it a request and a way to call the shop's shared
// reads; it answers with the page's HTML, its status and the data the browser starts from.

/** A shared read's answer as the browser would get it over HTTP: its JSON data, or the refusal. */
type SharedReadAnswer = { ok: true; data: unknown } | { ok: false; httpStatus: number; message: string };

/** Calls the shared read (a procedure declared `sharedRead`) at `path`, such as 'tools.byId'. */
export type SharedRead = (path: string, input: unknown) => Promise<SharedReadAnswer>;

export interface PageRenderRequest {
  /** The path and query string asked for. */
  url: string;
  /** The shop's public origin (SHOP_URL), for canonical addresses. */
  shopUrl: string;
  read: SharedRead;
}

export interface RenderedPage {
  status: 200 | 404;
  /** React's HTML for #root, led by the tags that belong in <head> (title, meta, link). */
  html: string;
  /**
   * What the browser's app starts from (PageData, as JSON safe inside a <script> element), so it
   * hydrates the same page without asking again.
   */
  data: string;
}

/** The page data block the browser reads before hydrating (src/client/boot.tsx). */
export interface PageData {
  shopUrl: string;
  /** TanStack Query's dehydrated cache. */
  queries: unknown;
}

/** The id of the <script type="application/json"> element that carries PageData. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

export interface PageRenderer {
  /** The page for `request.url`, or null when the server-side render does not draw that path. */
  renderPage: (request: PageRenderRequest) => Promise<RenderedPage | null>;
}

/**
 * JSON that can sit inside a <script> element: `<` (so no `</script>` or `<!--` can end it early),
 * `>` and `&` written as escapes, and the two line separators JavaScript once refused in strings.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
