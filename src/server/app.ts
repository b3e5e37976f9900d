// buildApp: the whole storefront server as a Fastify instance, from injected dependencies.
// Tests call it and `inject` requests; index.ts calls it and listens.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { MAX_BATCH_CALLS } from '../shared/constants';
import type { PageRenderer } from '../shared/page-render';
import type { RuntimeConfig } from '../shared/payments';
import type { RateLimitStore } from './auth/rate-limits';
import { readPrerenderedPages } from './boot/prerendered-pages';
import type { StopState } from './boot/shutdown';
import { createContextInner, type AppDeps } from './context';
import { errorBody, logServerFault, retryAfterHeaders, sendError } from './http/error-response';
import { recordAnsweredRequests, registerMetricsRoute } from './http/metrics-route';
import { httpClient, redactingLogger, registerSecurity, securityOptions, type SecurityOverrides } from './http/security';
import { stringifyJson } from './cache/json';
import { registerImageRoutes } from './http/image-routes';
import { registerOrderExportRoute } from './http/order-export-route';
import { registerPartsCsvRoutes } from './http/parts-csv-routes';
import { registerPaymentWebhook } from './http/payment-webhook-route';
import { isSharedRead, registerEtags, SHARED_ANSWER_HEADERS } from './http/public-cache';
import { registerRestRoutes } from './rest/rest-routes';
import { registerPublicApi } from './public-api/register-public-api';
import { registerVitalsRoute } from './http/vitals-route';
import { registerSitemapRoutes } from './http/sitemap-routes';
import { pageComposer } from './http/page-template';
import { sendRenderedPage, type PageRendering } from './http/rendered-pages';
import { startHoldExpiry } from './domains/orders/hold-expiry';
import type { RepeatingJob } from './repeating-job';
import { startSessionCheck } from './domains/accounts/session-check';
import type { Mailer } from './domains/email/mailer';
import { startEmailSender } from './domains/email/outbox-sender';
import { startWebhookSender, type WebhookSenderOptions } from './domains/webhooks/sender';
import { runsBackgroundJobs, servesShop, type ProcessRole } from './process-role';
import { appRouter, type AppRouter } from './routers';
import { trpcAdapter, type TrpcAdapterOptions } from './trpc-adapter';

export interface AppOptions {
  /** What GET /config.json tells the browser. */
  runtimeConfig: RuntimeConfig;
  /** The built browser app (dist/client); absent in API-only tests. */
  clientDir?: string;
  /** The browser app's server-side render of home and the part pages (boot/page-renderer.ts); absent: those go as index.html. */
  pageRenderer?: PageRenderer;
  /** Checks that the database answers, for GET /ready. */
  ping: () => Promise<void>;
  /** The process logger; absent means silent (tests). */
  logger?: FastifyBaseLogger;
  /** Expire unpaid bookings older than this, checking every minute from ready to close; absent: never. */
  holdExpiry?: { olderThanMs: number; everyMs?: number };
  /**
   * End the sessions the identity provider no longer vouches for, checking each signed-in account
   * every `intervalMs` from ready to close; absent: never.
   */
  sessionCheck?: { intervalMs: number; everyMs?: number };
  /** CORS origins and rate limits that differ from the defaults (http/security.ts). */
  security?: SecurityOverrides;
  /** Where rate limits are counted; default this process's memory. */
  rateLimitStore?: RateLimitStore;
  /**
   * Trust X-Forwarded-For from this many load balancers in front, or from these addresses, for the
   * client IP (Fastify's trustProxy); default false. Never `true` (config.ts says why).
   */
  trustProxy?: false | number | string;
  /** Serve GET /metrics to this bearer; absent: /metrics is not served. */
  metricsToken?: string;
  /** Whether it serves the shop, runs the hold expiry, or both (the default). */
  role?: ProcessRole;
  /** Deliver the queued order emails through this mailer, from ready to close; absent: never. */
  emailSender?: { mailer: Mailer; everyMs?: number };
  /** Deliver the queued webhooks, from ready to close; absent: never. */
  webhookSender?: WebhookSenderOptions & { everyMs?: number };
  /** Set once the process is stopping (boot/shutdown.ts): GET /ready fails, answers close their connection. */
  stopState?: StopState;
}

export const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp(deps: AppDeps, options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: redactingLogger(options.logger) } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustedProxies(options.trustProxy ?? false),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    routerOptions: { maxParamLength: 500 },
    // A malformed URL gets the same JSON error shape as everything else.
    frameworkErrors: sendError,
    // One line per request instead of Fastify's two, written when it is answered (below).
    logController: new LogController({ disableRequestLogging: true }),
    // A request that arrives on a kept-alive connection while the app closes is served, not refused
    // with 503: the load balancer cannot tell that 503 from one after work was done, and so retries
    // no 503 (haproxy.cfg).
    return503OnClosing: false,
  });
  logAnsweredRequests(app);
  if (options.stopState) closeConnectionsWhenStopping(app, options.stopState);
  recordAnsweredRequests(app, deps.metrics);
  registerEtags(app);
  app.setReplySerializer((payload) => stringifyJson(payload) ?? '');
  app.setErrorHandler(sendError);
  await registerSecurity(app, {
    runtimeConfig: options.runtimeConfig,
    security: securityOptions(options.security),
    rateLimitStore: options.rateLimitStore,
  });
  const role = options.role ?? 'all';
  if (runsBackgroundJobs(role)) {
    const { holdExpiry, emailSender, sessionCheck, webhookSender } = options;
    const { mailer, everyMs } = emailSender ?? {};
    if (holdExpiry) runInBackground(app, () => startHoldExpiry(deps, holdExpiry));
    if (mailer) runInBackground(app, () => startEmailSender({ ...deps, mailer }, { everyMs }));
    if (sessionCheck) runInBackground(app, () => startSessionCheck(deps, sessionCheck));
    if (webhookSender) runInBackground(app, () => startWebhookSender(deps, { policy: deps.webhookAddressPolicy, ...webhookSender }));
  }

  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_request, reply) => {
    // Out of the load balancer's rotation first, while every other route keeps serving (the drain).
    if (options.stopState?.stopping) return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE', 'This process is stopping.'));
    try {
      await options.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE', 'The database is not reachable.'));
    }
  });
  // Every process reports its own: a worker its email queue and sends, a web process its requests.
  if (options.metricsToken) registerMetricsRoute(app, deps.metrics, options.metricsToken);
  if (!servesShop(role)) {
    answerNotFound(app);
    return app;
  }

  app.get('/config.json', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return options.runtimeConfig;
  });

  await app.register(trpcAdapter, {
    prefix: '/trpc',
    router: appRouter,
    createContext: ({ req }) => createContextInner({ ...deps, log: req.log }, req.headers.authorization, httpClient(req)),
    onError: ({ error, req }) => {
      if (getHTTPStatusCodeFromError(error) >= 500) logServerFault(req, error);
    },
    stringify: stringifyJson,
    maxBatchSize: MAX_BATCH_CALLS,
    // An answer made only of shared reads may be kept by browsers and CDNs; a refusal over budget
    // says when to try again.
    responseMeta: ({ info, errors, type }) => {
      if (errors.length > 0) return retryAfterHeaders(errors);
      return type === 'query' && info?.calls.every((call) => isSharedRead(call.procedure)) ? { headers: SHARED_ANSWER_HEADERS } : {};
    },
  } satisfies TrpcAdapterOptions<AppRouter> & { prefix: string });

  registerRestRoutes(app, deps);
  registerPublicApi(app, deps);
  registerOrderExportRoute(app, deps);
  await app.register(registerPaymentWebhook, { deps });
  await app.register(registerImageRoutes, { deps });
  await app.register(registerPartsCsvRoutes, { deps });
  registerVitalsRoute(app);
  registerSitemapRoutes(app, deps.db, deps.shopUrl);

  if (options.clientDir && existsSync(join(options.clientDir, 'index.html'))) {
    await serveClient(app, options.clientDir, options.pageRenderer && { renderer: options.pageRenderer, deps });
  } else {
    answerNotFound(app);
  }
  return app;
}

/** A hop count trusts that many proxies nearest the server (Fastify's types take it as a function). */
function trustedProxies(trustProxy: false | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof trustProxy === 'number' ? (_address, hop) => hop < trustProxy : trustProxy;
}

function answerNotFound(app: FastifyInstance): void {
  app.setNotFoundHandler((_request, reply) => {
    void reply.status(404).send(errorBody('NOT_FOUND', 'Not found'));
  });
}

/** Health checks come every few seconds from every load balancer; they would drown the rest. */
const UNLOGGED_ROUTES = new Set(['/health', '/ready']);

/**
 * One line per answered request: its id (reqId), method, route pattern, status and time. The route
 * pattern, never the URL, so no email in a path or token in a query string reaches the log.
 */
function logAnsweredRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route === undefined || !UNLOGGED_ROUTES.has(route)) {
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      request.log.info({ method: request.method, route: route ?? null, status: reply.statusCode, ms }, 'request answered');
    }
    done();
  });
}

/**
 * Once stopping, every answer says `Connection: close` (those of the requests already in flight
 * too), so clients and the load balancer open their next connection elsewhere rather than reuse
 * one this process is about to close.
 */
function closeConnectionsWhenStopping(app: FastifyInstance, stopState: StopState): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopState.stopping) void reply.header('connection', 'close');
    done(null, payload);
  });
}

/** A background job of this process: started when the app is ready, stopped (after its pass) on close. */
function runInBackground(app: FastifyInstance, start: () => RepeatingJob): void {
  let job: RepeatingJob | undefined;
  app.addHook('onReady', async () => {
    job = start();
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
}

const SOURCE_MAP = /\.map(\.br|\.gz)?$/i;

/**
 * Serves the built browser app; any other GET for a page gets its server-rendered HTML (with the
 * status it calls for), its prerendered HTML, or index.html (client routing).
 */
async function serveClient(app: FastifyInstance, clientDir: string, rendering?: Omit<PageRendering, 'compose'>): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of its text files (vite-precompress.ts).
    preCompressed: true,
    // Source maps would publish the app's source as written; they stay on the machine.
    allowedPath: (path) => !SOURCE_MAP.test(path),
    setHeaders: (reply, path) => void reply.header('cache-control', cacheControlOf(clientDir, path)),
  });
  const prerendered = readPrerenderedPages(clientDir);
  const rendered = rendering && { ...rendering, compose: pageComposer(readFileSync(join(clientDir, 'index.html'), 'utf8')) };
  app.setNotFoundHandler(async (request, reply) => {
    const page = prerendered.get(request.url.split('?')[0]!);
    // Home, the part and category pages and the not-found page are rendered with their data on each request.
    if (rendered && request.method === 'GET' && page === undefined && (await sendRenderedPage(request, reply, rendered))) return reply;
    // A prerendered path is a page whatever the client accepts, so `curl` on / shows the shop.
    const wantsPage = request.method === 'GET' && (page !== undefined || (request.headers.accept ?? '').includes('text/html'));
    if (!wantsPage) return reply.status(404).send(errorBody('NOT_FOUND', 'Not found'));
    // A page the build prerendered shows before the app's code has loaded; others wait for it.
    return reply.sendFile(page ?? 'index.html');
  });
}

/**
 * Hashed assets never change; the pages name the current ones, so browsers revalidate them every
 * time (a new deploy is picked up at once); other files (images) may be kept a few minutes.
 */
function cacheControlOf(clientDir: string, path: string): string {
  if (path.startsWith(join(clientDir, 'assets'))) return 'public, max-age=31536000, immutable';
  return path.endsWith('.html') ? 'no-cache' : 'public, max-age=300';
}
