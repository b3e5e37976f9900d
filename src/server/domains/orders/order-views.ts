// The columns a booking read selects, and the shape the API shows (SPEC.md §3, prices in dollars).
import { isPaidStatus, orderStateOf, type BookingStatus, type OrderState } from '../../../shared/bookings';
import type { OrderChannel } from '../../../shared/commerce';
import { centsToDollars } from '../../../shared/money';
import { sql } from 'drizzle-orm';
import { bookings, orders } from '../../db/schema';

export const bookingColumns = {
  id: bookings.id,
  seq: bookings.seq,
  toolId: bookings.toolId,
  userId: bookings.userId,
  toolName: bookings.toolName,
  email: bookings.email,
  personName: bookings.personName,
  phone: bookings.phone,
  address: bookings.address,
  quantity: bookings.quantity,
  unitPriceCents: bookings.unitPriceCents,
  totalCents: bookings.totalCents,
  status: bookings.status,
  paymentIntentId: bookings.paymentIntentId,
  transactionId: bookings.transactionId,
  paymentError: bookings.paymentError,
  cancelReason: bookings.cancelReason,
  createdAt: bookings.createdAt,
  paidAt: bookings.paidAt,
  shippedAt: bookings.shippedAt,
  cancelledAt: bookings.cancelledAt,
  refundId: bookings.refundId,
  refundedAt: bookings.refundedAt,
  orderId: bookings.orderId,
  chargedCents: bookings.chargedCents,
  /** How the booking's order was placed (null for a booking made before Book Now made orders). */
  orderChannel: sql<OrderChannel | null>`(select ${orders.channel} from ${orders} where ${orders.id} = ${bookings.orderId})`.as(
    'order_channel',
  ),
};

/** What the customer paid for the booking: a checkout line's charge (after discount, with tax), else its total. */
export function paidCentsOf(booking: Pick<BookingRow, 'chargedCents' | 'totalCents'>): number {
  return booking.chargedCents ?? booking.totalCents;
}

export type BookingRow = Pick<typeof bookings.$inferSelect, Exclude<keyof typeof bookingColumns, 'orderChannel'>> & {
  /** Read with the booking (a row read whole from the table has none: taken as unknown). */
  orderChannel?: OrderChannel | null;
};

export interface BookingView {
  _id: string;
  /** The order the booking is a line of (null for a booking made before every booking had one). */
  orderId: string | null;
  /**
   * How that order was placed: Book Now's one-line orders are paid and cancelled as SPEC's bookings
   * are; a line of a checkout order is paid and cancelled with its whole order.
   */
  orderChannel: OrderChannel | null;
  /** The order number a customer quotes: the booking's position in the shop's sequence. */
  orderNumber: number;
  toolsId: string;
  toolsName: string;
  email: string;
  personName: string;
  phone: string;
  address: string;
  /** The quantity ordered. */
  amount: number;
  unitPrice: number;
  /** The order's total in dollars, computed by the server. */
  price: number;
  paid: boolean;
  /** The PaymentIntent id once paid. */
  transaction: string | null;
  status: BookingStatus;
  paymentError: string | null;
  cancelReason: string | null;
  /** The state a customer reads, with an expired hold told apart from a cancellation. */
  state: OrderState;
  /** When the order was placed, and when it changed state (ISO dates, null until it happens). */
  createdAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  cancelledAt: string | null;
  /** When the payment was refunded: a refunded order, or a cancelled one paid too late. */
  refundedAt: string | null;
}

export function toBookingView(row: BookingRow): BookingView {
  return {
    _id: row.id,
    orderId: row.orderId,
    orderChannel: row.orderChannel ?? null,
    orderNumber: row.seq,
    toolsId: row.toolId,
    toolsName: row.toolName,
    email: row.email,
    personName: row.personName,
    phone: row.phone,
    address: row.address,
    amount: row.quantity,
    unitPrice: centsToDollars(row.unitPriceCents),
    price: centsToDollars(row.totalCents),
    paid: isPaidStatus(row.status),
    transaction: row.transactionId,
    status: row.status,
    paymentError: row.paymentError,
    cancelReason: row.cancelReason,
    state: orderStateOf(row.status, row.cancelReason),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    shippedAt: row.shippedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}
