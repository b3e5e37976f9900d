// The settings' schemas over many values: every rate a person can type with two decimals becomes
// its exact basis points, every euro rate with up to six its exact millionths, and a set of price
// breaks is taken exactly when its quantities differ.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import {
  basisPointsToPercent,
  eurRateToMillionths,
  millionthsToEurRate,
  percentToBasisPoints,
  setPriceBreaksSchema,
  setTaxRateSchema,
} from './shop-settings';

/** A rate as a person writes it: 0 to 100, a point and two digits. */
const writtenRate = fc
  .integer({ min: 0, max: 10_000 })
  .map((basisPoints) => ({ text: `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`, basisPoints }));

const TOOL_ID = '7f0c1d1e-8d4b-4c55-9a57-2a0b8f1f1a11';

describe('tax rates in percent', () => {
  it('takes any two-decimal rate from 0 to 100 and stores its exact basis points, which read back as the same percent', () => {
    fc.assert(
      fc.property(writtenRate, ({ text, basisPoints }) => {
        const ratePercent = Number(text);
        expect(setTaxRateSchema.safeParse({ country: 'DE', ratePercent }).success).toBe(true);
        expect(percentToBasisPoints(ratePercent)).toBe(basisPoints);
        expect(basisPointsToPercent(basisPoints)).toBe(ratePercent);
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses any rate with a third decimal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999 }).filter((thousandths) => thousandths % 10 !== 0),
        (thousandths) => {
          const result = setTaxRateSchema.safeParse({ country: 'DE', ratePercent: thousandths / 1000 });
          expect(result.error?.issues[0]?.message).toBe(messages.taxRateInvalid);
        },
      ),
    );
  });
});

describe('euro rates in millionths', () => {
  const millionths = fc.integer({ min: 1, max: 100_000_000 });

  it('reads any rate from 0.000001 to 100, with six decimals or as it is shown, as its exact millionths', () => {
    fc.assert(
      fc.property(millionths, (rate) => {
        const sixDecimals = `${Math.trunc(rate / 1_000_000)}.${String(rate % 1_000_000).padStart(6, '0')}`;
        expect(eurRateToMillionths(sixDecimals)).toBe(rate);
        const shown = millionthsToEurRate(rate);
        expect(shown).not.toMatch(/\.(\d*0)?$/);
        expect(eurRateToMillionths(shown)).toBe(rate);
      }),
      { numRuns: 2_000 },
    );
  });

  it('writes a rate as it is typed, without trailing zeros', () => {
    expect(millionthsToEurRate(921_300)).toBe('0.9213');
    expect(millionthsToEurRate(920_000)).toBe('0.92');
    expect(millionthsToEurRate(1_000_000)).toBe('1');
    expect(millionthsToEurRate(1)).toBe('0.000001');
  });

  it('refuses 0, more than 100, a seventh decimal, a comma, a sign or an exponent', () => {
    for (const text of ['0', '0.0', '100.000001', '101', '0.9213001', '0,92', '-0.92', '+0.92', '9.2e-1', '.92', '0.', '', ' 0.92']) {
      expect(eurRateToMillionths(text), text).toBeNull();
    }
  });
});

describe('a set of price breaks', () => {
  it('is taken exactly when no two breaks start at the same quantity', () => {
    const priceBreak = fc.record({ minQuantity: fc.integer({ min: 2, max: 60 }), unitPrice: fc.constant(9.99) });
    fc.assert(
      fc.property(fc.array(priceBreak, { maxLength: 20 }), (breaks) => {
        const distinct = new Set(breaks.map((each) => each.minQuantity)).size === breaks.length;
        const result = setPriceBreaksSchema.safeParse({ toolId: TOOL_ID, breaks });
        expect(result.success).toBe(distinct);
        if (!distinct) expect(result.error?.issues[0]?.message).toBe(messages.priceBreakQuantitiesRepeated);
      }),
    );
  });
});
