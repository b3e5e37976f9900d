// How much one customer may hold without paying: unpaid bookings, units and value. Holds take
// stock from everyone else until they are paid, cancelled or expire, so one account (or a script
// behind it) must not be able to take the catalogue. Checked inside the booking statement
// (book_part_or_refuse, booking.ts) under a lock on the customer's row, so concurrent bookings
// cannot both pass.

export interface HoldLimits {
  /** Unpaid bookings at once. */
  bookings: number;
  /** Units across the unpaid bookings. */
  units: number;
  /** Value of the unpaid bookings, in cents. */
  valueCents: number;
}

/** See docs/decisions/0018-per-customer-hold-limits.md for why these figures. */
export const DEFAULT_HOLD_LIMITS: HoldLimits = { bookings: 10, units: 100, valueCents: 25_000_00 };
