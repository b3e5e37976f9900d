// Ends the shop's sessions of accounts the identity provider no longer vouches for: disabled,
// deleted, or signed out at the provider (a password reset, a revocation) after the session's
// sign-in; and marks a disabled or deleted account disowned, which stops its API keys until the
// provider vouches for it again. Runs in the processes whose ROLE runs background jobs. Each pass
// claims the accounts with live sessions or API keys that were checked longest ago, a batch at a
// time with one provider call per batch; a claim moves the account's check time forward in one
// statement that skips rows another process holds, so however many processes run it, an account
// is read about once per interval.
// While the provider cannot be reached, every session stays valid and the claimed accounts go back
// to the head of the queue for the next pass.
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { apiKeys, sessions, users } from '../../db/schema';
import {
  IdentityUnavailableError,
  MAX_USERS_PER_LOOKUP,
  type IdentityProvider,
  type IdentityRecord,
} from '../../identity/identity-provider';
import { startRepeatingJob, type RepeatingJob } from '../../repeating-job';

export const DEFAULT_SESSION_CHECK_INTERVAL_MS = 120_000;

export interface SessionCheckOptions {
  /** An account is checked again once its last check is this old. */
  intervalMs: number;
  now?: Date;
}

export interface SessionCheckOutcome {
  /** Accounts whose record the provider answered with (or said it does not know). */
  checked: number;
  /** Sessions ended because the provider no longer vouches for their sign-in. */
  ended: number;
  /** The provider could not be reached: the accounts not checked wait for the next pass. */
  providerAway: boolean;
}

type ClaimedAccount = { id: string; firebaseUid: string };

/** Checks every account with a live session whose last check is older than the interval. */
export async function checkSessions(
  db: Database,
  identity: IdentityProvider,
  options: SessionCheckOptions,
): Promise<SessionCheckOutcome> {
  const now = options.now ?? new Date();
  const outcome: SessionCheckOutcome = { checked: 0, ended: 0, providerAway: false };
  for (;;) {
    const claimed = await claimDueAccounts(db, now, new Date(now.getTime() - options.intervalMs));
    if (claimed.length === 0) return outcome;
    let records: IdentityRecord[];
    try {
      records = await identity.getUsers(claimed.map((account) => account.firebaseUid));
    } catch (error) {
      await releaseClaims(db, claimed, now);
      if (!(error instanceof IdentityUnavailableError)) throw error;
      return { ...outcome, providerAway: true };
    }
    const byUid = new Map(records.map((record) => [record.uid, record]));
    for (const account of claimed) {
      const record = byUid.get(account.firebaseUid);
      outcome.ended += await endSessionsNotVouchedFor(db, account.id, record);
      await recordWhetherDisowned(db, account.id, !record || record.disabled, now);
    }
    outcome.checked += claimed.length;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a short batch spares one empty claim at the end
    if (claimed.length < MAX_USERS_PER_LOOKUP) return outcome;
  }
}

/**
 * Moves the check time of the due accounts with live sessions, checked longest ago first (never
 * checked before all), to `now`; rows another pass holds are skipped, and a row claimed meanwhile
 * is no longer due, so no account is claimed twice. Due means checked strictly before `dueBefore`,
 * which is never after `now`: a pass never claims an account it claimed itself, so it ends.
 */
async function claimDueAccounts(db: Database, now: Date, dueBefore: Date): Promise<ClaimedAccount[]> {
  const due = or(isNull(users.identityCheckedAt), lt(users.identityCheckedAt, dueBefore));
  const withLiveSession = db.selectDistinct({ userId: sessions.userId }).from(sessions).where(gt(sessions.expiresAt, now));
  const withLiveKey = db.selectDistinct({ userId: apiKeys.userId }).from(apiKeys).where(isNull(apiKeys.revokedAt));
  const batch = db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        or(inArray(users.id, withLiveSession), inArray(users.id, withLiveKey)),
        isNotNull(users.firebaseUid),
        isNull(users.removedAt),
        due,
      ),
    )
    .orderBy(sql`${users.identityCheckedAt} asc nulls first`, asc(users.id))
    .limit(MAX_USERS_PER_LOOKUP)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(users)
    .set({ identityCheckedAt: now })
    .where(and(inArray(users.id, batch), due))
    .returning({ id: users.id, firebaseUid: users.firebaseUid });
  return claimed.filter((account): account is ClaimedAccount => account.firebaseUid !== null);
}

/** Puts accounts the provider could not be asked about back at the head of the queue. */
async function releaseClaims(db: Database, claimed: ClaimedAccount[], claimedAt: Date): Promise<void> {
  await db
    .update(users)
    .set({ identityCheckedAt: null })
    .where(
      and(
        inArray(
          users.id,
          claimed.map((account) => account.id),
        ),
        eq(users.identityCheckedAt, claimedAt),
      ),
    );
}

/**
 * Ends the account's sessions the provider's record no longer backs: all of them when the account
 * is gone or disabled, else those signed in before the provider's tokens-valid-after time (the
 * rule firebase-admin applies to its own ID tokens). Answers how many ended.
 */
async function endSessionsNotVouchedFor(db: Database, userId: string, record: IdentityRecord | undefined): Promise<number> {
  const signedInTooEarly =
    !record || record.disabled ? undefined : record.tokensValidAfter ? lt(sessions.signedInAt, record.tokensValidAfter) : null;
  if (signedInTooEarly === null) return 0;
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), signedInTooEarly))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Runs checkSessions four times per interval, so an account is checked at most 1¼ intervals after
 * its last check. An outage of the provider is logged once when it starts and once when it ends,
 * not for every pass or account.
 */
export function startSessionCheck(
  deps: { db: Database; identity: IdentityProvider; log: FastifyBaseLogger },
  options: { intervalMs: number; everyMs?: number },
): RepeatingJob {
  let providerAway = false;
  const pass = async () => {
    try {
      const outcome = await checkSessions(deps.db, deps.identity, { intervalMs: options.intervalMs });
      if (outcome.ended > 0) deps.log.info({ sessions: outcome }, 'ended sessions the identity provider no longer vouches for');
      if (outcome.providerAway && !providerAway) {
        deps.log.warn('the identity provider is unreachable: sessions stay valid and are checked again once it answers');
      } else if (!outcome.providerAway && providerAway) {
        deps.log.info('the identity provider answers again: checking sessions');
      }
      providerAway = outcome.providerAway;
    } catch (error) {
      deps.log.warn({ err: error }, 'the session check pass failed; will retry');
    }
  };
  return startRepeatingJob(pass, { everyMs: options.everyMs ?? options.intervalMs / 4, runAtStart: false });
}

/**
 * Marks the account disowned from `now` when the provider no longer vouches for it, and clears the
 * mark once it does again (re-enabled there); an unchanged account is not written.
 */
async function recordWhetherDisowned(db: Database, userId: string, disowned: boolean, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ identityDisownedAt: disowned ? now : null })
    .where(and(eq(users.id, userId), disowned ? isNull(users.identityDisownedAt) : isNotNull(users.identityDisownedAt)));
}
