// The HTTP side of the emulator: CORS for the storefront's pages on the one call they make (confirm),
// API keys, form-encoded parameters within their caps, Idempotency-Key replays, and Stripe's JSON
// responses and error bodies.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { authenticate, secretKeyRequired, type ApiKeys } from './auth';
import { ApiError, invalidRequest, unrecognizedUrl } from './errors';
import { fingerprint, isReplayable, replayFor } from './idempotency';
import { newId } from './ids';
import { parseForm } from './params';
import type { Route, RouteResponse } from './routes';
import type { EmulatorStore } from './store';
import { API_VERSION } from './webhooks';

/** Far above any call this API takes (PARAM_LIMITS), far below what would cost memory. */
const MAX_BODY_BYTES = 64 * 1024;

const CORS_HEADERS = {
  'access-control-allow-methods': 'POST',
  'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Version',
  'access-control-expose-headers': 'Request-Id, Idempotent-Replayed, Stripe-Version',
  'access-control-max-age': '300',
  vary: 'Origin',
};

export interface ApiServerOptions extends ApiKeys {
  routes: Route[];
  store: EmulatorStore;
  /** The storefront's origins: the only pages that may call it, and only on browser routes. */
  allowedOrigins: ReadonlySet<string>;
  log: (line: string) => void;
}

interface Reply extends RouteResponse {
  replayed?: boolean;
}

function errorReply(error: ApiError): Reply {
  return { status: error.status, body: { error: error.body } };
}

/** The body as text; `undefined` when it is larger than any request this API takes. */
async function readBody(request: IncomingMessage): Promise<string | undefined> {
  if (Number(header(request, 'content-length') ?? 0) > MAX_BODY_BYTES) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

interface FoundRoute {
  route: Route;
  /** The path's captured segments, decoded. */
  ids: string[];
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function createApiServer(options: ApiServerOptions): Server {
  const { routes, store, log, allowedOrigins } = options;

  function run(route: Route, ids: string[], request: IncomingMessage, encoded: string, requestId: string): Reply {
    const { method } = route;
    const { caller, params } = authenticate(options, header(request, 'authorization'), parseForm(encoded));
    if (caller === 'publishable' && !route.allowsPublishableKey) throw secretKeyRequired();
    const idempotencyKey = method === 'POST' ? (header(request, 'idempotency-key') ?? null) : null;
    const execute = (): Reply => {
      try {
        return route.handle({ caller, ids, params, requestId, idempotencyKey, now: new Date() });
      } catch (error) {
        if (error instanceof ApiError) return errorReply(error);
        throw error;
      }
    };
    if (idempotencyKey === null) return execute();

    const identity = {
      endpoint: `${method} ${new URL(request.url ?? '/', 'http://emulator').pathname}`,
      fingerprint: fingerprint(encoded),
    };
    const saved = replayFor(store.idempotentResponse(idempotencyKey), identity, Date.now());
    if (saved) return { status: saved.status, body: saved.body, replayed: true };
    const reply = execute();
    if (isReplayable(reply.status)) {
      store.saveIdempotentResponse({
        key: idempotencyKey,
        ...identity,
        status: reply.status,
        body: reply.body,
        createdAt: Date.now(),
      });
    }
    return reply;
  }

  /** The route for a request, or none; a path that does not decode matches none. */
  function findRoute(method: string, pathname: string): FoundRoute | undefined {
    for (const route of routes) {
      const match = route.method === method ? route.path.exec(pathname) : null;
      if (!match) continue;
      try {
        return { route, ids: match.slice(1).map((segment) => decodeURIComponent(segment)) };
      } catch {
        return undefined;
      }
    }
    return undefined;
  }

  /**
   * A page may call only a route the browser needs, and only from the storefront's origin. Anything
   * else that carries an Origin is some other site's page using the visitor's browser to reach a
   * loopback service, and is refused before its body is read.
   */
  function originAllowed(origin: string | undefined, route: Route | undefined): boolean {
    return origin === undefined || (allowedOrigins.has(origin) && route?.calledFromBrowser === true);
  }

  async function respond(request: IncomingMessage, requestId: string, url: URL, found: FoundRoute | undefined): Promise<Reply> {
    const method = request.method ?? 'GET';
    try {
      if (!originAllowed(header(request, 'origin'), found?.route)) {
        throw invalidRequest('This call cannot be made from a web page on this origin.', { status: 403 });
      }
      const body = await readBody(request);
      if (body === undefined) throw invalidRequest('The request body is too large.', { status: 413 });
      if (!found) throw unrecognizedUrl(method, url.pathname);
      const reply = run(found.route, found.ids, request, method === 'GET' ? url.search.slice(1) : body, requestId);
      // Answer only once what was done is on disk, so a crash never forgets an answered request.
      await store.saved();
      return reply;
    } catch (error) {
      if (error instanceof ApiError) return errorReply(error);
      throw error;
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestId = newId('req');
    const origin = header(request, 'origin');
    const url = new URL(request.url ?? '/', 'http://emulator');
    const preflight = request.method === 'OPTIONS';
    const method = (preflight ? header(request, 'access-control-request-method') : request.method) ?? 'GET';
    const found = findRoute(method, url.pathname);
    const headers: Record<string, string> = {
      'cache-control': 'no-cache, no-store',
      'request-id': requestId,
      'stripe-version': header(request, 'stripe-version') ?? API_VERSION,
    };
    if (origin !== undefined && originAllowed(origin, found?.route)) {
      Object.assign(headers, CORS_HEADERS, { 'access-control-allow-origin': origin });
    }
    if (preflight) {
      response.writeHead('access-control-allow-origin' in headers ? 204 : 403, headers).end();
      return;
    }
    let reply: Reply;
    try {
      reply = await respond(request, requestId, url, found);
    } catch (error) {
      log(
        `payments emulator: ${request.method} ${request.url} failed (${requestId}): ${error instanceof Error ? error.stack : String(error)}`,
      );
      reply = { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred.' } } };
    }
    // A body refused unread is not drained: the connection ends with the answer.
    if (reply.status === 413 || reply.status === 403) headers.connection = 'close';
    const idempotencyKey = header(request, 'idempotency-key');
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    if (reply.replayed) headers['idempotent-replayed'] = 'true';
    headers['content-type'] = 'application/json';
    response.writeHead(reply.status, headers).end(JSON.stringify(reply.body, null, 2));
  }

  return createServer((request, response) => {
    void handle(request, response);
  });
}
