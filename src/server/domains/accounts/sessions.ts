// Signed-in sessions: one row per session exchange, named by the session token, so a session ends
// on the server the moment its row is deleted (sign-out, sign-out everywhere, account removal, or
// the identity provider no longer vouching for the sign-in: session-check.ts).
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { SessionTokens } from '../../auth/session-tokens';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { preparedFor } from '../../db/prepared';
import { sessions, users } from '../../db/schema';

type Executor = Pick<Database, 'delete'>;

/**
 * Opens a session for the account and returns its token; sweeps sessions that expired meanwhile.
 * `signedInAt` is when the person signed in at the identity provider (the ID token's auth_time);
 * absent, now.
 */
export async function startSession(db: Database, tokens: SessionTokens, userId: string, signedInAt = new Date()): Promise<string> {
  // Expired rows are only swept here, so the table holds about the sessions of the last token lifetime.
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  const [session] = await db
    .insert(sessions)
    .values({ userId, signedInAt, expiresAt: new Date(Date.now() + tokens.ttlSeconds * 1000) })
    .returning({ id: sessions.id });
  // Stryker disable next-line ConditionalExpression,StringLiteral: INSERT … RETURNING answers its row; this only narrows the type
  if (!session) throw new Error('Inserting a session returned no row');
  return tokens.issue({ sessionId: session.id });
}

export async function endSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the account, on every device. */
export async function endEverySession(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
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

/**
 * Who a bearer token signs in, read on every request: 'invalid' for a token that is not genuine, has
 * expired or whose session was ended; 'removed' for an account an admin has removed since.
 */
export async function resolveSession(
  db: Database,
  tokens: SessionTokens,
  token: string,
): Promise<{ sessionId: string; user: SessionUser } | 'invalid' | 'removed'> {
  const claims = await tokens.verify(token);
  if (!claims) return 'invalid';
  const [row] = await sessionUserBySessionId(db).execute({ sessionId: claims.sessionId });
  if (!row) return 'invalid';
  if (row.removedAt) return 'removed';
  const { removedAt: _removedAt, ...user } = row;
  return { sessionId: claims.sessionId, user };
}
