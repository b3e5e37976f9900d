// The one rounding rule: a share of an amount, half up to the cent, exact even where a JavaScript
// number's product would not be.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareRoundedHalfUp, shareWithRemainder } from './rounding';

describe('a share rounded half up', () => {
  it('rounds a half cent up and less than a half down', () => {
    expect(shareRoundedHalfUp(5, 1000, 10_000)).toBe(1); // 0.5
    expect(shareRoundedHalfUp(4, 1000, 10_000)).toBe(0); // 0.4
    expect(shareRoundedHalfUp(19_500, 1900, 11_900)).toBe(3113); // 3113.445…
    expect(shareRoundedHalfUp(15, 1, 2)).toBe(8); // 7.5
  });

  it('is within half a cent of the exact share, and a half goes up, for any amount up to €10,000 and any rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 2700 }), (amount, rate) => {
        const denominator = 10_000 + rate;
        // Small enough that the floating-point quotient cannot cross a half-cent boundary.
        expect(shareRoundedHalfUp(amount, rate, denominator)).toBe(Math.round((amount * rate) / denominator));
      }),
      { numRuns: 2_000 },
    );
  });

  it('stays exact where the product passes 2^53', () => {
    // 10^10 × 2700 / 12700 = 2,125,984,251.968…
    expect(shareRoundedHalfUp(10_000_000_000, 2700, 12_700)).toBe(2_125_984_252);
    // (2^53 − 1) × 3 passes 2^53; its sixth is 4,503,599,627,370,495.5, which rounds up.
    expect(shareRoundedHalfUp(Number.MAX_SAFE_INTEGER, 3, 6)).toBe(4_503_599_627_370_496);
  });
});

describe('a share with its remainder', () => {
  it('gives the whole part and what is left, in parts of the denominator', () => {
    expect(shareWithRemainder(10, 1, 3)).toEqual({ whole: 3, remainder: 1n });
    expect(shareWithRemainder(10_000_000_000, 10_000_000_000, 30_000_000_000)).toEqual({
      whole: 3_333_333_333,
      remainder: 10_000_000_000n,
    });
  });
});
