// OpenTelemetry tracing, on when the operator names an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT
// or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) and off otherwise: then nothing of the SDK is loaded.
// Started before the app is built: @fastify/otel hooks every Fastify instance as it is created
// (Fastify's `fastify.initialization` diagnostics channel), so no module needs patching at load.
// Each request is one span named by its route pattern, or by its tRPC procedures, never by the URL,
// which can carry emails, ids and query strings (docs/decisions/0013). A collector that cannot be
// reached is logged once per outage, and once when it answers again: the OTLP exporter itself
// tells only OpenTelemetry's diagnostic logger, which is silent unless set.
import type { Span } from '@opentelemetry/api';
import type { core, tracing } from '@opentelemetry/sdk-node';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

export interface Tracing {
  /** Sends the spans still buffered, then stops. */
  shutdown: () => Promise<void>;
}

/** What the spans may say of a request: its method and route pattern, or the procedures called. */
function requestSpanName(request: Pick<FastifyRequest, 'method' | 'params' | 'routeOptions'>): string {
  const route = request.routeOptions.url;
  if (route === undefined) return `${request.method} unmatched`;
  const procedures = (request.params as { path?: unknown } | undefined)?.path;
  // The tRPC route's only parameter: one procedure or a batch ("tools.list,reviews.list"). Anything
  // else is a caller's junk and may be anything, so it is named by the pattern alone.
  if (route.startsWith('/trpc/') && typeof procedures === 'string' && /^[\w.,]{1,200}$/.test(procedures)) {
    return `${request.method} /trpc/${procedures}`;
  }
  return `${request.method} ${route}`;
}

export async function startTracing(
  env: NodeJS.ProcessEnv,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<Tracing | undefined> {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return undefined;

  const [{ NodeSDK, resources, core }, { OTLPTraceExporter }, { FastifyOtelInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@fastify/otel'),
  ]);
  const tracesUrl = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? `${endpoint.replace(/\/$/, '')}/v1/traces`;
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ? undefined : 'sprocket',
    // Reads the endpoint, headers and timeout from the standard OTEL_EXPORTER_OTLP_* variables.
    traceExporter: reportingOutages(new OTLPTraceExporter(), withoutCredentials(tracesUrl), core.ExportResultCode.SUCCESS, log),
    instrumentations: [
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // Probes of the load balancer and the orchestrator, every few seconds: not worth a trace.
        ignorePaths: ({ url }) => url === '/health' || url === '/ready',
        requestHook: nameByRoute,
      }),
    ],
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES only: no host or process details are collected.
    resourceDetectors: [resources.envDetector],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

/**
 * The exporter, telling the log when its exports start failing (once, with the endpoint and the
 * reason: the spans are dropped meanwhile) and when they succeed again (with how many failed).
 */
function reportingOutages(
  exporter: tracing.SpanExporter,
  endpoint: string,
  success: core.ExportResultCode,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): tracing.SpanExporter {
  let failedExports = 0;
  return {
    export(spans, resultCallback) {
      exporter.export(spans, (result) => {
        if (result.code !== success) {
          failedExports += 1;
          const reason = result.error?.message ?? 'export failed';
          if (failedExports === 1)
            log.warn({ endpoint, reason }, `tracing: cannot send spans to ${endpoint} (${reason}); they are dropped until it answers`);
        } else if (failedExports > 0) {
          log.info({ endpoint, failedExports }, `tracing: sending spans to ${endpoint} again, after ${failedExports} failed exports`);
          failedExports = 0;
        }
        resultCallback(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

/** The collector's address as a log may show it: any user and password in the URL left out. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    return url;
  }
}

/** Replaces the URL @fastify/otel records (url.path) with the route pattern, and names the span. */
function nameByRoute(span: Span, request: FastifyRequest): void {
  const name = requestSpanName(request);
  span.updateName(name);
  span.setAttribute('url.path', name.slice(name.indexOf(' ') + 1));
}
