// The tRPC context: the injected dependencies plus who is calling, resolved from the bearer
// (an API key or a session token) and the database on every request, so role changes, removals and
// revoked keys apply at once.
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimits } from './auth/rate-limits';
import type { SessionTokens } from './auth/session-tokens';
import type { SessionUser } from './auth/session-user';
import type { ReadCache } from './cache/read-cache';
import type { Database } from './db/database';
import { databaseUnavailableError } from './db/database-errors';
import type { IdentityProvider } from './identity/identity-provider';
import type { Metrics } from './metrics/metrics';
import type { PaymentsGateway } from './payments/payments-gateway';
import type { HoldLimits } from './domains/orders/hold-limits';
import type { ShopImages } from './domains/catalogue/images';
import type { EndpointAddressPolicy } from './domains/webhooks/endpoint-address';
import { resolveSession } from './domains/accounts/sessions';
import { looksLikeApiKey } from './domains/developers/api-key-secrets';
import { resolveApiKey, type ApiKeyCaller } from './domains/developers/api-key-use';

export interface AppDeps {
  db: Database;
  /** Shared reads kept in memory until their tables change (cache/read-cache.ts). */
  cache: ReadCache;
  identity: IdentityProvider;
  payments: PaymentsGateway;
  sessions: SessionTokens;
  /** How much one customer may hold unpaid (HOLD_LIMIT_* variables). */
  holdLimits: HoldLimits;
  /** How long a Book Now order holds its stock unpaid (HOLD_EXPIRY_HOURS). */
  bookingHoldMs: number;
  /** Accounts that are admins by configuration (ADMIN_EMAILS), lower-cased. */
  adminEmails: ReadonlySet<string>;
  log: FastifyBaseLogger;
  /** What the procedures and HTTP routes record for GET /metrics (metrics/metrics.ts). */
  metrics: Metrics;
  /** The shipped and uploaded images a part may show (domains/catalogue/images.ts). */
  images: ShopImages;
  /** The IANA time zone whose calendar days the overview and the orders export count in (SHOP_TIME_ZONE). */
  shopTimeZone: string;
  /** The shop's public origin (SHOP_URL), which the emails link into. */
  shopUrl: string;
  /** Where webhook endpoints may point (WEBHOOKS_ALLOW_LOOPBACK); absent: public https addresses only. */
  webhookAddressPolicy?: EndpointAddressPolicy;
}

/** Where a call over HTTP comes from, for the procedures' rate limits. */
export interface HttpClient {
  ip: string;
  rateLimits: RateLimits;
}

export interface Context {
  deps: AppDeps;
  user: SessionUser | null;
  /** The session the caller signed in with, which signing out ends; absent for in-process callers. */
  sessionId?: string;
  /**
   * 'invalid' when a token was sent but is expired, tampered with or signed out; 'removed' when it
   * was issued to an account an admin has removed since; 'invalid_key' when an API key was sent that
   * is unknown, revoked or no longer usable (trpc.ts refuses every call then, even a public one).
   */
  session: 'none' | 'valid' | 'invalid' | 'removed' | 'invalid_key';
  /** The API key the call was made with; `user` is then the key's account (trpc.ts limits it to the scopes). */
  apiKey?: ApiKeyCaller;
  /** Present for calls over HTTP (tRPC or REST), whose rate limits apply; absent in-process. */
  client?: HttpClient;
}

export async function createContextInner(deps: AppDeps, authorization: string | undefined, client?: HttpClient): Promise<Context> {
  const token = bearerToken(authorization);
  if (!token) return { deps, user: null, session: 'none', client };
  const asDatabaseError = (error: unknown) => {
    throw databaseUnavailableError(error) ?? error;
  };
  if (looksLikeApiKey(token)) {
    const keyed = await resolveApiKey(deps.db, token).catch(asDatabaseError);
    if (keyed === 'invalid') return { deps, user: null, session: 'invalid_key', client };
    return { deps, user: keyed.user, session: 'valid', apiKey: keyed.apiKey, client };
  }
  const session = await resolveSession(deps.db, deps.sessions, token).catch(asDatabaseError);
  if (session === 'invalid' || session === 'removed') return { deps, user: null, session, client };
  return { deps, user: session.user, sessionId: session.sessionId, session: 'valid', client };
}

export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}
