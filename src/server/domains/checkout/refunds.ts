// Refunding a booking in full, whoever asks: an admin (a paid or shipped order), or the shop itself
// (a payment that arrived after its booking was cancelled); and the shop's whole refund of a
// payment no order can take (a closed basket's, a booking's second). One PaymentIntent may pay
// several bookings, so a booking's refund is its own total against the intent, keyed by the
// booking (docs/decisions/0022-full-refunds-per-booking.md). A booking is marked refunded once, by
// the provider's answer or its refund webhook, whichever comes first, and only for a refund the
// provider says succeeded.
import { TRPCError } from '@trpc/server';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { idSchema } from '../../../shared/common';
import { messages } from '../../../shared/messages';
import { centsToDollars, formatDollars } from '../../../shared/money';
import type { Database } from '../../db/database';
import { bookings, orderRefunds, outsideRefunds, returnedPayments, tools } from '../../db/schema';
import type { Metrics } from '../../metrics/metrics';
import {
  PaymentsUnavailableError,
  RefundRefusedError,
  type PaymentIntentView,
  type PaymentsGateway,
  type RefundView,
} from '../../payments/payments-gateway';
import { recordAudit } from '../audit/audit';
import { bookingColumns, paidCentsOf, type BookingRow } from '../orders/order-views';
import { queueOrderEmail } from '../email/outbox';

/** Who asked for the refund: an admin's account, or the shop itself (no account). */
interface RefundActor {
  id: string | null;
  email: string;
}

/** The shop refunding on its own, as the audit log names it. */
const SYSTEM_ACTOR: RefundActor = { id: null, email: 'system' };

type RefundRecorder = Pick<Metrics, 'refunded'>;

/** Refuses, with CONFLICT and a sentence saying why, a booking there is no payment of to refund. */
function refuseUnlessRefundable(booking: Pick<BookingRow, 'status'>): void {
  if (booking.status === 'refunded') throw new TRPCError({ code: 'CONFLICT', message: messages.orderRefunded });
  if (booking.status === 'cancelled') throw new TRPCError({ code: 'CONFLICT', message: messages.refundNotCancelled });
  if (booking.status === 'unpaid') throw new TRPCError({ code: 'CONFLICT', message: messages.refundNeedsPayment });
}

/** The provider's refund of the booking's total; its failures as errors a person understands. */
function refundAtProvider(payments: PaymentsGateway, booking: BookingRow, paymentIntentId: string): Promise<RefundView> {
  return askProvider(() => payments.refundPayment({ bookingId: booking.id, paymentIntentId, amountCents: paidCentsOf(booking) }));
}

/** A refund call whose failures become errors a person understands. */
async function askProvider(refund: () => Promise<RefundView>): Promise<RefundView> {
  try {
    return await refund();
  } catch (error) {
    // Not given as the cause: the procedures' error mapping would answer with the card payments' sentence.
    if (error instanceof PaymentsUnavailableError)
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: messages.refundsUnavailable });
    if (error instanceof RefundRefusedError) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.refundRefused(error.message), cause: error });
    }
    throw error;
  }
}

function auditSubject(booking: BookingRow, refund: RefundView): string {
  return `${booking.toolName} for ${booking.email} (${booking.id}): ${formatDollars(centsToDollars(refund.amountCents))} refunded as ${refund.id}`;
}

/**
 * Refunds a paid or shipped booking in full at the provider and marks it refunded, releasing its
 * stock unless it was shipped, with the refunded email queued. Refuses with CONFLICT a booking
 * that is unpaid, cancelled or already refunded, or a refund the provider refuses; with
 * SERVICE_UNAVAILABLE, changing nothing, while the provider cannot be reached. A refund the
 * provider has not finished yet leaves the booking paid until its refund webhook says it succeeded.
 */
export async function refundBooking(
  db: Database,
  payments: PaymentsGateway,
  metrics: RefundRecorder,
  booking: BookingRow,
  actor: RefundActor,
): Promise<BookingRow> {
  return (await refundBookingAtProvider(db, payments, metrics, booking, actor)).booking;
}

/** refundBooking, answering the provider's refund too (an order's refund records it and its credit note). */
export async function refundBookingAtProvider(
  db: Database,
  payments: PaymentsGateway,
  metrics: RefundRecorder,
  booking: BookingRow,
  actor: RefundActor,
): Promise<{ booking: BookingRow; refund: RefundView }> {
  refuseUnlessRefundable(booking);
  // Stryker disable next-line ConditionalExpression,StringLiteral: the database refuses a paid or shipped row without a transaction id; this only narrows the type
  if (!booking.transactionId) throw new Error(`Paid booking ${booking.id} has no transaction id`);
  const refund = await refundAtProvider(payments, booking, booking.transactionId);
  // The admin asked and the provider took it: audited whoever marks the booking, this answer or the webhook.
  await recordAudit(db, actor, 'order.refund', auditSubject(booking, refund));
  // A refund that has not succeeded marks nothing (markRefunded): the booking stays paid until the webhook.
  return { booking: (await markRefunded(db, metrics, booking, refund)).booking ?? booking, refund };
}

/** The booking after a refund was applied to it, and whether this call is the one that marked it. */
export interface RefundMarking {
  booking: BookingRow | null;
  marked: boolean;
}

/**
 * Marks the booking refunded by `refund`, once: only a refund the provider says succeeded, naming
 * this booking, changes it, and only a paid or shipped booking whose transaction the refund is of,
 * for its whole total; the stock comes back unless it was shipped. Returns the booking as it is
 * afterwards, whoever marked it; null for a refund that cannot mark it, or a booking not there.
 */
export async function markRefunded(
  db: Database,
  metrics: RefundRecorder,
  booking: Pick<BookingRow, 'id'>,
  refund: RefundView,
): Promise<RefundMarking> {
  const paymentIntentId = refund.paymentIntentId;
  if (refund.status !== 'succeeded' || refund.bookingId !== booking.id || !paymentIntentId) {
    return { booking: null, marked: false };
  }
  const marked = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(bookings)
      .set({ status: 'refunded', refundId: refund.id, refundedAt: new Date() })
      .where(
        and(
          eq(bookings.id, booking.id),
          inArray(bookings.status, ['paid', 'shipped']),
          eq(bookings.transactionId, paymentIntentId),
          sql`coalesce(${bookings.chargedCents}, ${bookings.totalCents}) = ${refund.amountCents}`,
        ),
      )
      .returning(bookingColumns);
    if (!updated) return null;
    if (!updated.shippedAt) {
      await tx
        .update(tools)
        .set({ available: sql`${tools.available} + ${updated.quantity}` })
        .where(eq(tools.id, updated.toolId));
    }
    // A line of an order placed at checkout gets the order's refunded email, with its credit note (domains/fulfilment).
    if (!updated.orderId) await queueOrderEmail(tx, 'refunded', updated);
    return updated;
  });
  if (marked) {
    metrics.refunded('admin', paidCentsOf(marked));
    return { booking: marked, marked: true };
  }
  const [current] = await db.select(bookingColumns).from(bookings).where(eq(bookings.id, booking.id));
  return { booking: current ?? null, marked: false };
}

/**
 * Money that arrived for a booking already cancelled goes back at once: the booking stays
 * cancelled (its stock was released by the cancel) and records the refund, audited as the shop
 * itself, with the refunded email. Throws like refundBooking when the provider cannot refund.
 */
export async function refundLatePayment(
  db: Database,
  payments: PaymentsGateway,
  metrics: RefundRecorder,
  booking: BookingRow,
  paymentIntentId: string,
): Promise<BookingRow> {
  if (booking.status !== 'cancelled' || booking.refundId) return booking;
  const refund = await refundAtProvider(payments, booking, paymentIntentId);
  // A refund that has not succeeded records nothing (markLatePaymentRefunded) until its webhook says so.
  return (await markLatePaymentRefunded(db, metrics, booking, refund)).booking ?? booking;
}

/**
 * Records a succeeded refund naming the cancelled booking whose payment it returned, for its whole
 * total, once. Returns the booking as markRefunded does.
 */
export async function markLatePaymentRefunded(
  db: Database,
  metrics: RefundRecorder,
  booking: Pick<BookingRow, 'id'>,
  refund: RefundView,
): Promise<RefundMarking> {
  const paymentIntentId = refund.paymentIntentId;
  if (refund.status !== 'succeeded' || refund.bookingId !== booking.id || !paymentIntentId) {
    return { booking: null, marked: false };
  }
  const marked = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(bookings)
      .set({ refundId: refund.id, refundedAt: new Date() })
      .where(
        and(
          eq(bookings.id, booking.id),
          eq(bookings.status, 'cancelled'),
          isNull(bookings.refundId),
          eq(bookings.paymentIntentId, paymentIntentId),
          sql`coalesce(${bookings.chargedCents}, ${bookings.totalCents}) = ${refund.amountCents}`,
        ),
      )
      .returning(bookingColumns);
    if (!updated) return null;
    await recordAudit(tx, SYSTEM_ACTOR, 'order.refund', auditSubject(updated, refund));
    await queueOrderEmail(tx, 'refunded', updated);
    return updated;
  });
  if (marked) {
    metrics.refunded('automatic', paidCentsOf(marked));
    return { booking: marked, marked: true };
  }
  const [current] = await db.select(bookingColumns).from(bookings).where(eq(bookings.id, booking.id));
  return { booking: current ?? null, marked: false };
}

/**
 * A payment no order can take: for a basket that closed, an order placed at checkout that was
 * cancelled or expired, or a booking another payment paid.
 */
export type UnkeptPayment = { checkoutId: string } | { orderId: string } | { paidOtherwise: BookingRow };

/**
 * Money that arrived for an order that can no longer take it goes back whole at once: a basket's
 * payment that came after the basket closed (one of its orders cancelled, expired or paid alone
 * meanwhile), or a booking's own payment that came after its basket had paid it. The provider's
 * refund is keyed by the checkout or the intent, so it is made once however often this runs; it
 * is recorded once per intent, audited as the shop itself and counted. Nothing else changes: the
 * basket's orders stay as they are, the booking stays paid by the payment it kept. Throws like
 * refundBooking when the provider cannot refund.
 */
export async function refundUnkeptPayment(
  db: Database,
  payments: PaymentsGateway,
  metrics: RefundRecorder,
  intent: PaymentIntentView,
  paidFor: UnkeptPayment,
): Promise<void> {
  const refund = await askProvider(() =>
    payments.refundWholeIntent({
      paymentIntentId: intent.id,
      amountCents: intent.amountCents,
      paidFor: 'paidOtherwise' in paidFor ? { secondPaymentOfBookingId: paidFor.paidOtherwise.id } : paidFor,
    }),
  );
  const amount = formatDollars(centsToDollars(refund.amountCents));
  const subject =
    'checkoutId' in paidFor
      ? `basket ${paidFor.checkoutId} paid by ${intent.id} after it closed: ${amount} refunded as ${refund.id}`
      : 'orderId' in paidFor
        ? `order ${paidFor.orderId} paid by ${intent.id} after it closed: ${amount} refunded as ${refund.id}`
        : `${paidFor.paidOtherwise.toolName} for ${paidFor.paidOtherwise.email} (${paidFor.paidOtherwise.id}) paid again by ${intent.id}: ${amount} refunded as ${refund.id}`;
  const recorded = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(returnedPayments)
      .values({
        paymentIntentId: intent.id,
        refundId: refund.id,
        amountCents: refund.amountCents,
        checkoutId: 'checkoutId' in paidFor ? paidFor.checkoutId : null,
        orderId: 'orderId' in paidFor ? paidFor.orderId : null,
        bookingId: 'paidOtherwise' in paidFor ? paidFor.paidOtherwise.id : null,
      })
      .onConflictDoNothing()
      .returning({ paymentIntentId: returnedPayments.paymentIntentId });
    if (!row) return false;
    await recordAudit(tx, SYSTEM_ACTOR, 'order.refund', subject);
    return true;
  });
  if (recorded) metrics.refunded('automatic', refund.amountCents);
}

/**
 * Whether the refund is one the shop made of part of an order's payment (a line, the shipping, an
 * amount): its metadata names an order_refunds row that is waiting for it or recorded it.
 */
async function isShopsOrderRefund(db: Database, refund: RefundView): Promise<boolean> {
  // Metadata that is not one of our ids names no refund of ours (and must not reach the uuid column).
  const rowId = idSchema.safeParse(refund.orderRefundId).data;
  if (!rowId) return false;
  const [row] = await db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.id, rowId), or(isNull(orderRefunds.refundId), eq(orderRefunds.refundId, refund.id))));
  return row !== undefined;
}

/**
 * Records, once, a succeeded refund the shop did not make (in the provider's dashboard, say) of a
 * payment that paid its orders, with an audit line for the admin naming those orders. It marks no
 * order: part of a payment back is not an order refunded, and whether the parts come back, an
 * email goes out or the rest is refunded is the admin's call. True when this call recorded it;
 * false for a refund not succeeded, one of the shop's own, or one of a payment the shop does not know.
 */
export async function recordOutsideRefund(db: Database, refund: RefundView): Promise<boolean> {
  const paymentIntentId = refund.paymentIntentId;
  if (refund.status !== 'succeeded' || refund.returnsUnkeptPayment || !paymentIntentId) return false;
  if (await isShopsOrderRefund(db, refund)) return false;
  // The orders it paid: a basket's several, or one order's own (cancelled too, for a late payment).
  const orders = await db
    .select({ id: bookings.id, toolName: bookings.toolName, email: bookings.email })
    .from(bookings)
    .where(or(eq(bookings.transactionId, paymentIntentId), eq(bookings.paymentIntentId, paymentIntentId)))
    .orderBy(bookings.seq);
  if (orders.length === 0) return false;
  const [recorded] = await db
    .insert(outsideRefunds)
    .values({ refundId: refund.id, paymentIntentId, amountCents: refund.amountCents })
    .onConflictDoNothing()
    .returning({ refundId: outsideRefunds.refundId });
  if (!recorded) return false;
  const named = orders.map((order) => `${order.toolName} for ${order.email} (${order.id})`).join(', ');
  const amount = formatDollars(centsToDollars(refund.amountCents));
  await recordAudit(
    db,
    SYSTEM_ACTOR,
    'order.refund_outside_shop',
    `${amount} of ${paymentIntentId} refunded outside the shop as ${refund.id}, marking no order: ${named}`,
  );
  return true;
}
