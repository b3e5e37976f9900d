// The HTTP side of the emulator: CORS (Stripe.js calls it from the storefront's pages), API keys,
// form-encoded parameters, Idempotency-Key replays, and Stripe's JSON responses and error bodies.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { authenticate, secretKeyRequired, type ApiKeys } from './auth';
import { ApiError, invalidRequest, unrecognizedUrl } from './errors';
import { fingerprint, isReplayable, replayFor } from './idempotency';
import { newId } from './ids';
import { parseForm } from './params';
import type { Route, RouteResponse } from './routes';
import type { EmulatorStore } from './store';
import { API_VERSION } from './webhooks';

const MAX_BODY_BYTES = 1_000_000;

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, HEAD, OPTIONS, DELETE',
  'access-control-expose-headers': 'Request-Id, Idempotent-Replayed, Stripe-Version',
  'access-control-max-age': '300',
};

const DEFAULT_ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, Stripe-Version';

export interface ApiServerOptions extends ApiKeys {
  routes: Route[];
  store: EmulatorStore;
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
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  }
  return size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8');
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function createApiServer(options: ApiServerOptions): Server {
  const { routes, store, log } = options;

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

  async function respond(request: IncomingMessage, requestId: string): Promise<Reply> {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://emulator');
    const body = await readBody(request);
    try {
      if (body === undefined) throw invalidRequest('The request body is too large.', { status: 413 });
      for (const route of routes) {
        const match = route.method === method ? route.path.exec(url.pathname) : null;
        if (match) {
          const ids = match.slice(1).map((segment) => decodeURIComponent(segment));
          return run(route, ids, request, method === 'GET' ? url.search.slice(1) : body, requestId);
        }
      }
      throw unrecognizedUrl(method, url.pathname);
    } catch (error) {
      if (error instanceof ApiError) return errorReply(error);
      throw error;
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestId = newId('req');
    const headers: Record<string, string> = {
      ...CORS_HEADERS,
      'cache-control': 'no-cache, no-store',
      'request-id': requestId,
      'stripe-version': header(request, 'stripe-version') ?? API_VERSION,
    };
    if (request.method === 'OPTIONS') {
      headers['access-control-allow-headers'] = header(request, 'access-control-request-headers') ?? DEFAULT_ALLOWED_HEADERS;
      response.writeHead(200, headers).end();
      return;
    }
    let reply: Reply;
    try {
      reply = await respond(request, requestId);
    } catch (error) {
      log(
        `payments emulator: ${request.method} ${request.url} failed (${requestId}): ${error instanceof Error ? error.stack : String(error)}`,
      );
      reply = { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred.' } } };
    }
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
