// A discount code takes a percentage (rounded half up) or a fixed amount off the goods, never
// more than the goods, and is refused below its minimum spend.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountFor, type DiscountTerms } from './discounts';

const tenPercent: DiscountTerms = { code: 'SPRING10', kind: 'percent', value: 1000, minSpendCents: 0 };
const fiveEuros: DiscountTerms = { code: 'FIVE', kind: 'fixed', value: 500, minSpendCents: 0 };

describe('a discount', () => {
  it('takes its percentage of the goods, half a cent rounded up', () => {
    expect(discountFor(tenPercent, 19_500)).toEqual({ cents: 1950 });
    expect(discountFor(tenPercent, 19_505)).toEqual({ cents: 1951 }); // 1950.5
    expect(discountFor(tenPercent, 19_504)).toEqual({ cents: 1950 }); // 1950.4
  });

  it('takes its fixed amount off the goods', () => {
    expect(discountFor(fiveEuros, 3900)).toEqual({ cents: 500 });
  });

  it('takes no more than the goods when the fixed amount is larger', () => {
    expect(discountFor({ ...fiveEuros, value: 5000 }, 3900)).toEqual({ cents: 3900 });
  });

  it('takes no more than the goods for a percentage above 100 %', () => {
    expect(discountFor({ ...tenPercent, value: 15_000 }, 3900)).toEqual({ cents: 3900 });
  });

  it('refuses a discount below its minimum spend', () => {
    expect(discountFor({ ...fiveEuros, minSpendCents: 10_000 }, 9999)).toEqual({
      refused: 'discount_minimum_spend',
      minSpendCents: 10_000,
    });
  });

  it('applies at exactly its minimum spend', () => {
    expect(discountFor({ ...fiveEuros, minSpendCents: 10_000 }, 10_000)).toEqual({ cents: 500 });
  });

  it('is never more than the goods nor less than nothing, for any terms', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('percent' as const, 'fixed' as const),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 200_000_000_000 }),
        (kind, value, subtotalCents) => {
          const outcome = discountFor({ code: 'ANY', kind, value, minSpendCents: 0 }, subtotalCents);
          if ('refused' in outcome) throw new Error('refused without a minimum spend');
          expect(Number.isInteger(outcome.cents)).toBe(true);
          expect(outcome.cents).toBeGreaterThanOrEqual(0);
          expect(outcome.cents).toBeLessThanOrEqual(subtotalCents);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
