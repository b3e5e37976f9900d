// How much one customer may hold without paying: unpaid holds (a Book Now booking, or an order
// placed at checkout with all its lines), units and value. Holds take
// stock from everyone else until they are paid, cancelled or expire, so one account (or a script
// behind it) must not be able to take the catalogue. Checked inside the booking statement
// (book_part_or_refuse, booking.ts) under a lock on the customer's row, so concurrent bookings
// cannot both pass.

export interface HoldLimits {
  /** Unpaid holds at once: Book Now bookings, and orders placed at checkout (one each). */
  bookings: number;
  /** Units across the unpaid bookings. */
  units: number;
  /** Value of the unpaid bookings, in cents. */
  valueCents: number;
}

/**
 * See docs/decisions/0018-per-customer-hold-limits.md for why these figures; 500 units lets a bike
 * shop order several parts at their price breaks in one checkout (0043).
 */
export const DEFAULT_HOLD_LIMITS: HoldLimits = { bookings: 10, units: 500, valueCents: 25_000_00 };
