// Money crosses the API in dollars and lives in the database in integer cents: the conversions
// must lose nothing for any price a person can write with two decimals.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ORDER_TOTAL_CENTS, MAX_PRICE_DOLLARS } from './constants';
import { centsToDollars, dollarsToCents, isWholeCents } from './money';

/** The most money the API carries: the dearest price a part may have (more than an order's most). */
const MOST_DOLLARS = Math.max(MAX_PRICE_DOLLARS, MAX_ORDER_TOTAL_CENTS / 100);

/** A price as a person writes it (and JSON carries it): whole dollars, a point and two digits. */
const writtenPrice = fc
  .tuple(fc.integer({ min: 0, max: MOST_DOLLARS }), fc.integer({ min: 0, max: 99 }))
  .map(([dollars, cents]) => ({ text: `${dollars}.${String(cents).padStart(2, '0')}`, cents: dollars * 100 + cents }));

describe('dollars and cents', () => {
  it('turns any two-decimal price up to the dearest into its exact whole number of cents, and back into the same dollars', () => {
    fc.assert(
      fc.property(writtenPrice, ({ text, cents }) => {
        const dollars = Number(text);
        const converted = dollarsToCents(dollars);
        expect(Number.isInteger(converted)).toBe(true);
        expect(converted).toBe(cents);
        expect(centsToDollars(converted)).toBe(dollars);
        expect(isWholeCents(dollars)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('always gives whole cents, for any amount of dollars at all', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: MOST_DOLLARS, noNaN: true }), (dollars) => {
        expect(Number.isInteger(dollarsToCents(dollars))).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
