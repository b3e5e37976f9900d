// What the basket and a checkout show their customer: the orders in dollars and the server's total.
import type { CheckoutStatus } from '../../../shared/checkouts';
import { centsToDollars } from '../../../shared/money';
import type { Database } from '../../db/database';
import { toBookingView, type BookingRow, type BookingView } from '../orders/order-views';
import { basketOf, type CheckoutRow } from './basket';

export interface CheckoutView {
  _id: string;
  status: CheckoutStatus;
  /** The sum of the orders' totals in dollars, computed by the server. */
  total: number;
  /** The PaymentIntent id once paid: every order of the basket shows it as its transaction id. */
  transaction: string | null;
  items: BookingView[];
}

export function toCheckoutView({ checkout, items }: { checkout: CheckoutRow; items: BookingRow[] }): CheckoutView {
  return {
    _id: checkout.id,
    status: checkout.status,
    total: centsToDollars(checkout.totalCents),
    transaction: checkout.status === 'paid' ? checkout.paymentIntentId : null,
    items: items.map(toBookingView),
  };
}

/** The customer's unpaid orders, oldest first, with their total and whether more wait. */
export async function basketView(db: Database, userId: string): Promise<{ items: BookingView[]; total: number; more: boolean }> {
  const { items, more } = await basketOf(db, userId);
  const totalCents = items.reduce((sum, booking) => sum + booking.totalCents, 0);
  return { items: items.map(toBookingView), total: centsToDollars(totalCents), more };
}
