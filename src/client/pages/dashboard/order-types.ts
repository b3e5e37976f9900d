// The order shape the dashboard tables show, as the server returns it.
import type { RouterOutputs } from '../../lib/trpc';

export type Order = RouterOutputs['bookings']['mine']['items'][number];

/** How many orders a table asks for at a time. */
export const ORDERS_PAGE_SIZE = 50;

/** An order's own page, for admins (routes.tsx). */
export function orderPagePath(id: string): string {
  return `/dashboard/orders/${id}`;
}
