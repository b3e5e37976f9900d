// Payment rules: one PaymentIntent per booking for the server's total, and a booking marked
// paid only for a succeeded intent whose amount, currency and booking id match it. Money an intent
// brings for a booking that cannot take it (cancelled, or paid by another intent) is refunded.
import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';
import { idSchema } from '../../../shared/common';
import { CURRENCY } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/database';
import { bookings, paymentEvents } from '../../db/schema';
import type { Metrics } from '../../metrics/metrics';
import type { PaymentEvent, PaymentIntentView, PaymentsGateway, RefundView } from '../../payments/payments-gateway';
import { refuseUnlessUnpaid } from '../orders/booking';
import { bookingColumns, type BookingRow } from '../orders/order-views';
import { queueOrderEmail } from '../email/outbox';
import { completeRefundFromProvider } from '../fulfilment/order-refunds';
import type { IssueWarnings } from '../invoices/eur-vat';
import { markLatePaymentRefunded, markRefunded, recordOutsideRefund, refundLatePayment, refundUnkeptPayment } from './refunds';

/** The intent for an unpaid booking: the one already stored on it, or a new one. */
export async function intentForBooking(db: Database, payments: PaymentsGateway, booking: BookingRow): Promise<PaymentIntentView> {
  refuseUnlessUnpaid(booking);
  if (booking.paymentIntentId) {
    const existing = await payments.retrieveIntent(booking.paymentIntentId);
    if (existing?.status === 'succeeded') {
      await settleSucceededIntent(db, booking, existing);
      throw new TRPCError({ code: 'CONFLICT', message: messages.orderAlreadyPaid });
    }
    if (existing && existing.status !== 'canceled') return existing;
  }
  const intent = await payments.createIntent({
    bookingId: booking.id,
    amountCents: booking.totalCents,
    currency: CURRENCY,
    email: booking.email,
    ...(booking.paymentIntentId ? { replacing: booking.paymentIntentId } : {}),
  });
  const [stored] = await db
    .update(bookings)
    .set({ paymentIntentId: intent.id })
    .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'unpaid')))
    .returning({ id: bookings.id });
  if (!stored) {
    // The booking was cancelled or paid meanwhile: this new intent must never take money.
    await payments.cancelIntent(intent.id);
    const [current] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
    // Stryker disable next-line ObjectLiteral,StringLiteral: bookings are never deleted, so the fallback only satisfies the type
    refuseUnlessUnpaid(current ?? { status: 'cancelled' });
  }
  return intent;
}

/** Why an intent cannot pay this booking, or null when it can. */
function intentMismatch(booking: BookingRow, intent: PaymentIntentView): string | null {
  if (intent.status !== 'succeeded') return messages.paymentNotSucceeded;
  const matches =
    intent.id === booking.paymentIntentId &&
    // Stryker disable next-line ConditionalExpression: the intent's id already names this booking's stored intent; its metadata agreeing is defence in depth
    intent.bookingId === booking.id &&
    intent.amountCents === booking.totalCents &&
    intent.currency === CURRENCY;
  return matches ? null : messages.paymentMismatch;
}

/**
 * Marks the booking paid with the intent's id, once, queueing the payment-received email (with the
 * receipt) in the same transaction. Repeats with the same intent are no-ops;
 * any other intent is refused and changes nothing.
 */
export async function settleSucceededIntent(db: Database, booking: BookingRow, intent: PaymentIntentView): Promise<BookingRow> {
  const mismatch = intentMismatch(booking, intent);
  if (mismatch) {
    throw new TRPCError({ code: mismatch === messages.paymentNotSucceeded ? 'CONFLICT' : 'BAD_REQUEST', message: mismatch });
  }
  const settled = await payBooking(db, booking, intent);
  if ('paid' in settled) return settled.paid;
  if ('cancelled' in settled) throw new TRPCError({ code: 'CONFLICT', message: messages.orderCancelled });
  throw new TRPCError({ code: 'CONFLICT', message: messages.orderAlreadyPaid });
}

/**
 * What a matching succeeded intent did to its booking: paid it (now or before), or found it
 * cancelled, or found it paid by another intent (a basket's, in the race of paying in two windows).
 */
type Settlement = { paid: BookingRow } | { cancelled: BookingRow } | { paidOtherwise: BookingRow };

async function payBooking(db: Database, booking: BookingRow, intent: PaymentIntentView): Promise<Settlement> {
  const paid = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(bookings)
      .set({ status: 'paid', transactionId: intent.id, paidAt: new Date(), paymentError: null })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'unpaid')))
      .returning(bookingColumns);
    if (updated) await queueOrderEmail(tx, 'payment_received', updated);
    return updated;
  });
  // Stryker disable next-line ConditionalExpression: re-reading the row just paid finds it paid by this intent, the same answer
  if (paid) return { paid };
  const [current] = await db.select(bookingColumns).from(bookings).where(eq(bookings.id, booking.id));
  // Stryker disable next-line ConditionalExpression,StringLiteral: bookings are never deleted; this only narrows the type
  if (!current) throw new Error(`Booking ${booking.id} is gone`);
  if (current.transactionId === intent.id) return { paid: current };
  if (current.status === 'cancelled') return { cancelled: current };
  return { paidOtherwise: current };
}

/** The browser's claim that it paid: believed only after the provider confirms it. */
export async function markBookingPaid(
  db: Database,
  payments: PaymentsGateway,
  booking: BookingRow,
  transactionId: string,
): Promise<BookingRow> {
  if (booking.transactionId === transactionId) return booking;
  refuseUnlessUnpaid(booking);
  if (transactionId !== booking.paymentIntentId) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: messages.paymentMismatch });
  }
  const intent = await payments.retrieveIntent(transactionId);
  if (!intent) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.paymentMismatch });
  return settleSucceededIntent(db, booking, intent);
}

/**
 * 'refunded': a refund event marked its booking refunded. 'refund_outside_shop': it told of a
 * refund the shop did not make, recorded for the admin (recordOutsideRefund). 'refunded_automatically':
 * money arrived for an order that could not take it (a cancelled booking, a booking already paid by
 * its basket, a basket that had closed), and was refunded at once; 'refund_refused': the provider
 * refused that refund, and an operator must look.
 */
export type PaymentEventOutcome =
  'handled' | 'duplicate' | 'ignored' | 'refunded' | 'refund_outside_shop' | 'refunded_automatically' | 'refund_refused';

/**
 * Handles a verified provider event once: the event id is recorded in the same transaction
 * as its effect, so a repeated delivery changes nothing. A payment for a booking already cancelled,
 * or already paid by another payment, is refunded after that transaction (refundAfterEvent).
 */
export async function handlePaymentEvent(
  db: Database,
  payments: PaymentsGateway,
  metrics: Pick<Metrics, 'refunded'>,
  log: IssueWarnings,
  event: PaymentEvent,
): Promise<PaymentEventOutcome> {
  if (event.refund && isRefundType(event.type)) return handleRefundEvent(db, metrics, log, event, event.refund);
  const intent = event.intent;
  if (!intent?.bookingId || !isHandledType(event.type)) return 'ignored';
  const bookingId = intent.bookingId;
  // Metadata that is not one of our ids names no booking (and must not reach the uuid column).
  const namesABooking = idSchema.safeParse(bookingId).success;
  const handled = await db.transaction(async (tx): Promise<PaymentEventOutcome | Exclude<Settlement, { paid: BookingRow }>> => {
    const booking = namesABooking ? await recordEvent(tx, event, bookingId) : await recordEvent(tx, event, null);
    if (booking === 'duplicate') return 'duplicate';
    if (!booking) return 'ignored';
    if (event.type === 'payment_intent.succeeded') {
      if (intentMismatch(booking, intent) !== null) return 'handled';
      // Stryker disable next-line ConditionalExpression,StringLiteral: paying finds the booking cancelled anyway; this spares an update that matches nothing
      if (booking.status === 'cancelled') return { cancelled: booking };
      const settled = await payBooking(tx, booking, intent);
      return 'paid' in settled ? 'handled' : settled;
    }
    await tx
      .update(bookings)
      .set({ paymentError: intent.lastErrorMessage })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'unpaid'), isNull(bookings.transactionId)));
    return 'handled';
  });
  if (typeof handled === 'string') return handled;
  return refundAfterEvent(db, event, () =>
    'cancelled' in handled
      ? refundLatePayment(db, payments, metrics, handled.cancelled, intent.id)
      : refundUnkeptPayment(db, payments, metrics, intent, { paidOtherwise: handled.paidOtherwise }),
  );
}

/**
 * Refunds the money an event brought for an order that cannot take it, after the event's
 * transaction. A refusal will not change on a retry (the payment was refunded by hand, say):
 * 'refund_refused', for an operator. An outage will: the event is forgotten again and the error
 * thrown, so the provider's retry of the event tries the refund again (the refund's idempotency key
 * makes it once however often it is tried).
 */
export async function refundAfterEvent(
  db: Database,
  event: PaymentEvent,
  refund: () => Promise<unknown>,
): Promise<PaymentEventOutcome> {
  try {
    await refund();
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'CONFLICT') return 'refund_refused';
    await db.delete(paymentEvents).where(eq(paymentEvents.id, event.id));
    throw error;
  }
  return 'refunded_automatically';
}

/**
 * Records the event id with the booking it names; 'duplicate' when it was recorded before, and
 * no booking (null) when the id names none.
 */
async function recordEvent(tx: Database, event: PaymentEvent, bookingId: string | null): Promise<BookingRow | null | 'duplicate'> {
  const [booking] = bookingId ? await tx.select(bookingColumns).from(bookings).where(eq(bookings.id, bookingId)) : [];
  const [recorded] = await tx
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, bookingId: booking ? booking.id : null })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  if (!recorded) return 'duplicate';
  return booking ?? null;
}

/**
 * A refund event: its booking is the one the REFUND's metadata names (one intent may pay several
 * bookings, so the intent's metadata cannot say which was refunded), marked refunded once the
 * refund succeeded, exactly as the provider's answer to the refund call would have. A succeeded
 * refund that is not the shop's own refund of that booking's total marks nothing and is recorded
 * for the admin.
 */
async function handleRefundEvent(
  db: Database,
  metrics: Pick<Metrics, 'refunded'>,
  log: IssueWarnings,
  event: PaymentEvent,
  refund: RefundView,
): Promise<PaymentEventOutcome> {
  // Metadata that is not one of our ids names no booking (and must not reach the uuid column).
  const bookingId = idSchema.safeParse(refund.bookingId).data ?? null;
  return db.transaction(async (tx) => {
    const booking = await recordEvent(tx, event, bookingId);
    if (booking === 'duplicate') return 'duplicate';
    // A refund of part of an order the shop recorded but could not complete gets its credit note now.
    const completed = await completeRefundFromProvider(tx, metrics, log, refund);
    if (booking) {
      const marking =
        booking.status === 'cancelled'
          ? await markLatePaymentRefunded(tx, metrics, booking, refund)
          : await markRefunded(tx, metrics, booking, refund);
      if (marking.marked) return 'refunded';
      // The shop's own refund of the booking, marked already by the provider's answer or an earlier event.
      if (marking.booking?.refundId === refund.id) return completed ? 'refunded' : 'handled';
    }
    if (completed) return 'refunded';
    if (await recordOutsideRefund(tx, refund)) return 'refund_outside_shop';
    return booking ? 'handled' : 'ignored';
  });
}

function isHandledType(type: string): type is 'payment_intent.succeeded' | 'payment_intent.payment_failed' {
  return type === 'payment_intent.succeeded' || type === 'payment_intent.payment_failed';
}

/** charge.refunded carries the charge, whose metadata is the intent's: it names no one booking. */
function isRefundType(type: string): boolean {
  return type === 'refund.created' || type === 'refund.updated';
}
