// Per-client budgets for the calls worth abusing: every write and every call that reaches a
// provider, per client IP or per signed-in user. rate-limiter-flexible counts them in one of three
// stores: this process's memory (one process), Redis, or the shop's own Postgres, so that any
// number of processes behind a load balancer share one budget (docs/decisions/0010). Like the
// session checks beside it, a budget decides whether a caller may call: each procedure declares the
// budget it spends (trpc.ts `rateLimited`), the HTTP layer keeps one set per app (http/security.ts).
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../db/database';
import { DatabaseRateLimiter, sweepEndedRateLimitWindows } from './database-rate-limiter';

/** Who a budget belongs to: the caller's IP address, the signed-in user, or the API key called with. */
export const rateLimitKeys = {
  /** Session exchanges: guessing and replaying sign-ins. */
  sessionExchange: 'ip',
  /** Bookings: holding stock by booking in a loop. */
  bookingCreate: 'user',
  /** Payment intents and payment checks: each one calls the payment provider. */
  payment: 'user',
  /** Cancellations: each one may cancel an intent at the payment provider. */
  cancellation: 'user',
  /** Reviews: filling the public pages. */
  review: 'user',
  /** A customer's own profile changes: each one is audited when it changes the name or photo. */
  profileUpdate: 'user',
  /** New verification emails a customer asks for: each one mails their address. */
  verificationEmail: 'user',
  /** Password resets, asked for without signing in: each one may mail an address and asks the identity provider. */
  passwordReset: 'ip',
  /** An admin's changes to parts and accounts (removing an account calls the identity provider). */
  adminWrite: 'user',
  /** Web-vitals reports: each one writes a log line. */
  vitals: 'ip',
  /** Public API calls made without an API key: the catalogue anyone may read. */
  apiPublic: 'ip',
  /** Every call made with an API key, counted per key: one runaway integration cannot starve the rest. */
  apiKey: 'key',
} as const satisfies Record<string, 'ip' | 'user' | 'key'>;

export type RateLimitName = keyof typeof rateLimitKeys;

export interface RateLimitRule {
  /** Calls allowed per window and key. */
  max: number;
  windowSeconds: number;
}

export type RateLimitRules = Readonly<Record<RateLimitName, RateLimitRule>>;

/** Where the counts live: this process, or a store every process shares. */
export type RateLimitStore = { kind: 'memory' } | { kind: 'redis'; client: Redis } | { kind: 'database'; db: Database };

type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimits {
  /** Counts one call for `key` against budget `name`; refused once the window's budget is spent. */
  take: (name: RateLimitName, key: string) => Promise<RateLimitVerdict>;
  /** Stops the database store's clean-up of ended windows; the app calls it on close. */
  close: () => void;
}

/** A refused call: the cause of its TOO_MANY_REQUESTS, read by the HTTP layer for Retry-After. */
export class RateLimitExceeded extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`rate limit exceeded; retry after ${retryAfterSeconds} s`);
  }
}

export function createRateLimits(
  rules: RateLimitRules,
  store: RateLimitStore = { kind: 'memory' },
  onSweepError: (error: unknown) => void = () => {},
): RateLimits {
  const limiters = new Map<RateLimitName, RateLimiterAbstract>(
    Object.entries(rules).map(([name, rule]) => [name as RateLimitName, limiterFor(name, rule, store)]),
  );
  const stopSweeping = store.kind === 'database' ? sweepEndedRateLimitWindows(store.db, onSweepError) : () => {};
  return {
    close: stopSweeping,
    async take(name, key) {
      try {
        await limiters.get(name)!.consume(key);
        return { allowed: true };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
    },
  };
}

function limiterFor(name: string, rule: RateLimitRule, store: RateLimitStore): RateLimiterAbstract {
  const options = { keyPrefix: `sprocket:${name}`, points: rule.max, duration: rule.windowSeconds };
  if (store.kind === 'memory') return new RateLimiterMemory(options);
  // While the shared store is away, each process counts on its own rather than refusing or
  // waving through every call.
  const insuranceLimiter = new RateLimiterMemory(options);
  if (store.kind === 'redis') {
    return new RateLimiterRedis({ ...options, storeClient: store.client, rejectIfRedisNotReady: true, insuranceLimiter });
  }
  return new DatabaseRateLimiter(store.db, { ...options, insuranceLimiter });
}
