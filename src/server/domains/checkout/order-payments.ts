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
import { intentForBooking, markBookingPaid } from './payments';
import { refundBooking } from './refunds';

/**
 * The intent the owner pays their unpaid order with. A price the caller sends must be the order's
 * total; paying alone closes any basket holding the order, so it cannot be paid twice.
 */
export async function intentForOwnOrder(
  db: Database,
  payments: PaymentsGateway,
  user: SessionUser,
  request: { bookingId: string; price?: number | undefined },
): Promise<{ booking: BookingRow; intent: PaymentIntentView }> {
  const booking = await loadAccessibleBooking(db, user, request.bookingId);
  if (booking.userId !== user.id) throw new TRPCError({ code: 'FORBIDDEN', message: messages.notYourOrder });
  if (booking.orderId) throw new TRPCError({ code: 'CONFLICT', message: orderMessages.payLineWithOrder });
  if (request.price !== undefined && dollarsToCents(request.price) !== booking.totalCents) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: messages.priceChanged });
  }
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
  if (booking.orderId) throw new TRPCError({ code: 'CONFLICT', message: orderMessages.payLineWithOrder });
  return markBookingPaid(db, payments, booking, request.transactionId);
}

/** An admin refunds a paid or shipped order in full (refunds.ts). */
export async function refundOrder(
  db: Database,
  payments: PaymentsGateway,
  metrics: Metrics,
  admin: SessionUser,
  id: string,
): Promise<BookingRow> {
  const booking = await loadAccessibleBooking(db, admin, id);
  return refundBooking(db, payments, metrics, booking, admin);
}
