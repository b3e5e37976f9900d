// Cancelling an unpaid booking, whoever asks for it: its owner, an admin, the removal of the
// owner's account, or its hold expiring. One path, so each of them meets the same races the same
// way: money the provider already took wins over the cancel, and the stock comes back at most once.
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { orderMessages } from '../../../shared/order-messages';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { bookings } from '../../db/schema';
import type { PaymentsGateway } from '../../payments/payments-gateway';
import { recordAudit } from '../audit/audit';
import { cancelUnpaidBooking, loadAccessibleBooking, refuseUnlessUnpaid, type CancelReason } from './booking';
import { bookingColumns, type BookingRow } from './order-views';
import { closeCheckoutsOf, closeCheckoutsOpenedMeanwhile } from '../checkout/legacy-baskets';
import { closeIntentAtProvider } from '../checkout/intent-closing';
import { settleSucceededIntent } from '../checkout/payments';
import { closeOrder, type OrderClosing } from '../checkout/order-closing';
import { loadOrder } from '../checkout/placed-orders';

/** Why the booking is cancelled; an admin cancelling someone else's order is audited as the actor. */
export type Cancellation = { reason: 'admin'; actor: SessionUser } | { reason: Exclude<CancelReason, 'admin'> };

/** The caller cancels one of their own orders, or an admin anyone's (audited as the admin). */
export async function cancelOrder(db: Database, payments: PaymentsGateway, user: SessionUser, id: string): Promise<BookingRow> {
  const booking = await loadAccessibleBooking(db, user, id);
  const byOwner = booking.userId === user.id;
  return cancelBooking(db, payments, booking, byOwner ? { reason: 'customer' } : { reason: 'admin', actor: user });
}

/**
 * Cancels an unpaid booking and releases its stock (cancelUnpaidBooking). Its PaymentIntent, and
 * the intent of every open basket checkout holding it, are closed at the provider first, so it can
 * no longer be paid; one opened while this ran is closed after. Refuses with CONFLICT a booking that is paid or cancelled, or whose intent turns out to
 * have succeeded (the booking is then settled as paid); throws PaymentsUnavailableError, changing
 * nothing, while the provider cannot be asked.
 *
 * Every statement runs on `db`, so a caller may pass its own transaction: hold expiry does, holding
 * the booking's row locked from its claim to the release.
 */
export async function cancelBooking(
  db: Database,
  payments: PaymentsGateway,
  booking: BookingRow,
  cancellation: Cancellation,
): Promise<BookingRow> {
  refuseUnlessUnpaid(booking);
  if (booking.orderId) return cancelWithItsOrder(db, payments, booking, booking.orderId, cancellation);
  await closeIntent(db, payments, booking);
  await closeCheckoutsOf(db, payments, booking.id);
  const cancelled = await cancelUnpaidBooking(db, booking.id, cancellation.reason);
  if (cancelled.paymentIntentId && cancelled.paymentIntentId !== booking.paymentIntentId) {
    // An intent was opened while this cancel ran: close it too, so it cannot be paid.
    await payments.cancelIntent(cancelled.paymentIntentId);
  }
  await closeCheckoutsOpenedMeanwhile(db, payments, booking.id);
  if (cancellation.reason === 'admin') {
    await recordAudit(db, cancellation.actor, 'order.cancel', `${cancelled.toolName} for ${cancelled.email} (${cancelled.id})`);
  }
  return cancelled;
}

/**
 * A line of an order placed at checkout is never cancelled alone: its whole order is, so the
 * order's total never changes while it is reserved (order-closing.ts). Book Now's one-line order
 * answers a paid order's refusal in SPEC's words, as a booking did.
 */
async function cancelWithItsOrder(
  db: Database,
  payments: PaymentsGateway,
  booking: BookingRow,
  orderId: string,
  cancellation: OrderClosing,
): Promise<BookingRow> {
  try {
    await closeOrder(db, payments, await loadOrder(db, orderId), cancellation);
  } catch (error) {
    const paid = error instanceof TRPCError && error.message === orderMessages.orderPaid;
    if (paid && booking.orderChannel === 'book_now') throw new TRPCError({ code: 'CONFLICT', message: messages.orderAlreadyPaid });
    throw error;
  }
  const [cancelled] = await db.select(bookingColumns).from(bookings).where(eq(bookings.id, booking.id));
  // Stryker disable next-line ConditionalExpression,StringLiteral: bookings are never deleted; this only narrows the type
  if (!cancelled) throw new Error(`Booking ${booking.id} is gone`);
  return cancelled;
}

/**
 * Cancels the booking's open intent at the provider. If it already succeeded, the booking is
 * settled as paid instead and the cancel refused.
 */
async function closeIntent(db: Database, payments: PaymentsGateway, booking: BookingRow): Promise<void> {
  if (!booking.paymentIntentId) return;
  const succeeded = await closeIntentAtProvider(payments, booking.paymentIntentId);
  if (!succeeded) return;
  await settleSucceededIntent(db, booking, succeeded);
  throw new TRPCError({ code: 'CONFLICT', message: messages.orderAlreadyPaid });
}
