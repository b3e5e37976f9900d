// The order shapes the dashboard pages show, as the server returns them.
import type { RouterOutputs } from '../../lib/trpc';

export type Order = RouterOutputs['bookings']['mine']['items'][number];

/** How many orders a table asks for at a time. */
export const ORDERS_PAGE_SIZE = 50;

/** An order's own page, for admins (routes.tsx). */
export function orderPagePath(id: string): string {
  return `/dashboard/orders/${id}`;
}

/** The checkout page's priced cart: lines, shipping methods, tax and total. */
export type CheckoutQuote = RouterOutputs['orders']['quote'];

/** An order placed at checkout, with its lines, totals and address. */
export type PlacedOrder = RouterOutputs['orders']['byId'];

/** A shipping address the customer used before, offered as a one-click choice. */
export type SavedAddress = RouterOutputs['orders']['savedAddresses'][number];
