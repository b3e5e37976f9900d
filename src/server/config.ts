// Configuration: parsed and validated once at boot from the environment (DESIGN.md "Run modes").
// Each piece (database, identity, payments) is embedded or real, chosen independently.
import { join } from 'node:path';
import { z } from 'zod';
import type { RateLimitName, RateLimitRule } from './auth/rate-limits';
import { DEFAULT_DRAIN_MS, DEFAULT_SHUTDOWN_TIMEOUT_MS } from './boot/shutdown';
import { DEFAULT_LOCK_TIMEOUT_MS, DEFAULT_POOL_SIZE, DEFAULT_STATEMENT_TIMEOUT_MS } from './db/database';
import type { SecurityOverrides } from './http/security';
import { DEFAULT_SMTP_CONNECTIONS, mailDomainOf } from './domains/email/mailer';
import { isLoopbackHost } from '../shared/loopback';
import { PROCESS_ROLES, runsBackgroundJobs, type ProcessRole } from './process-role';
import { DEFAULT_HOLD_LIMITS, type HoldLimits } from './domains/orders/hold-limits';
import { DEFAULT_SESSION_CHECK_INTERVAL_MS } from './domains/accounts/session-check';
import { MAX_ORDER_TOTAL_CENTS, MAX_QUANTITY } from '../shared/constants';

const EMULATOR_PROJECT_ID = 'demo-sprocket';

/** pino's levels, quietest last. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A time zone both Node (ICU) and Postgres know by its IANA name: Node refuses an unknown one. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return /^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(name);
  } catch {
    return false;
  }
}

/** One key of SESSION_SECRET's list. */
const sessionKey = z.string().min(32, 'each key must be at least 32 characters (comma-separated, the signing key first)');

/** An http(s) address with nothing after the host and port: where the shop's pages start. */
function isOrigin(text: string): boolean {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return /^https?:$/.test(url.protocol) && url.pathname === '/' && !/[?#]/.test(text) && url.username === '' && url.password === '';
}

const hostPort = z.string().regex(/^[\w.-]+:\d{1,5}$/, 'must look like host:port');
const optionalText = z.string().trim().min(1).optional();

/** A duration in whole milliseconds; 0 only where `zeroTurnsOff` (Postgres's own meaning of 0). */
function milliseconds(defaultMs: number, { zeroTurnsOff = false } = {}) {
  const least = zeroTurnsOff ? 0 : 1;
  const rule = `must be a whole number of milliseconds${zeroTurnsOff ? ' (0 turns it off)' : ' of at least 1'}`;
  return z.coerce
    .number({ error: rule })
    .int(rule)
    .min(least, rule)
    .max(3_600_000, 'must be at most an hour (3600000)')
    .default(defaultMs);
}

/** The variable setting each budget of http/security.ts, in calls per minute. */
const RATE_LIMIT_VARIABLES = {
  sessionExchange: 'RATE_LIMIT_SESSIONS_PER_MINUTE',
  bookingCreate: 'RATE_LIMIT_BOOKINGS_PER_MINUTE',
  payment: 'RATE_LIMIT_PAYMENTS_PER_MINUTE',
  cancellation: 'RATE_LIMIT_CANCELLATIONS_PER_MINUTE',
  review: 'RATE_LIMIT_REVIEWS_PER_MINUTE',
  profileUpdate: 'RATE_LIMIT_PROFILE_UPDATES_PER_MINUTE',
  verificationEmail: 'RATE_LIMIT_VERIFICATION_EMAILS_PER_MINUTE',
  passwordReset: 'RATE_LIMIT_PASSWORD_RESETS_PER_MINUTE',
  adminWrite: 'RATE_LIMIT_ADMIN_WRITES_PER_MINUTE',
  vitals: 'RATE_LIMIT_VITALS_PER_MINUTE',
  apiPublic: 'RATE_LIMIT_API_PUBLIC_PER_MINUTE',
  apiKey: 'RATE_LIMIT_API_KEY_PER_MINUTE',
} as const satisfies Record<RateLimitName, string>;

type RateLimitVariable = (typeof RATE_LIMIT_VARIABLES)[RateLimitName];

function perMinuteLimits() {
  const perMinute = z.coerce
    .number()
    .int('must be a whole number of at least 1')
    .min(1, 'must be a whole number of at least 1')
    .optional();
  return Object.fromEntries(Object.values(RATE_LIMIT_VARIABLES).map((variable) => [variable, perMinute])) as Record<
    RateLimitVariable,
    typeof perMinute
  >;
}

function wholeAtLeastOne() {
  return z.coerce
    .number({ error: 'must be a whole number of at least 1' })
    .int('must be a whole number of at least 1')
    .min(1, 'must be a whole number of at least 1');
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  IMAGES_DIR: optionalText,
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a whole number of connections' })
    .int('must be a whole number of connections')
    .min(1, 'must be at least 1')
    .max(1000, 'must be at most 1000')
    .default(DEFAULT_POOL_SIZE),
  /** Postgres gives up on a statement (or on waiting for a row lock) after this long: the request gets 503. */
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(DEFAULT_STATEMENT_TIMEOUT_MS, { zeroTurnsOff: true }),
  DATABASE_LOCK_TIMEOUT_MS: milliseconds(DEFAULT_LOCK_TIMEOUT_MS, { zeroTurnsOff: true }),
  /** From SIGTERM or Ctrl-C until a stopping process abandons what still runs; includes the drain. */
  SHUTDOWN_TIMEOUT_MS: milliseconds(DEFAULT_SHUTDOWN_TIMEOUT_MS),
  /** How long SIGTERM fails GET /ready while still serving, for the load balancer to notice. */
  SHUTDOWN_DRAIN_MS: milliseconds(DEFAULT_DRAIN_MS, { zeroTurnsOff: true }),
  /** The keys of the session tokens, newest first: the first signs, every one verifies (rotation). */
  SESSION_SECRET: z
    .string()
    .transform((list) => list.split(',').map((key) => key.trim()))
    .pipe(z.tuple([sessionKey], sessionKey))
    .optional(),
  ADMIN_EMAILS: z.string().default(''),
  FIREBASE_PROJECT_ID: optionalText,
  FIREBASE_API_KEY: optionalText,
  FIREBASE_AUTH_DOMAIN: optionalText,
  FIREBASE_APP_ID: optionalText,
  /** The service account's JSON; without it firebase-admin uses GOOGLE_APPLICATION_CREDENTIALS. */
  FIREBASE_SERVICE_ACCOUNT: optionalText,
  FIREBASE_AUTH_EMULATOR_HOST: hostPort.optional(),
  /** The embedded Auth emulator's hub and logging ports (firebase-tools opens both beside it); 0 picks free ones. */
  AUTH_EMULATOR_HUB_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  AUTH_EMULATOR_LOGGING_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook secret')
    .optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /** The shop's public origin, which emails link into; required with real Firebase Auth. */
  SHOP_URL: z
    .string()
    .trim()
    .refine(isOrigin, 'must be the http(s) origin of the shop alone, such as https://shop.example (no path)')
    .transform((url) => new URL(url).origin)
    .optional(),
  /** How often each account with a live session is checked against the identity provider. */
  SESSION_CHECK_INTERVAL_MS: milliseconds(DEFAULT_SESSION_CHECK_INTERVAL_MS).refine(
    (ms) => ms >= 10_000,
    'must be at least 10000 (10 s): each check calls the identity provider',
  ),
  /** Whose calendar days the admin overview and the orders export count in. */
  SHOP_TIME_ZONE: z.string().trim().refine(isTimeZone, 'must be an IANA time zone name, such as UTC or Europe/Berlin').default('UTC'),
  HOLD_EXPIRY_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive('must be more than 0')
    .max(24 * 365, 'must be at most a year (8760)')
    .default(24),
  /** How much one customer may hold unpaid at once (domains/orders/hold-limits.ts). */
  HOLD_LIMIT_BOOKINGS: wholeAtLeastOne().default(DEFAULT_HOLD_LIMITS.bookings),
  HOLD_LIMIT_UNITS: wholeAtLeastOne().max(MAX_QUANTITY, `must be at most ${MAX_QUANTITY}`).default(DEFAULT_HOLD_LIMITS.units),
  HOLD_LIMIT_DOLLARS: z.coerce
    .number({ error: 'must be a whole number of dollars' })
    .int('must be a whole number of dollars')
    .min(1, 'must be at least 1')
    .max(MAX_QUANTITY * (MAX_ORDER_TOTAL_CENTS / 100), 'is more than the shop could ever hold')
    .default(DEFAULT_HOLD_LIMITS.valueCents / 100),
  /** Other origins whose pages may call the API (comma-separated); the shop's own pages need none. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be comma-separated http(s) origins' }))),
  /**
   * Behind load balancers: how many of them stand in front (a hop count), or their addresses.
   * `true` would take the leftmost X-Forwarded-For entry, which the client writes itself, so every
   * client could choose the IP its rate limits are counted against.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((value) => value !== 'true', {
      error:
        'true would let every client choose its own IP (the first X-Forwarded-For entry) and so escape rate limits; give the number of proxies in front (1) or their addresses (10.0.0.0/8)',
    })
    .regex(/^(false|\d{1,2}|[\d.:a-fA-F/, ]+)$/, "must be false, the number of proxies in front, or the proxies' addresses")
    .optional(),
  ...perMinuteLimits(),
  /** Redis for the rate-limit counters of several processes (else Postgres when DATABASE_URL is set). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** The mail server order emails are sent through; without it, the embedded mail catcher. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** How many connections one sending process keeps open to SMTP_URL, each sending one email at a time. */
  SMTP_MAX_CONNECTIONS: wholeAtLeastOne().max(100, 'must be at most 100').default(DEFAULT_SMTP_CONNECTIONS),
  /** The sender; its domain is also the right half of every Message-ID. */
  MAIL_FROM: z
    .string()
    .trim()
    .refine((from) => mailDomainOf(from) !== undefined, 'must be one address with a domain, such as Sprocket <orders@example.com>')
    .default('Sprocket <orders@sprocket.example>'),
  MAIL_INBOX_PORT: z.coerce.number().int().min(0).max(65_535).default(1080),
  /** "true" keeps the in-memory mail catcher (no SMTP_URL) even when identity and payments are real: staging. */
  ALLOW_MAIL_CATCHER: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  /** Lets webhook endpoints be loopback addresses (and http:// to them): tests and local development only. */
  WEBHOOKS_ALLOW_LOOPBACK: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  /** The embedded mail catcher's SMTP port, on 127.0.0.1; 0 picks a free one. */
  MAIL_SMTP_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  /** The bearer a scraper sends for GET /metrics; without it /metrics is not served. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  ROLE: z.enum(PROCESS_ROLES, { error: `must be one of ${PROCESS_ROLES.join(', ')}` }).default('all'),
  /** "false" when migrations run as their own step (npm run migrate), so the runtime user needs no DDL rights. */
  MIGRATE_AT_BOOT: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true'),
  ALLOW_EMULATORS_ON_NETWORK: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
});

/** Where the shop's data lives: all that `npm run migrate`, backup and restore need to know. */
export interface StorageConfig {
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };
  imagesDir: string;
}

type DatabaseConfig =
  | { kind: 'pglite'; dir: string }
  | { kind: 'postgres'; url: string; poolSize: number; migrateAtBoot: boolean; statementTimeoutMs: number; lockTimeoutMs: number };

type IdentityConfig =
  | { kind: 'emulator'; projectId: string; host: string; hubPort: number; loggingPort: number }
  | {
      kind: 'firebase';
      projectId: string;
      serviceAccountJson?: string;
      web: { apiKey: string; authDomain: string; appId?: string };
    };

/** Where order emails go: a real mail server, or the embedded catcher with its web inbox. */
type MailConfig =
  | { kind: 'smtp'; url: string; from: string; maxConnections: number }
  | { kind: 'catcher'; inboxPort: number; smtpPort: number; from: string };

type PaymentsConfig =
  | { kind: 'emulator'; apiBase: string }
  | { kind: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string; apiBase?: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * Where admins' uploaded images are kept (IMAGES_DIR); default DATA_DIR/images. Processes that
   * share one database must share this directory too.
   */
  imagesDir: string;
  /**
   * The session tokens' keys (SESSION_SECRET, comma-separated): the first signs new tokens, every
   * one is accepted, so a new key can be put first while tokens of the old one keep working.
   * Absent in fully embedded mode: a secret is then generated once and kept in DATA_DIR.
   */
  sessionSecrets?: readonly [string, ...string[]];
  /** The shop's public origin, which emails link into (SHOP_URL); the local address in embedded identity mode. */
  shopUrl: string;
  /** How often each account with a live session is checked against the identity provider (SESSION_CHECK_INTERVAL_MS). */
  sessionCheckIntervalMs: number;
  adminEmails: ReadonlySet<string>;
  database: DatabaseConfig;
  identity: IdentityConfig;
  payments: PaymentsConfig;
  mail: MailConfig;
  /** How long an unpaid booking holds its stock before it is cancelled as expired (HOLD_EXPIRY_HOURS). */
  holdExpiryMs: number;
  /** The IANA time zone of the shop's calendar days: the overview's today and month, the export's dates. */
  shopTimeZone: string;
  /** How much one customer may hold unpaid (HOLD_LIMIT_BOOKINGS, HOLD_LIMIT_UNITS, HOLD_LIMIT_DOLLARS). */
  holdLimits: HoldLimits;
  /** CORS origins and rate limits that differ from the defaults of http/security.ts. */
  security: SecurityOverrides;
  /** Where processes share rate-limit counts, when not in the database (REDIS_URL). */
  redisUrl?: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses; never `true`. */
  trustProxy: false | number | string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** GET /metrics is served only to this bearer; absent: not served at all. */
  metricsToken?: string;
  /** What this process does (ROLE): serve the shop, run the background jobs, or both. */
  role: ProcessRole;
  /** How long shutting down may take, from the signal, before what still runs is abandoned (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** How long SIGTERM fails readiness before the app stops accepting (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs: number;
  /** Whether webhook endpoints may be loopback addresses (WEBHOOKS_ALLOW_LOOPBACK); never in production. */
  webhooksAllowLoopback: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const vars = parseOrThrow(envSchema, env);
  const config: Config = {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: vars.DATA_DIR,
    imagesDir: vars.IMAGES_DIR ?? join(vars.DATA_DIR, 'images'),
    sessionSecrets: vars.SESSION_SECRET,
    shopUrl: vars.SHOP_URL ?? `http://127.0.0.1:${vars.PORT}`,
    sessionCheckIntervalMs: vars.SESSION_CHECK_INTERVAL_MS,
    adminEmails: new Set(
      vars.ADMIN_EMAILS.split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
    database: vars.DATABASE_URL
      ? {
          kind: 'postgres',
          url: vars.DATABASE_URL,
          poolSize: vars.DATABASE_POOL_SIZE,
          migrateAtBoot: vars.MIGRATE_AT_BOOT,
          statementTimeoutMs: vars.DATABASE_STATEMENT_TIMEOUT_MS,
          lockTimeoutMs: vars.DATABASE_LOCK_TIMEOUT_MS,
        }
      : { kind: 'pglite', dir: vars.DATA_DIR },
    identity: identityConfig(vars),
    payments: paymentsConfig(vars),
    mail: vars.SMTP_URL
      ? { kind: 'smtp', url: vars.SMTP_URL, from: vars.MAIL_FROM, maxConnections: vars.SMTP_MAX_CONNECTIONS }
      : { kind: 'catcher', inboxPort: vars.MAIL_INBOX_PORT, smtpPort: vars.MAIL_SMTP_PORT, from: vars.MAIL_FROM },
    holdExpiryMs: vars.HOLD_EXPIRY_HOURS * 3_600_000,
    shopTimeZone: vars.SHOP_TIME_ZONE,
    holdLimits: { bookings: vars.HOLD_LIMIT_BOOKINGS, units: vars.HOLD_LIMIT_UNITS, valueCents: vars.HOLD_LIMIT_DOLLARS * 100 },
    security: securityOverrides(vars),
    trustProxy: trustProxy(vars.TRUST_PROXY),
    redisUrl: vars.REDIS_URL,
    logLevel: vars.LOG_LEVEL,
    metricsToken: vars.METRICS_TOKEN,
    role: vars.ROLE,
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: vars.SHUTDOWN_DRAIN_MS,
    webhooksAllowLoopback: vars.WEBHOOKS_ALLOW_LOOPBACK === 'true',
  };
  refuseTimeoutsPastTheShutdown(config);
  const real = config.database.kind === 'postgres' || config.identity.kind === 'firebase' || config.payments.kind === 'stripe';
  if (real && !config.sessionSecrets) {
    throw new ConfigError('SESSION_SECRET: required (32+ characters) when any piece runs for real');
  }
  if (config.identity.kind === 'firebase' && !vars.SHOP_URL) {
    // Verification and password-reset emails go to real people, and link into the shop.
    throw new ConfigError('SHOP_URL: required (https://your-shop.example) when FIREBASE_PROJECT_ID is set');
  }
  if (vars.ALLOW_EMULATORS_ON_NETWORK === 'false') refuseEmulatorsOnNetwork(config);
  if (vars.ALLOW_MAIL_CATCHER === 'false') refuseMailGoingNowhere(config);
  return config;
}

/**
 * With real identity and payments, real customers pay real money, and the embedded catcher would
 * keep their order emails in this process's memory and mark them sent: a process that sends email
 * then needs a mail server, or the operator's word that this is a staging shop.
 */
function refuseMailGoingNowhere(config: Config): void {
  const realShop = config.identity.kind === 'firebase' && config.payments.kind === 'stripe';
  if (!realShop || config.mail.kind === 'smtp' || !runsBackgroundJobs(config.role)) return;
  throw new ConfigError(
    `SMTP_URL: required when identity and payments are real and this process sends the order emails (ROLE=${config.role}), or they would be kept in the in-memory mail catcher and reach no customer; set ALLOW_MAIL_CATCHER=true to keep the catcher for staging.`,
  );
}

/**
 * A stop drains first, then gives the requests in flight what is left of SHUTDOWN_TIMEOUT_MS. A
 * statement Postgres lets run longer than that is cut off by the deadline rather than answered with
 * its 503 (docs/decisions/0030); 0 (no statement timeout) is the operator's explicit choice.
 */
function refuseTimeoutsPastTheShutdown(config: Config): void {
  const { shutdownTimeoutMs, shutdownDrainMs } = config;
  if (shutdownDrainMs >= shutdownTimeoutMs) {
    throw new ConfigError(
      `SHUTDOWN_DRAIN_MS: must be shorter than SHUTDOWN_TIMEOUT_MS (${shutdownTimeoutMs}), which counts from the signal and includes the drain`,
    );
  }
  const finishingMs = shutdownTimeoutMs - shutdownDrainMs;
  const { database } = config;
  if (database.kind === 'postgres' && database.statementTimeoutMs > finishingMs) {
    throw new ConfigError(
      `DATABASE_STATEMENT_TIMEOUT_MS: ${database.statementTimeoutMs} is longer than what a stop leaves the requests in flight, SHUTDOWN_TIMEOUT_MS − SHUTDOWN_DRAIN_MS (${finishingMs}): set it to at most ${finishingMs} (0: no statement timeout), or lengthen SHUTDOWN_TIMEOUT_MS`,
    );
  }
}

/**
 * Only where the data lives (DATABASE_URL, DATA_DIR, IMAGES_DIR), for the commands that touch
 * nothing else: a deploy's migration step or a backup needs no session secret or provider keys.
 */
export function loadStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const vars = parseOrThrow(envSchema.pick({ DATA_DIR: true, IMAGES_DIR: true, DATABASE_URL: true }), env);
  return {
    database: vars.DATABASE_URL ? { kind: 'postgres', url: vars.DATABASE_URL } : { kind: 'pglite', dir: vars.DATA_DIR },
    imagesDir: vars.IMAGES_DIR ?? join(vars.DATA_DIR, 'images'),
  };
}

function parseOrThrow<Schema extends z.ZodType>(schema: Schema, env: NodeJS.ProcessEnv): z.infer<Schema> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `${issue.path[0]?.toString() ?? ''}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
}

/**
 * The embedded emulators trust whoever reaches them (the Auth emulator signs anyone in as anyone,
 * the payments emulator takes any card), so they stay on this machine unless the operator says so.
 */
function refuseEmulatorsOnNetwork(config: Config): void {
  const listening: string[] = [];
  if (config.identity.kind === 'emulator') listening.push(config.host, config.identity.host.replace(/:\d+$/, ''));
  if (config.payments.kind === 'emulator') listening.push(config.host, new URL(config.payments.apiBase).hostname);
  const exposed = listening.find((host) => !isLoopbackHost(host));
  if (exposed === undefined) return;
  throw new ConfigError(
    `${exposed} is reachable from other machines, and an embedded emulator there lets anyone sign in as anyone or pay without a card: listen on 127.0.0.1, configure Firebase and Stripe, or set ALLOW_EMULATORS_ON_NETWORK=true to start anyway.`,
  );
}

function identityConfig(vars: z.infer<typeof envSchema>): IdentityConfig {
  if (!vars.FIREBASE_PROJECT_ID || vars.FIREBASE_AUTH_EMULATOR_HOST) {
    return {
      kind: 'emulator',
      projectId: vars.FIREBASE_PROJECT_ID ?? EMULATOR_PROJECT_ID,
      host: vars.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
      hubPort: vars.AUTH_EMULATOR_HUB_PORT,
      loggingPort: vars.AUTH_EMULATOR_LOGGING_PORT,
    };
  }
  const apiKey = required(vars, 'FIREBASE_API_KEY', 'FIREBASE_PROJECT_ID');
  return {
    kind: 'firebase',
    projectId: vars.FIREBASE_PROJECT_ID,
    serviceAccountJson: vars.FIREBASE_SERVICE_ACCOUNT,
    web: {
      apiKey,
      authDomain: vars.FIREBASE_AUTH_DOMAIN ?? `${vars.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      appId: vars.FIREBASE_APP_ID,
    },
  };
}

function securityOverrides(vars: z.infer<typeof envSchema>): SecurityOverrides {
  const rateLimits: Partial<Record<RateLimitName, RateLimitRule>> = {};
  for (const [name, variable] of Object.entries(RATE_LIMIT_VARIABLES) as Array<[RateLimitName, RateLimitVariable]>) {
    const max = vars[variable];
    if (max !== undefined) rateLimits[name] = { max, windowSeconds: 60 };
  }
  return { corsOrigins: vars.CORS_ORIGINS, rateLimits };
}

function trustProxy(value: string | undefined): false | number | string {
  if (value === undefined || value === 'false') return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}

function paymentsConfig(vars: z.infer<typeof envSchema>): PaymentsConfig {
  if (!vars.STRIPE_SECRET_KEY) {
    return { kind: 'emulator', apiBase: vars.STRIPE_API_BASE ?? 'http://127.0.0.1:12111' };
  }
  return {
    kind: 'stripe',
    secretKey: vars.STRIPE_SECRET_KEY,
    publishableKey: required(vars, 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_SECRET_KEY'),
    webhookSecret: required(vars, 'STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY'),
    apiBase: vars.STRIPE_API_BASE,
  };
}

function required<K extends keyof z.infer<typeof envSchema>>(vars: z.infer<typeof envSchema>, name: K, because: string): string {
  const value = vars[name];
  if (typeof value !== 'string') throw new ConfigError(`${name}: required when ${because} is set`);
  return value;
}
