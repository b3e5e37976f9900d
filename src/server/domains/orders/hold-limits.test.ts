// The per-customer hold limits: a booking may take the customer up to each limit, never past it,
// and the refusal names the first limit it would pass.
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { holdLimitRefusal, type HoldLimits } from './hold-limits';

const limits: HoldLimits = { bookings: 3, units: 10, valueCents: 100_00 };
const nothingHeld = { bookings: 0, units: 0, valueCents: 0 };

describe('holdLimitRefusal', () => {
  it('lets a booking reach every limit exactly', () => {
    expect(holdLimitRefusal(limits, { bookings: 2, units: 6, valueCents: 60_00 }, { units: 4, valueCents: 40_00 })).toBeNull();
    expect(holdLimitRefusal(limits, nothingHeld, { units: 10, valueCents: 100_00 })).toBeNull();
  });

  it('refuses the booking that would pass a limit, naming that limit', () => {
    const refusal = (held: typeof nothingHeld, booking: { units: number; valueCents: number }) => {
      const error = holdLimitRefusal(limits, held, booking);
      return error && { code: error.code, message: error.message };
    };
    expect(refusal({ bookings: 3, units: 0, valueCents: 0 }, { units: 1, valueCents: 1 })).toEqual({
      code: 'PRECONDITION_FAILED',
      message: messages.holdLimitBookings(3),
    });
    expect(refusal({ bookings: 1, units: 7, valueCents: 0 }, { units: 4, valueCents: 1 })).toEqual({
      code: 'PRECONDITION_FAILED',
      message: messages.holdLimitUnits(10),
    });
    expect(refusal({ bookings: 1, units: 1, valueCents: 90_00 }, { units: 1, valueCents: 10_01 })).toEqual({
      code: 'PRECONDITION_FAILED',
      message: messages.holdLimitValue(100_00),
    });
  });

  it('names the count first, then the units, when a booking would pass several limits', () => {
    expect(holdLimitRefusal(limits, { bookings: 3, units: 10, valueCents: 100_00 }, { units: 1, valueCents: 1 })?.message).toBe(
      messages.holdLimitBookings(3),
    );
    expect(holdLimitRefusal(limits, { bookings: 0, units: 10, valueCents: 100_00 }, { units: 1, valueCents: 1 })?.message).toBe(
      messages.holdLimitUnits(10),
    );
  });
});
