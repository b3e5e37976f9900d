// Delivers the emails the services queued in the outbox (db/schema.ts emailOutbox). Runs in
// the processes whose ROLE runs background jobs. A batch of due emails is claimed with one
// statement that skips rows another process holds (FOR UPDATE SKIP LOCKED) and pushes each row's
// next attempt past a lease, so however many workers run, one sends each email; a process that
// dies mid-batch leaves its emails to be tried again when the lease runs out. The batch is sent
// over the mailer's pooled connections, as many at once as it has, and a full batch is followed
// by the next one at once, so a backlog drains as fast as the mail server takes it. A failed send
// is retried with growing delays, and after the last attempt the email is marked failed, with its
// error, for an admin to see and retry. Delivery is at least once (docs/decisions/0033).
import { and, asc, count, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { emailOutbox } from '../../db/schema';
import type { EmailQueue, Metrics } from '../../metrics/metrics';
import { SEND_DEADLINE_MS, type Mailer } from './mailer';
import { renderQueuedEmail, type EmailSources } from './render-queued-email';
import { startRepeatingJob, type RepeatingJob } from '../../repeating-job';

export const MAX_EMAIL_ATTEMPTS = 5;
const SENDER_CHECK_EVERY_MS = 5_000;
/**
 * A batch is this many emails per connection: each connection sends its share one after the
 * other, so the batch is sent within this many send deadlines however slow the mail server is.
 */
const EMAILS_PER_CONNECTION = 4;
/** How long a claim holds a batch: longer than the batch can take (5 min), so no other sender takes its emails. */
const CLAIM_LEASE_MS = EMAILS_PER_CONNECTION * SEND_DEADLINE_MS + 60_000;
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

/** How many emails one pass claims for this mailer. */
export function batchSizeOf(mailer: Pick<Mailer, 'maxConnections'>): number {
  return EMAILS_PER_CONNECTION * mailer.maxConnections;
}

/** Claims one batch of the emails due at `now` and sends it, `mailer.maxConnections` at a time. */
export async function deliverDueEmails(sources: EmailSources, mailer: Mailer, now: Date = new Date()): Promise<SenderPassOutcome> {
  const outcome: SenderPassOutcome = { sent: 0, retrying: 0, failed: 0 };
  const claimed = await claimDueEmails(sources.db, now, batchSizeOf(mailer));
  await forEachAtMost(claimed, mailer.maxConnections, async (email) => {
    outcome[await deliver(sources, mailer, email, now)]++;
  });
  return outcome;
}

type ClaimedEmail = {
  id: string;
  kind: (typeof emailOutbox.$inferSelect)['kind'];
  bookingId: string | null;
  orderId: string | null;
  shipmentId: string | null;
  orderRefundId: string | null;
  recipient: string;
  attempts: number;
};

async function claimDueEmails(db: Database, now: Date, limit: number): Promise<ClaimedEmail[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(asc(emailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(and(inArray(emailOutbox.id, due), eq(emailOutbox.status, 'pending')))
    .returning({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      bookingId: emailOutbox.bookingId,
      orderId: emailOutbox.orderId,
      shipmentId: emailOutbox.shipmentId,
      orderRefundId: emailOutbox.orderRefundId,
      recipient: emailOutbox.recipient,
      attempts: emailOutbox.attempts,
    });
}

/**
 * Runs `work` on every item, at most `limit` at once: that many loops each taking the next item.
 * A few lines rather than a queue library, since the batch is fixed and small. Every item is
 * worked on even when one fails, so nothing is left in flight; then the first failure is thrown.
 */
async function forEachAtMost<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const loop = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  const loops = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, loop));
  const failed = loops.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

async function deliver(sources: EmailSources, mailer: Mailer, email: ClaimedEmail, now: Date): Promise<keyof SenderPassOutcome> {
  const { db } = sources;
  try {
    const rendered = await renderQueuedEmail(sources, email);
    await mailer.send({ id: email.id, to: email.recipient, ...rendered });
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
  // Marked one by one as the server accepts each, so a crash resends at most the emails in flight.
  await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(emailOutbox.id, email.id));
  return 'sent';
}

/**
 * The queue as an operator watches it, in one statement on the pending rows (found through the
 * sender's partial index, email_outbox_pending_due): how many wait, and since when the oldest.
 */
export async function readEmailQueue(db: Database): Promise<EmailQueue> {
  const [row] = await db
    .select({ pending: count(), oldest: min(emailOutbox.createdAt) })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'pending'));
  return { pending: row?.pending ?? 0, oldestCreatedAt: row?.oldest ?? null };
}

/**
 * Delivers the due emails now and then every `everyMs`; while batches come back full, the next one
 * is claimed at once. Each outcome is counted in the metrics.
 */
export function startEmailSender(
  deps: EmailSources & { mailer: Mailer; log: FastifyBaseLogger; metrics: Metrics },
  options: { everyMs?: number } = {},
): RepeatingJob {
  const drain = async (stopping: () => boolean) => {
    const total: SenderPassOutcome = { sent: 0, retrying: 0, failed: 0 };
    try {
      let full = true;
      while (full && !stopping()) {
        const outcome = await deliverDueEmails(deps, deps.mailer);
        deps.metrics.emailsDelivered(outcome);
        for (const key of ['sent', 'retrying', 'failed'] as const) total[key] += outcome[key];
        full = outcome.sent + outcome.retrying + outcome.failed === batchSizeOf(deps.mailer);
      }
    } catch (error) {
      deps.log.warn({ err: error }, 'the email sender pass failed; will retry');
    }
    if (total.retrying + total.failed > 0)
      deps.log.warn({ emails: total }, 'some emails could not be sent; see the admin Emails page');
    else if (total.sent > 0) deps.log.info({ emails: total }, 'sent emails');
  };
  return startRepeatingJob(drain, { everyMs: options.everyMs ?? SENDER_CHECK_EVERY_MS, runAtStart: true });
}
