// Baskets opened before the checkout replaced them (docs/decisions/0023, 0043): several unpaid
// bookings paid with one PaymentIntent through a checkouts row. No basket is opened any more; this
// keeps, for one release, what an intent opened before the upgrade still needs so no money is lost:
// its payment settles every booking of the basket (from the webhook), money that comes after the
// basket closed is refunded whole, and cancelling or paying a booking alone closes the basket's
// intent first. The release after this one drops the file and the tables (expand, then contract).
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { idSchema } from '../../../shared/common';
import { CURRENCY } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/database';
import { bookings, checkoutBookings, checkouts, paymentEvents } from '../../db/schema';
import type { Metrics } from '../../metrics/metrics';
import type { PaymentEvent, PaymentIntentView, PaymentsGateway } from '../../payments/payments-gateway';
import { bookingColumns } from '../orders/order-views';
import { queueOrderEmail } from '../email/outbox';
import { closeIntentAtProvider } from './intent-closing';
import { refundAfterEvent, type PaymentEventOutcome } from './payments';
import { refundUnkeptPayment } from './refunds';

const checkoutColumns = {
  id: checkouts.id,
  userId: checkouts.userId,
  paymentIntentId: checkouts.paymentIntentId,
  totalCents: checkouts.totalCents,
  status: checkouts.status,
  paidAt: checkouts.paidAt,
  createdAt: checkouts.createdAt,
};

type CheckoutRow = Pick<typeof checkouts.$inferSelect, keyof typeof checkoutColumns>;

/** The bookings of a checkout, as a subquery. */
const membersOf = (db: Database, checkoutId: string) =>
  db.select({ id: checkoutBookings.bookingId }).from(checkoutBookings).where(eq(checkoutBookings.checkoutId, checkoutId));

/** The open checkouts holding a booking, as a subquery. */
const checkoutsHolding = (db: Database, bookingId: string) =>
  db.select({ id: checkoutBookings.checkoutId }).from(checkoutBookings).where(eq(checkoutBookings.bookingId, bookingId));

/**
 * Closes an open checkout: its intent cancelled at the provider, then the row. An intent that
 * already succeeded settles the checkout instead; returns true then.
 */
async function closeCheckout(db: Database, payments: PaymentsGateway, checkout: CheckoutRow): Promise<boolean> {
  const succeeded = checkout.paymentIntentId ? await closeIntentAtProvider(payments, checkout.paymentIntentId) : null;
  if (succeeded) {
    await settleCheckout(db, checkout.id, succeeded);
    return true;
  }
  await db
    .update(checkouts)
    .set({ status: 'closed' })
    .where(and(eq(checkouts.id, checkout.id), eq(checkouts.status, 'open')));
  return false;
}

/**
 * Before a booking is cancelled or paid on its own: closes every open checkout holding it, at the
 * provider first. Refuses with CONFLICT (orderAlreadyPaid) when one of them already took the money,
 * after settling it.
 */
export async function closeCheckoutsOf(db: Database, payments: PaymentsGateway, bookingId: string): Promise<void> {
  const open = await db
    .select(checkoutColumns)
    .from(checkouts)
    .where(and(eq(checkouts.status, 'open'), inArray(checkouts.id, checkoutsHolding(db, bookingId))));
  for (const checkout of open) {
    if (await closeCheckout(db, payments, checkout)) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.orderAlreadyPaid });
    }
  }
}

/**
 * After a booking was cancelled: closes the checkouts holding it that got their intent while the
 * cancel ran (openCheckout records it under a lock on the bookings, so it is visible now).
 */
export async function closeCheckoutsOpenedMeanwhile(db: Database, payments: PaymentsGateway, bookingId: string): Promise<void> {
  const closed = await db
    .update(checkouts)
    .set({ status: 'closed' })
    .where(and(eq(checkouts.status, 'open'), inArray(checkouts.id, checkoutsHolding(db, bookingId))))
    .returning({ paymentIntentId: checkouts.paymentIntentId });
  for (const { paymentIntentId } of closed) {
    if (paymentIntentId) await payments.cancelIntent(paymentIntentId);
  }
}

/** Why an intent cannot pay this checkout, or null when it can. */
function intentMismatch(checkout: CheckoutRow, intent: PaymentIntentView): string | null {
  if (intent.status !== 'succeeded') return messages.paymentNotSucceeded;
  const matches =
    intent.id === checkout.paymentIntentId &&
    // Stryker disable next-line ConditionalExpression: the intent's id already names this checkout's one intent; its metadata agreeing is defence in depth
    intent.checkoutId === checkout.id &&
    intent.amountCents === checkout.totalCents &&
    intent.currency === CURRENCY;
  return matches ? null : messages.paymentMismatch;
}

/**
 * Settles a checkout paid by `intent`, once: in one transaction the bookings are locked (in id
 * order, as they were locked when the basket was opened), each must still be unpaid, and all are marked paid with the
 * intent's id as their transaction id, each with its payment-received email queued. A repeat is a
 * no-op; an intent that does not match is refused and changes nothing; a checkout whose booking
 * was cancelled or paid otherwise is refused with CONFLICT (the webhook refunds the money).
 */
async function settleCheckout(db: Database, checkoutId: string, intent: PaymentIntentView): Promise<void> {
  await db.transaction(async (tx) => {
    const members = await tx
      .select(bookingColumns)
      .from(bookings)
      .where(inArray(bookings.id, membersOf(tx, checkoutId)))
      .orderBy(asc(bookings.id))
      .for('update');
    const [checkout] = await tx.select(checkoutColumns).from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
    // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral: checkouts are never deleted; this only narrows the type
    if (!checkout) throw new TRPCError({ code: 'NOT_FOUND', message: messages.checkoutNotFound });
    const mismatch = intentMismatch(checkout, intent);
    if (mismatch) {
      throw new TRPCError({ code: mismatch === messages.paymentNotSucceeded ? 'CONFLICT' : 'BAD_REQUEST', message: mismatch });
    }
    if (checkout.status === 'paid') return;
    if (members.some((booking) => booking.status !== 'unpaid')) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.checkoutClosed });
    }
    const paidAt = new Date();
    const paid = await tx
      .update(bookings)
      .set({ status: 'paid', transactionId: intent.id, paidAt, paymentError: null })
      .where(
        and(
          inArray(
            bookings.id,
            members.map((booking) => booking.id),
          ),
          eq(bookings.status, 'unpaid'),
        ),
      )
      .returning(bookingColumns);
    for (const booking of paid) await queueOrderEmail(tx, 'payment_received', booking);
    await tx.update(checkouts).set({ status: 'paid', paidAt }).where(eq(checkouts.id, checkoutId));
  });
}

/**
 * Handles a verified provider event about a checkout's intent once: the event id is recorded in
 * the same transaction as its effect. A failed payment changes nothing (the page shows the card's
 * message); money taken for a basket that can no longer be paid is refunded whole after that
 * transaction, as a cancelled booking's late payment is (payment-service.ts, refundAfterEvent).
 */
export async function handleCheckoutEvent(
  db: Database,
  payments: PaymentsGateway,
  metrics: Pick<Metrics, 'refunded'>,
  event: PaymentEvent,
): Promise<PaymentEventOutcome> {
  const intent = event.intent;
  const checkoutId = intent?.checkoutId;
  if (!intent || !checkoutId) return 'ignored';
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return 'ignored';
  // Metadata that is not one of our ids names no checkout (and must not reach the uuid column).
  const namesACheckout = idSchema.safeParse(checkoutId).success;
  const handled = await db.transaction(async (tx): Promise<PaymentEventOutcome | { closed: string }> => {
    const [checkout] = namesACheckout ? await tx.select(checkoutColumns).from(checkouts).where(eq(checkouts.id, checkoutId)) : [];
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type, bookingId: null })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return 'duplicate';
    if (!checkout) return 'ignored';
    // A failed payment (the page shows the card's message), or an intent that does not match the
    // checkout, changes nothing.
    if (intentMismatch(checkout, intent) !== null) return 'handled';
    try {
      await settleCheckout(tx, checkout.id, intent);
      return 'handled';
    } catch (error) {
      // Stryker disable next-line ConditionalExpression,LogicalOperator: past the mismatch check, a closed checkout is the one TRPCError settling can give, so the message test and `||` change nothing (any error at all taken for closed is killed)
      if (error instanceof TRPCError && error.message === messages.checkoutClosed) return { closed: checkout.id };
      throw error;
    }
  });
  if (typeof handled === 'string') return handled;
  return refundAfterEvent(db, event, () => refundUnkeptPayment(db, payments, metrics, intent, { checkoutId: handled.closed }));
}
