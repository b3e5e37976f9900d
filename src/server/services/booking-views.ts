// The columns a booking read selects, and the shape the API shows (SPEC.md §3, prices in dollars).
import type { BookingStatus } from '../../shared/bookings';
import { centsToDollars } from '../../shared/money';
import { bookings } from '../db/schema';

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
};

export type BookingRow = Pick<typeof bookings.$inferSelect, keyof typeof bookingColumns>;

export interface BookingView {
  _id: string;
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
  createdAt: string;
}

export function toBookingView(row: BookingRow): BookingView {
  return {
    _id: row.id,
    toolsId: row.toolId,
    toolsName: row.toolName,
    email: row.email,
    personName: row.personName,
    phone: row.phone,
    address: row.address,
    amount: row.quantity,
    unitPrice: centsToDollars(row.unitPriceCents),
    price: centsToDollars(row.totalCents),
    paid: row.status === 'paid' || row.status === 'shipped',
    transaction: row.transactionId,
    status: row.status,
    paymentError: row.paymentError,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt.toISOString(),
  };
}
