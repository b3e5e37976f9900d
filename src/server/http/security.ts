// HTTP hardening: security headers with a Content-Security-Policy derived from the runtime
// configuration (so Stripe, Firebase and the emulators work in every run mode), CORS closed to
// other origins unless listed, the per-client rate limits the procedures consult, and request logs
// without credentials, card data or what customers typed.
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import type { RuntimeConfig } from '../../shared/payments';
import { createRateLimits, type RateLimitRules, type RateLimits } from './rate-limits';

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
  rateLimits: {
    sessionExchange: { max: 30, windowSeconds: 60 },
    bookingCreate: { max: 20, windowSeconds: 60 },
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

/** Where a call over HTTP comes from, for the procedures' rate limits. */
export interface HttpClient {
  ip: string;
  rateLimits: RateLimits;
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: RateLimits;
  }
}

export function httpClient(request: FastifyRequest): HttpClient {
  return { ip: request.ip, rateLimits: request.server.rateLimits };
}

const FIREBASE_API_ORIGINS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
/** Firebase's popup sign-in (Google) loads gapi, which opens the auth domain's iframe. */
const GOOGLE_API_SCRIPTS = 'https://apis.google.com';
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_API = 'https://api.stripe.com';

/** The Content-Security-Policy directives for the pages of this run mode. */
export function contentSecurityPolicy(runtimeConfig: RuntimeConfig): Record<string, string[]> {
  const { firebase, payments } = runtimeConfig;
  const emulators = [firebase.emulatorUrl, payments.mode === 'emulator' ? payments.apiBase : undefined]
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).origin);
  const stripe = payments.mode === 'stripe';
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", GOOGLE_API_SCRIPTS, ...(stripe ? STRIPE_SCRIPTS : [])],
    'script-src-attr': ["'none'"],
    // react-toastify inserts its stylesheet as a <style> element at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...FIREBASE_API_ORIGINS, ...(stripe ? [STRIPE_API] : []), ...emulators],
    // Firebase's sign-in iframe comes from the auth domain, or from the Auth emulator.
    'frame-src': [
      `https://${firebase.authDomain}`,
      ...(firebase.emulatorUrl ? [new URL(firebase.emulatorUrl).origin] : []),
      ...(stripe ? STRIPE_FRAMES : []),
    ],
    'worker-src': ["'self'"],
  };
  // Emulators answer on plain http: upgrading would break them; real deployments serve https only.
  if (emulators.length === 0) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * Fields of a request's log lines that may carry credentials or card data. Fastify logs no
 * headers or bodies, but errors and objects our code logs could.
 */
export const REDACTED_LOG_PATHS = [
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
 * Every request's logger (request.log) redacts REDACTED_LOG_PATHS and query parameters, whatever
 * logger the app was given.
 */
export const redactingChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  logger.child(bindings, {
    ...options,
    serializers: { ...options.serializers, err: errorWithoutParameters },
    redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
  });

export async function registerSecurity(
  app: FastifyInstance,
  options: { runtimeConfig: RuntimeConfig; security: SecurityOptions },
): Promise<void> {
  const { runtimeConfig, security } = options;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(runtimeConfig) },
    // Firebase's sign-in popup reports back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Firebase API keys are often restricted to the shop's referrer.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  const allowed = new Set(security.corsOrigins.map((origin) => new URL(origin).origin));
  await app.register(fastifyCors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'trpc-accept', 'x-request-id'],
    exposedHeaders: ['x-request-id', 'x-total-count', 'x-next-cursor'],
    maxAge: 600,
  });

  app.decorate('rateLimits', createRateLimits(security.rateLimits));
}
