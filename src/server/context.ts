// The tRPC context: the injected dependencies plus who is calling, resolved from the bearer
// session token and the database on every request (so role changes and removals apply at once).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimits } from './auth/rate-limits';
import type { SessionTokens } from './auth/session-tokens';
import type { SessionUser } from './auth/session-user';
import type { ReadCache } from './cache/read-cache';
import type { Database } from './db/database';
import { databaseUnavailableError } from './db/database-errors';
import { preparedFor } from './db/prepared';
import { users } from './db/schema';
import type { IdentityProvider } from './identity/identity-provider';
import type { Metrics } from './metrics/metrics';
import type { PaymentsGateway } from './payments/payments-gateway';

export interface AppDeps {
  db: Database;
  /** Shared reads kept in memory until their tables change (cache/read-cache.ts). */
  cache: ReadCache;
  identity: IdentityProvider;
  payments: PaymentsGateway;
  sessions: SessionTokens;
  /** Accounts that are admins by configuration (ADMIN_EMAILS), lower-cased. */
  adminEmails: ReadonlySet<string>;
  log: FastifyBaseLogger;
  /** What the procedures and HTTP routes record for GET /metrics (metrics/metrics.ts). */
  metrics: Metrics;
}

/** Where a call over HTTP comes from, for the procedures' rate limits. */
export interface HttpClient {
  ip: string;
  rateLimits: RateLimits;
}

export interface Context {
  deps: AppDeps;
  user: SessionUser | null;
  /** 'invalid' when a token was sent but is expired, tampered with or revoked. */
  session: 'none' | 'valid' | 'invalid';
  /** Present for calls over HTTP (tRPC or REST), whose rate limits apply; absent in-process. */
  client?: HttpClient;
}

export async function createContextInner(deps: AppDeps, authorization: string | undefined, client?: HttpClient): Promise<Context> {
  const token = bearerToken(authorization);
  if (!token) return { deps, user: null, session: 'none', client };
  const user = await resolveSessionUser(deps, token).catch((error: unknown) => {
    throw databaseUnavailableError(error) ?? error;
  });
  return user ? { deps, user, session: 'valid', client } : { deps, user: null, session: 'invalid', client };
}

export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

/** The caller's row, read on every request; prepared, as every signed-in call runs it. */
const sessionUserById = preparedFor((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      displayName: users.displayName,
      photoUrl: users.photoUrl,
      sessionVersion: users.sessionVersion,
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.removedAt)))
    .prepare('session_user_by_id'),
);

async function resolveSessionUser(deps: AppDeps, token: string): Promise<SessionUser | null> {
  const claims = await deps.sessions.verify(token);
  if (!claims) return null;
  const [user] = await sessionUserById(deps.db).execute({ userId: claims.userId });
  if (!user || user.sessionVersion !== claims.version) return null;
  const { sessionVersion: _version, ...sessionUser } = user;
  return sessionUser;
}
