// Configuration: parsed and validated once at boot from the environment (DESIGN.md "Run modes").
// Each piece (database, identity, payments) is embedded or real, chosen independently.
import { z } from 'zod';
import type { SecurityOverrides } from './http/security';

const EMULATOR_PROJECT_ID = 'demo-sprocket';

const hostPort = z.string().regex(/^[\w.-]+:\d{1,5}$/, 'must look like host:port');
const optionalText = z.string().trim().min(1).optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAILS: z.string().default(''),
  FIREBASE_PROJECT_ID: optionalText,
  FIREBASE_API_KEY: optionalText,
  FIREBASE_AUTH_DOMAIN: optionalText,
  FIREBASE_APP_ID: optionalText,
  /** The service account's JSON; without it firebase-admin uses GOOGLE_APPLICATION_CREDENTIALS. */
  FIREBASE_SERVICE_ACCOUNT: optionalText,
  FIREBASE_AUTH_EMULATOR_HOST: hostPort.optional(),
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
  HOLD_EXPIRY_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .positive('must be more than 0')
    .max(24 * 365, 'must be at most a year (8760)')
    .default(24),
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
  /** Behind a load balancer: trust its X-Forwarded-For ("true", or the balancer's addresses). */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[\d.:a-fA-F/, ]+)$/, "must be true, false or the proxies' addresses")
    .optional(),
  RATE_LIMIT_SESSIONS_PER_MINUTE: z.coerce.number().int().min(1, 'must be a whole number of at least 1').optional(),
  RATE_LIMIT_BOOKINGS_PER_MINUTE: z.coerce.number().int().min(1, 'must be a whole number of at least 1').optional(),
  ALLOW_EMULATORS_ON_NETWORK: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
});

type DatabaseConfig = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };

type IdentityConfig =
  | { kind: 'emulator'; projectId: string; host: string }
  | {
      kind: 'firebase';
      projectId: string;
      serviceAccountJson?: string;
      web: { apiKey: string; authDomain: string; appId?: string };
    };

type PaymentsConfig =
  | { kind: 'emulator'; apiBase: string }
  | { kind: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string; apiBase?: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Absent in fully embedded mode: a secret is then generated once and kept in DATA_DIR. */
  sessionSecret?: string;
  adminEmails: ReadonlySet<string>;
  database: DatabaseConfig;
  identity: IdentityConfig;
  payments: PaymentsConfig;
  /** How long an unpaid booking holds its stock before it is cancelled as expired (HOLD_EXPIRY_HOURS). */
  holdExpiryMs: number;
  /** CORS origins and rate limits that differ from the defaults of http/security.ts. */
  security: SecurityOverrides;
  trustProxy: boolean | string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const vars = parsed.data;
  const config: Config = {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: vars.DATA_DIR,
    sessionSecret: vars.SESSION_SECRET,
    adminEmails: new Set(
      vars.ADMIN_EMAILS.split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
    database: vars.DATABASE_URL ? { kind: 'postgres', url: vars.DATABASE_URL } : { kind: 'pglite', dir: vars.DATA_DIR },
    identity: identityConfig(vars),
    payments: paymentsConfig(vars),
    holdExpiryMs: vars.HOLD_EXPIRY_HOURS * 3_600_000,
    security: securityOverrides(vars),
    trustProxy: trustProxy(vars.TRUST_PROXY),
  };
  const real = config.database.kind === 'postgres' || config.identity.kind === 'firebase' || config.payments.kind === 'stripe';
  if (real && !config.sessionSecret) {
    throw new ConfigError('SESSION_SECRET: required (32+ characters) when any piece runs for real');
  }
  if (vars.ALLOW_EMULATORS_ON_NETWORK === 'false') refuseEmulatorsOnNetwork(config);
  return config;
}

export function isLoopbackHost(host: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host);
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
  const perMinute = (max: number | undefined) => (max === undefined ? undefined : { max, windowSeconds: 60 });
  const sessionExchange = perMinute(vars.RATE_LIMIT_SESSIONS_PER_MINUTE);
  const bookingCreate = perMinute(vars.RATE_LIMIT_BOOKINGS_PER_MINUTE);
  return {
    corsOrigins: vars.CORS_ORIGINS,
    rateLimits: { ...(sessionExchange ? { sessionExchange } : {}), ...(bookingCreate ? { bookingCreate } : {}) },
  };
}

function trustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  return value === 'true' ? true : value;
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
