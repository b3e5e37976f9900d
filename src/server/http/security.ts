// HTTP hardening: the security headers (security-headers.ts) on every answer, CORS closed to other
// origins unless listed, the per-client rate limits the procedures consult (counted in the store
// the app is given), and request logs without credentials, card data or what customers typed.
import fastifyCors from '@fastify/cors';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';
import type { RuntimeConfig } from '../../shared/payments';
import { createRateLimits, type RateLimitRules, type RateLimits, type RateLimitStore } from '../auth/rate-limits';
import type { HttpClient } from '../context';
import { securityHeaders } from './security-headers';

export interface SecurityOptions {
  /**
   * Other origins whose pages may call the API from a browser (exact `scheme://host[:port]`).
   * The storefront's own pages are same-origin and need no CORS at all.
   */
  corsOrigins: readonly string[];
  rateLimits: RateLimitRules;
}

export const defaultSecurityOptions: SecurityOptions = {
  corsOrigins: [],
  // Per minute, well above what a person does: a booking with its payment is about two payment
  // calls; a page view sends up to five vitals.
  rateLimits: {
    sessionExchange: { max: 30, windowSeconds: 60 },
    bookingCreate: { max: 20, windowSeconds: 60 },
    payment: { max: 30, windowSeconds: 60 },
    cancellation: { max: 20, windowSeconds: 60 },
    review: { max: 5, windowSeconds: 60 },
    profileUpdate: { max: 10, windowSeconds: 60 },
    verificationEmail: { max: 3, windowSeconds: 60 },
    passwordReset: { max: 5, windowSeconds: 60 },
    adminWrite: { max: 60, windowSeconds: 60 },
    vitals: { max: 120, windowSeconds: 60 },
    // A key raises an integration's budget well above what one address may read without one.
    apiPublic: { max: 120, windowSeconds: 60 },
    apiKey: { max: 600, windowSeconds: 60 },
  },
};

/** What a deployment (or a test) changes; everything else keeps the defaults above. */
export interface SecurityOverrides {
  corsOrigins?: readonly string[];
  rateLimits?: Partial<RateLimitRules>;
}

export function securityOptions(overrides: SecurityOverrides = {}): SecurityOptions {
  return {
    corsOrigins: overrides.corsOrigins ?? defaultSecurityOptions.corsOrigins,
    rateLimits: { ...defaultSecurityOptions.rateLimits, ...overrides.rateLimits },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

export function httpClient(request: FastifyRequest): HttpClient {
  return { ip: request.ip, rateLimits: request.server.rateLimits };
}

/**
 * Fields of a request's log lines that may carry credentials or card data. Fastify logs no
 * headers or bodies, but errors and objects our code logs could.
 */
const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'authorization',
  'token',
  'idToken',
  'password',
  'card',
  'clientSecret',
  '*.authorization',
  '*.token',
  '*.idToken',
  '*.accessToken',
  '*.password',
  '*.card',
  '*.cardNumber',
  '*.cvc',
  '*.clientSecret',
  'err.params',
  'err.parameters',
  'err.cause.params',
  'err.cause.parameters',
];

/** drizzle writes a failed query's parameters (what the customer typed) into the error's message. */
const QUERY_PARAMETERS = /\nparams: [\s\S]*?(?=\n\s+at |\n\s*caused by|$)/gi;

/** pino's error serializer, keeping the failed SQL but not its parameters. */
function errorWithoutParameters(error: Error): unknown {
  const scrub = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(QUERY_PARAMETERS, '\nparams: [redacted]');
    if (Array.isArray(value)) return value.map(scrub);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => key !== 'params' && key !== 'parameters')
          .map(([key, field]) => [key, scrub(field)]),
      );
    }
    return value;
  };
  return scrub(stdSerializers.err(error));
}

/**
 * The app's logger, redacting REDACTED_LOG_PATHS and query parameters whatever logger it was
 * given. Made once: every request's child logger inherits the compiled redaction.
 */
export function redactingLogger(logger: FastifyBaseLogger): FastifyBaseLogger {
  return logger.child(
    {},
    { serializers: { err: errorWithoutParameters }, redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' } },
  );
}

export async function registerSecurity(
  app: FastifyInstance,
  options: { runtimeConfig: RuntimeConfig; security: SecurityOptions; rateLimitStore?: RateLimitStore },
): Promise<void> {
  const { runtimeConfig, security } = options;
  const headers = securityHeaders(runtimeConfig);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers).header('x-request-id', request.id);
    done();
  });

  const allowed = new Set(security.corsOrigins.map((origin) => new URL(origin).origin));
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'trpc-accept', 'x-request-id'],
    exposedHeaders: ['x-request-id', 'x-total-count', 'x-next-cursor', 'retry-after'],
    maxAge: 600,
  });

  const rateLimits = createRateLimits(security.rateLimits, options.rateLimitStore, (error) =>
    app.log.warn({ err: error }, 'rate limits: could not delete the counters of ended windows; trying again in five minutes'),
  );
  app.decorate('rateLimits', rateLimits);
  app.addHook('onClose', async () => rateLimits.close());
}
