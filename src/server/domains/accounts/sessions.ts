// Signed-in sessions: one row per session exchange, named by the session token, so a session ends
// on the server the moment its row is deleted (sign-out, sign-out everywhere, account removal, or
// the identity provider no longer vouching for the sign-in: session-check.ts).
import { eq, lt } from 'drizzle-orm';
import type { SessionTokens } from '../../auth/session-tokens';
import type { Database } from '../../db/database';
import { sessions } from '../../db/schema';

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
