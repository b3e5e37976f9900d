// Delivers the order emails the services queued in the outbox (db/schema.ts emailOutbox). Runs in
// the processes whose ROLE runs background jobs. Each email is claimed with one statement that
// skips rows another process holds (FOR UPDATE SKIP LOCKED) and pushes the row's next attempt past
// a lease, so however many workers run, one sends it; a process that dies mid-send leaves it to be
// tried again when the lease runs out. A failed send is retried with growing delays, and after the
// last attempt the email is marked failed, with its error, for an admin to see and retry.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { emailOutbox } from '../db/schema';
import type { Mailer } from './mailer';
import { renderQueuedEmail, type EmailSources } from './render-queued-email';

export const MAX_EMAIL_ATTEMPTS = 5;
const SENDER_CHECK_EVERY_MS = 5_000;
/** Longer than one send can take (mailer.ts's timeouts), so a claim outlives its send. */
const CLAIM_LEASE_MS = 5 * 60_000;
/** At most this many emails per pass, so one pass never runs for long. */
const PASS_LIMIT = 50;
const LAST_ERROR_MAX_LENGTH = 1000;

/** Wait before the next attempt after `attempts` failed ones: 30 s, 2 min, 8 min, 32 min. */
export function retryDelayMs(attempts: number): number {
  return 30_000 * 4 ** (attempts - 1);
}

export interface SenderPassOutcome {
  sent: number;
  /** Failed this time, to be tried again later. */
  retrying: number;
  /** Failed for the last time: now shown to admins as failed. */
  failed: number;
}

/** Sends the emails due at `now`, one claim at a time, until none is due (or PASS_LIMIT). */
export async function deliverDueEmails(sources: EmailSources, mailer: Mailer, now: Date = new Date()): Promise<SenderPassOutcome> {
  const outcome: SenderPassOutcome = { sent: 0, retrying: 0, failed: 0 };
  for (let n = 0; n < PASS_LIMIT; n++) {
    const claimed = await claimDueEmail(sources.db, now);
    if (!claimed) break;
    outcome[await deliver(sources, mailer, claimed, now)]++;
  }
  return outcome;
}

type ClaimedEmail = {
  id: string;
  kind: (typeof emailOutbox.$inferSelect)['kind'];
  bookingId: string | null;
  recipient: string;
  attempts: number;
};

async function claimDueEmail(db: Database, now: Date): Promise<ClaimedEmail | undefined> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(and(inArray(emailOutbox.id, due), eq(emailOutbox.status, 'pending')))
    .returning({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      bookingId: emailOutbox.bookingId,
      recipient: emailOutbox.recipient,
      attempts: emailOutbox.attempts,
    });
  return claimed;
}

async function deliver(sources: EmailSources, mailer: Mailer, email: ClaimedEmail, now: Date): Promise<keyof SenderPassOutcome> {
  const { db } = sources;
  try {
    const rendered = await renderQueuedEmail(sources, email);
    await mailer.send({ to: email.recipient, ...rendered });
  } catch (error) {
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_MAX_LENGTH);
    const final = email.attempts >= MAX_EMAIL_ATTEMPTS;
    await db
      .update(emailOutbox)
      .set(
        final ? { status: 'failed', lastError } : { lastError, nextAttemptAt: new Date(now.getTime() + retryDelayMs(email.attempts)) },
      )
      .where(eq(emailOutbox.id, email.id));
    return final ? 'failed' : 'retrying';
  }
  await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(emailOutbox.id, email.id));
  return 'sent';
}

export interface EmailSenderTimer {
  /** Stops the timer and waits for a pass in progress. */
  stop: () => Promise<void>;
}

/** Runs deliverDueEmails every `everyMs` (unref'd: it never keeps the process alive). */
export function startEmailSender(
  deps: EmailSources & { mailer: Mailer; log: FastifyBaseLogger },
  options: { everyMs?: number } = {},
): EmailSenderTimer {
  let running: Promise<void> | null = null;
  const pass = async () => {
    try {
      const outcome = await deliverDueEmails(deps, deps.mailer);
      if (outcome.retrying + outcome.failed > 0)
        deps.log.warn({ emails: outcome }, 'some order emails could not be sent; see the admin Emails page');
      else if (outcome.sent > 0) deps.log.info({ emails: outcome }, 'sent order emails');
    } catch (error) {
      deps.log.warn({ err: error }, 'the email sender pass failed; will retry');
    }
  };
  const timer = setInterval(() => {
    running ??= pass().finally(() => {
      running = null;
    });
  }, options.everyMs ?? SENDER_CHECK_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
