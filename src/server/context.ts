// The tRPC context: the injected dependencies plus who is calling, resolved from the bearer
// session token and the database on every request (so role changes and removals apply at once).
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimits } from './auth/rate-limits';
import type { SessionTokens } from './auth/session-tokens';
import type { SessionUser } from './auth/session-user';
import type { ReadCache } from './cache/read-cache';
import type { Database } from './db/database';
import { databaseUnavailableError } from './db/database-errors';
import { preparedFor } from './db/prepared';
import { sessions, users } from './db/schema';
import type { IdentityProvider } from './identity/identity-provider';
import type { Metrics } from './metrics/metrics';
import type { PaymentsGateway } from './payments/payments-gateway';
import type { HoldLimits } from './domains/orders/hold-limits';
import type { ShopImages } from './domains/catalogue/images';

export interface AppDeps {
  db: Database;
  /** Shared reads kept in memory until their tables change (cache/read-cache.ts). */
  cache: ReadCache;
  identity: IdentityProvider;
  payments: PaymentsGateway;
  sessions: SessionTokens;
  /** How much one customer may hold unpaid (HOLD_LIMIT_* variables). */
  holdLimits: HoldLimits;
  /** Accounts that are admins by configuration (ADMIN_EMAILS), lower-cased. */
  adminEmails: ReadonlySet<string>;
  log: FastifyBaseLogger;
  /** What the procedures and HTTP routes record for GET /metrics (metrics/metrics.ts). */
  metrics: Metrics;
  /** The shipped and uploaded images a part may show (services/shop-images.ts). */
  images: ShopImages;
  /** The IANA time zone whose calendar days the overview and the orders export count in (SHOP_TIME_ZONE). */
  shopTimeZone: string;
  /** The shop's public origin (SHOP_URL), which the emails link into. */
  shopUrl: string;
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
   * was issued to an account an admin has removed since.
   */
  session: 'none' | 'valid' | 'invalid' | 'removed';
  /** Present for calls over HTTP (tRPC or REST), whose rate limits apply; absent in-process. */
  client?: HttpClient;
}

export async function createContextInner(deps: AppDeps, authorization: string | undefined, client?: HttpClient): Promise<Context> {
  const token = bearerToken(authorization);
  if (!token) return { deps, user: null, session: 'none', client };
  const session = await resolveSession(deps, token).catch((error: unknown) => {
    throw databaseUnavailableError(error) ?? error;
  });
  if (session === 'invalid' || session === 'removed') return { deps, user: null, session, client };
  return { deps, user: session.user, sessionId: session.sessionId, session: 'valid', client };
}

export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * The caller's session and account in one read by primary key, on every request; prepared, as every
 * signed-in call runs it. A signed-out session has no row; a removed account is told apart, so the
 * caller can be told why.
 */
const sessionUserBySessionId = preparedFor((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      displayName: users.displayName,
      photoUrl: users.photoUrl,
      removedAt: users.removedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // A session past its row's expiry is over, whatever the token says of itself.
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('session_user_by_session_id'),
);

async function resolveSession(
  deps: AppDeps,
  token: string,
): Promise<{ sessionId: string; user: SessionUser } | 'invalid' | 'removed'> {
  const claims = await deps.sessions.verify(token);
  if (!claims) return 'invalid';
  const [row] = await sessionUserBySessionId(deps.db).execute({ sessionId: claims.sessionId });
  if (!row) return 'invalid';
  if (row.removedAt) return 'removed';
  const { removedAt: _removedAt, ...user } = row;
  return { sessionId: claims.sessionId, user };
}
