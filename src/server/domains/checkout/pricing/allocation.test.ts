// An order's discount shared among its lines in proportion to their amounts, in whole cents that
// add up exactly (the largest-remainder method).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateByLargestRemainder } from './allocation';

describe('sharing by largest remainder', () => {
  it('shares in proportion when the shares are whole', () => {
    expect(allocateByLargestRemainder(300, [1000, 2000])).toEqual([100, 200]);
  });

  it('gives the cents left over to the lines whose shares lost the most', () => {
    // Exact shares 3.33…, 3.33…, 3.33…: one cent left, to the first of the equal losers.
    expect(allocateByLargestRemainder(10, [1, 1, 1])).toEqual([4, 3, 3]);
    // Exact shares 1.4, 2.8, 5.8: two cents left, to 2.8 and 5.8 (they lost 0.8 each), not 1.4.
    expect(allocateByLargestRemainder(10, [14, 28, 58])).toEqual([1, 3, 6]);
  });

  it('gives a line worth nothing no share', () => {
    expect(allocateByLargestRemainder(5, [0, 3, 0, 3])).toEqual([0, 3, 0, 2]);
  });

  it('shares nothing among lines worth nothing', () => {
    expect(allocateByLargestRemainder(0, [0, 0])).toEqual([0, 0]);
    expect(allocateByLargestRemainder(0, [])).toEqual([]);
    expect(() => allocateByLargestRemainder(1, [0, 0])).toThrow(RangeError);
  });

  it('stays exact for amounts whose products pass 2^53', () => {
    const shares = allocateByLargestRemainder(100_000_000_001, [10_000_000_000, 10_000_000_000, 30_000_000_000]);
    expect(shares).toEqual([20_000_000_000, 20_000_000_000, 60_000_000_001]);
  });

  it('adds up to the amount, gives each line less than a cent off its exact share and never more than its weight, for any lines', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 1, maxLength: 20 })
          .filter((weights) => weights.some((weight) => weight > 0)),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, fraction) => {
          const total = weights.reduce((sum, weight) => sum + weight, 0);
          const amount = Math.floor(total * fraction);
          const shares = allocateByLargestRemainder(amount, weights);
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(amount);
          shares.forEach((share, index) => {
            const weight = weights[index] ?? 0;
            expect(Number.isInteger(share)).toBe(true);
            expect(share).toBeLessThanOrEqual(weight);
            // |share − amount × weight / total| < 1, in whole numbers.
            const exactTimesTotal = BigInt(amount) * BigInt(weight);
            const shareTimesTotal = BigInt(share) * BigInt(total);
            const gap = shareTimesTotal > exactTimesTotal ? shareTimesTotal - exactTimesTotal : exactTimesTotal - shareTimesTotal;
            expect(gap < BigInt(total)).toBe(true);
          });
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
