// Stock holds expire: an unpaid order (a checkout's, or Book Now's one line) whose deadline passed
// expires whole (checkout/order-closing.ts), and an unpaid booking made on its own before Book Now
// placed orders is cancelled with reason 'expired' once older than the hold time, its stock released. Every server process runs this every minute; it stays exact
// because each booking is claimed with SELECT … FOR UPDATE SKIP LOCKED and cancelled only while
// still unpaid, so a booking is released once however many processes look at it.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/database';
import { bookings } from '../../db/schema';
import type { PaymentsGateway } from '../../payments/payments-gateway';
import { bookingColumns } from './order-views';
import { cancelBooking } from './cancellation';
import { expireLapsedOrders } from '../checkout/order-closing';
import { startRepeatingJob, type RepeatingJob } from '../../repeating-job';

const HOLD_EXPIRY_CHECK_EVERY_MS = 60_000;
const BATCH_SIZE = 100;

export interface HoldExpiryOptions {
  /** An unpaid booking created longer ago than this is expired. */
  olderThanMs: number;
  now?: Date;
}

export interface HoldExpiryOutcome {
  /** Cancelled with reason 'expired', stock released. */
  expired: number;
  /** Found paid at the provider meanwhile, so settled as paid instead. */
  settledPaid: number;
  /** Left unpaid for the next pass (e.g. the provider was unreachable). */
  failed: number;
}

type BookingOutcome = 'expired' | 'settledPaid' | 'skipped';

export async function expireStaleHolds(
  db: Database,
  payments: PaymentsGateway,
  options: HoldExpiryOptions,
  log?: FastifyBaseLogger,
): Promise<HoldExpiryOutcome> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.olderThanMs);
  const outcome: HoldExpiryOutcome = { expired: 0, settledPaid: 0, failed: 0 };
  // Walks the stale bookings once, oldest first, a batch at a time; failures wait for the next pass.
  for (let afterSeq = 0; ;) {
    const batch = await db
      .select({ id: bookings.id, seq: bookings.seq })
      .from(bookings)
      .where(and(eq(bookings.status, 'unpaid'), isNull(bookings.orderId), lt(bookings.createdAt, cutoff), gt(bookings.seq, afterSeq)))
      .orderBy(asc(bookings.seq))
      .limit(BATCH_SIZE);
    for (const { id } of batch) {
      try {
        const result = await expireOne(db, payments, id, cutoff);
        if (result !== 'skipped') outcome[result]++;
      } catch (error) {
        outcome.failed++;
        log?.warn({ err: error, bookingId: id }, 'could not expire a stale hold; will retry');
      }
    }
    const last = batch.at(-1);
    // Stryker disable next-line LogicalOperator,ConditionalExpression: a short batch spares one empty read at the end
    if (!last || batch.length < BATCH_SIZE) return outcome;
    afterSeq = last.seq;
  }
}

/**
 * Claims one booking (skipping it if another process holds it) and cancels it as every cancel is
 * done (cancelBooking), inside the claim's transaction: the row stays locked from the claim to the
 * release, and a failure (the provider unreachable) rolls everything back for the next pass. An
 * intent that already succeeded settles the booking as paid, which this transaction commits.
 */
async function expireOne(db: Database, payments: PaymentsGateway, id: string, cutoff: Date): Promise<BookingOutcome> {
  return db.transaction(async (tx) => {
    // Stryker disable ObjectLiteral,BooleanLiteral: another pass's lock exists only on Postgres (PGlite runs one transaction at a time); there, waiting finds the hold no longer unpaid
    const [booking] = await tx
      .select(bookingColumns)
      .from(bookings)
      .where(and(eq(bookings.id, id), eq(bookings.status, 'unpaid'), isNull(bookings.orderId), lt(bookings.createdAt, cutoff)))
      .for('update', { skipLocked: true });
    // Stryker restore ObjectLiteral,BooleanLiteral
    if (!booking) return 'skipped';
    try {
      await cancelBooking(tx, payments, booking, { reason: 'expired' });
      return 'expired';
    } catch (error) {
      if (error instanceof TRPCError && error.message === messages.orderAlreadyPaid) return 'settledPaid';
      throw error;
    }
  });
}

/** Runs expireStaleHolds and expireLapsedOrders every `everyMs`. */
export function startHoldExpiry(
  deps: { db: Database; payments: PaymentsGateway; log: FastifyBaseLogger },
  options: { olderThanMs: number; everyMs?: number },
): RepeatingJob {
  const pass = async () => {
    try {
      const outcome = await expireStaleHolds(deps.db, deps.payments, { olderThanMs: options.olderThanMs }, deps.log);
      if (outcome.expired + outcome.settledPaid + outcome.failed > 0) deps.log.info({ holds: outcome }, 'expired stale holds');
      const orders = await expireLapsedOrders(deps.db, deps.payments, new Date(), deps.log);
      if (orders.expired + orders.settledPaid + orders.failed > 0) deps.log.info({ orders }, 'expired lapsed orders');
    } catch (error) {
      deps.log.warn({ err: error }, 'the hold expiry pass failed; will retry');
    }
  };
  return startRepeatingJob(pass, { everyMs: options.everyMs ?? HOLD_EXPIRY_CHECK_EVERY_MS, runAtStart: false });
}
