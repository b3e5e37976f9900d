// How much one customer may hold without paying: unpaid bookings, units and value. Holds take
// stock from everyone else until they are paid, cancelled or expire, so one account (or a script
// behind it) must not be able to take the catalogue. Checked inside the booking statement
// (booking-service.ts) under a lock on the customer's row, so concurrent bookings cannot both pass.
import { TRPCError } from '@trpc/server';
import { messages } from '../../../shared/messages';

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

/** What the customer holds unpaid right now. */
export interface Held {
  bookings: number;
  units: number;
  valueCents: number;
}

/** The refusal of a booking that would take the customer past a limit, or null if none would be passed. */
export function holdLimitRefusal(limits: HoldLimits, held: Held, booking: { units: number; valueCents: number }): TRPCError | null {
  const limit =
    held.bookings + 1 > limits.bookings
      ? messages.holdLimitBookings(limits.bookings)
      : held.units + booking.units > limits.units
        ? messages.holdLimitUnits(limits.units)
        : held.valueCents + booking.valueCents > limits.valueCents
          ? messages.holdLimitValue(limits.valueCents)
          : null;
  return limit === null ? null : new TRPCError({ code: 'PRECONDITION_FAILED', message: limit });
}
