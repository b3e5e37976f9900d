// The emails' outbox as the services see it: queueing an order email beside the order change it
// tells of (same transaction), queueing an account email and counting the recent ones to an
// address, and what an admin sees and does about the ones not delivered. Delivering them is
// domains/email/outbox-sender.ts's job; nothing here talks to a mail server.
import { TRPCError } from '@trpc/server';
import { and, count, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../shared/common';
import type { AccountEmailKind } from '../../../shared/account-links';
import type { EmailKind, EmailStatus, OrderEmailKind } from '../../../shared/emails';
import { messages } from '../../../shared/messages';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { emailOutbox } from '../../db/schema';
import { recordAudit } from '../audit/audit';

type Executor = Pick<Database, 'insert'>;

/** Queues the email of `kind` about the booking; pass the transaction that changes the booking. */
export async function queueOrderEmail(db: Executor, kind: OrderEmailKind, booking: { id: string; email: string }): Promise<void> {
  await db.insert(emailOutbox).values({ kind, bookingId: booking.id, recipient: booking.email });
}

/**
 * The same as one step of a statement that changes orders in one round trip (a booking, a
 * cancellation): an INSERT queueing the email of `kind` (an email_kind expression, which may read
 * the row) for every row of the named result `changed`, which has the bookings' id and email.
 */
export function queueOrderEmailsOf(changed: SQL, kind: SQL): SQL {
  return sql`insert into ${emailOutbox} (kind, booking_id, recipient) select ${kind}, id, email from ${changed}`;
}

/** Queues an account email to the address; its one-time link is made only when it is sent. */
export async function queueAccountEmail(db: Executor, kind: AccountEmailKind, recipient: string): Promise<void> {
  await db.insert(emailOutbox).values({ kind, recipient });
}

/** How many account emails of `kind` were queued to the address since `since`, sent or not. */
export async function accountEmailsQueuedSince(db: Database, kind: AccountEmailKind, recipient: string, since: Date): Promise<number> {
  const [queued] = await db
    .select({ emails: count() })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, recipient), eq(emailOutbox.kind, kind), gt(emailOutbox.createdAt, since)));
  return queued?.emails ?? 0;
}

export interface UndeliveredEmailView {
  _id: string;
  kind: EmailKind;
  /** The order an order email tells of; null for an account email. */
  bookingId: string | null;
  recipient: string;
  status: EmailStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
}

const undeliveredColumns = {
  id: emailOutbox.id,
  seq: emailOutbox.seq,
  kind: emailOutbox.kind,
  bookingId: emailOutbox.bookingId,
  recipient: emailOutbox.recipient,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  createdAt: emailOutbox.createdAt,
};

type UndeliveredRow = { [K in keyof typeof undeliveredColumns]: (typeof emailOutbox.$inferSelect)[K] };

function toView(row: UndeliveredRow): UndeliveredEmailView {
  return {
    _id: row.id,
    kind: row.kind,
    bookingId: row.bookingId,
    recipient: row.recipient,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Emails not delivered yet (failed, or pending a first or next attempt), newest first. */
export async function listUndeliveredEmails(
  db: Database,
  page: { cursor?: string; limit: number },
): Promise<Page<UndeliveredEmailView>> {
  const rows = await db
    .select(undeliveredColumns)
    .from(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.status, ['failed', 'pending']),
        lt(emailOutbox.seq, page.cursor ? Number(page.cursor) : Number.MAX_SAFE_INTEGER),
      ),
    )
    .orderBy(desc(emailOutbox.seq))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return { items: items.map(toView), nextCursor: rows.length > page.limit && last ? String(last.seq) : null };
}

/**
 * Puts an undelivered email back at the head of the queue with a fresh set of attempts (the sender
 * picks it up on its next pass), audited. An email already sent is refused.
 */
export async function retryEmail(db: Database, actor: SessionUser, id: string): Promise<UndeliveredEmailView> {
  return db.transaction(async (tx) => {
    const [retried] = await tx
      .update(emailOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date() })
      .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ['failed', 'pending'])))
      .returning(undeliveredColumns);
    if (!retried) {
      // Stryker disable next-line ObjectLiteral: whether the row is there is all this reads
      const [current] = await tx.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, id));
      if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: messages.emailNotFound });
      throw new TRPCError({ code: 'CONFLICT', message: messages.emailAlreadySent });
    }
    await recordAudit(tx, actor, 'email.retry', `${retried.kind} email to ${retried.recipient} (${retried.id})`);
    return toView(retried);
  });
}
