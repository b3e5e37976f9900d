// What is left to refund of a payment: never below zero, and a caller that refuses any refund
// above it never refunds more than was paid.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { remainingRefundable } from './refundable';

describe('what is left to refund', () => {
  it('is what was paid less what was refunded', () => {
    expect(remainingRefundable(19_500, [])).toBe(19_500);
    expect(remainingRefundable(19_500, [5000, 4500])).toBe(10_000);
    expect(remainingRefundable(19_500, [19_500])).toBe(0);
  });

  it('is never negative, whatever was recorded', () => {
    expect(remainingRefundable(1000, [600, 600])).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000_000 })),
        (paid, refunded) => {
          expect(remainingRefundable(paid, refunded)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('keeps refunds from ever exceeding what was paid, when each refund above it is refused', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000_000 }), { maxLength: 30 }),
        (paid, asked) => {
          const refunded: number[] = [];
          for (const cents of asked) {
            if (cents <= remainingRefundable(paid, refunded)) refunded.push(cents);
          }
          const total = refunded.reduce((sum, cents) => sum + cents, 0);
          expect(total).toBeLessThanOrEqual(paid);
          expect(remainingRefundable(paid, refunded)).toBe(paid - total);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
