// Paying and refunding one order, as its owner and the admins ask for it: a PaymentIntent for the
// server's total, the browser's "I paid" checked with the provider, and an admin's full refund.
import { TRPCError } from '@trpc/server';
import { messages } from '../../../shared/messages';
import { orderMessages } from '../../../shared/order-messages';
import { dollarsToCents } from '../../../shared/money';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import type { Metrics } from '../../metrics/metrics';
import type { PaymentIntentView, PaymentsGateway } from '../../payments/payments-gateway';
import { loadAccessibleBooking } from '../orders/booking';
import type { BookingRow } from '../orders/order-views';
import { closeCheckoutsOf } from './legacy-baskets';
import { ensureOrderIntent, settleConfirmedIntent } from './order-payment';
import { loadOrder } from './placed-orders';
import { intentForBooking, markBookingPaid } from './payments';
import { refundBooking } from './refunds';
import { refundOrderPart } from '../fulfilment/order-refunds';
import type { IssueWarnings } from '../invoices/eur-vat';

/**
 * The intent the owner pays their unpaid booking with (SPEC's payment page). A Book Now booking is
 * paid with its one-line order's intent; a line of a checkout order only with its whole order, on
 * the order's payment page. A price the caller sends must be the booking's total; paying a booking
 * made before every booking had an order closes any basket holding it, so it cannot be paid twice.
 */
export async function intentForOwnOrder(
  db: Database,
  payments: PaymentsGateway,
  user: SessionUser,
  request: { bookingId: string; price?: number | undefined },
): Promise<{ booking: BookingRow; intent: PaymentIntentView }> {
  const booking = await loadAccessibleBooking(db, user, request.bookingId);
  if (booking.userId !== user.id) throw new TRPCError({ code: 'FORBIDDEN', message: messages.notYourOrder });
  const orderId = orderPaidThroughBooking(booking);
  if (request.price !== undefined && dollarsToCents(request.price) !== booking.totalCents) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: messages.priceChanged });
  }
  if (orderId) return { booking, intent: (await ensureOrderIntent(db, payments, await loadOrder(db, orderId))).intent };
  await closeCheckoutsOf(db, payments, booking.id);
  return { booking, intent: await intentForBooking(db, payments, booking) };
}

/** The browser says the card was confirmed: the order is marked paid once the provider agrees. */
export async function confirmOrderPayment(
  db: Database,
  payments: PaymentsGateway,
  user: SessionUser,
  request: { id: string; transactionId: string },
): Promise<BookingRow> {
  const booking = await loadAccessibleBooking(db, user, request.id);
  const orderId = orderPaidThroughBooking(booking);
  if (!orderId) return markBookingPaid(db, payments, booking, request.transactionId);
  await settleConfirmedIntent(db, payments, await loadOrder(db, orderId), request.transactionId);
  return loadAccessibleBooking(db, user, request.id);
}

/**
 * The order a booking's own payment page pays: a Book Now booking's one-line order, or none for a
 * booking made before every booking had an order. A line of a checkout order is refused: it is
 * paid only with the rest of its order.
 */
function orderPaidThroughBooking(booking: BookingRow): string | null {
  if (!booking.orderId) return null;
  if (booking.orderChannel !== 'book_now') throw new TRPCError({ code: 'CONFLICT', message: orderMessages.payLineWithOrder });
  return booking.orderId;
}

/**
 * An admin refunds a paid or shipped booking in full: a line of an order as the order's line refund,
 * with its credit note (fulfilment/order-refunds.ts); a booking made before every booking had an
 * order on its own (refunds.ts).
 */
export async function refundOrder(
  db: Database,
  payments: PaymentsGateway,
  metrics: Metrics,
  log: IssueWarnings,
  admin: SessionUser,
  id: string,
): Promise<BookingRow> {
  const booking = await loadAccessibleBooking(db, admin, id);
  if (!booking.orderId) return refundBooking(db, payments, metrics, booking, admin);
  await refundOrderPart(db, payments, metrics, log, admin, booking.orderId, { kind: 'line', bookingId: booking.id });
  return loadAccessibleBooking(db, admin, id);
}
