// The engine refuses to price an input no schema would let through, naming what is wrong.
import { describe, expect, it } from 'vitest';
import { assertPricingInput } from './pricing-input';

const valid = {
  lines: [{ quantity: 2, listUnitCents: 3900, priceBreaks: [{ minQuantity: 10, unitCents: 3500 }] }],
  tax: { shopCountry: 'DE', pricesIncludeTax: true, ossEnabled: false, ratesBasisPoints: new Map([['DE', 1900]]) },
  shipping: { name: 'Standard', priceCents: 490, freeAboveCents: 5000 },
  discount: { code: 'FIVE', kind: 'fixed' as const, value: 500, minSpendCents: 0 },
};
const line = valid.lines[0]!;

describe('the engine’s preconditions', () => {
  it('accept whole amounts and quantities in range, and no shipping or discount', () => {
    expect(() => assertPricingInput(valid)).not.toThrow();
    expect(() =>
      assertPricingInput({ ...valid, shipping: { ...valid.shipping, freeAboveCents: null }, discount: null }),
    ).not.toThrow();
    expect(() => assertPricingInput({ ...valid, shipping: null })).not.toThrow();
  });

  it.each([
    ['a quantity of 0', { lines: [{ ...line, quantity: 0 }] }, 'A quantity must be a whole number of at least 1, not 0.'],
    ['a fractional quantity', { lines: [{ ...line, quantity: 1.5 }] }, 'A quantity must be a whole number of at least 1, not 1.5.'],
    ['a negative price', { lines: [{ ...line, listUnitCents: -1 }] }, 'A list price must be a whole number of at least 0, not -1.'],
    [
      'a price in fractions of a cent',
      { lines: [{ ...line, listUnitCents: 39.5 }] },
      'A list price must be a whole number of at least 0, not 39.5.',
    ],
    [
      'a break from 0',
      { lines: [{ ...line, priceBreaks: [{ minQuantity: 0, unitCents: 1 }] }] },
      "A price break's quantity must be a whole number of at least 1, not 0.",
    ],
    [
      'a break’s negative price',
      { lines: [{ ...line, priceBreaks: [{ minQuantity: 2, unitCents: -5 }] }] },
      "A price break's price must be a whole number of at least 0, not -5.",
    ],
    [
      'a fractional rate',
      { tax: { ...valid.tax, ratesBasisPoints: new Map([['DE', 19.5]]) } },
      'A tax rate must be a whole number of at least 0, not 19.5.',
    ],
    [
      'a negative shipping price',
      { shipping: { ...valid.shipping, priceCents: -490 } },
      'A shipping price must be a whole number of at least 0, not -490.',
    ],
    [
      'a threshold that is not a number',
      { shipping: { ...valid.shipping, freeAboveCents: Number.NaN } },
      'A free-shipping threshold must be a whole number of at least 0, not NaN.',
    ],
    [
      'a negative discount',
      { discount: { ...valid.discount, value: -500 } },
      'A discount must be a whole number of at least 0, not -500.',
    ],
    [
      'a negative minimum spend',
      { discount: { ...valid.discount, minSpendCents: -1 } },
      "A discount's minimum spend must be a whole number of at least 0, not -1.",
    ],
    [
      'an unsafe amount',
      { lines: [{ ...line, listUnitCents: 2 ** 53 }] },
      `A list price must be a whole number of at least 0, not ${2 ** 53}.`,
    ],
  ])('throws for %s', (_what, change, message) => {
    expect(() => assertPricingInput({ ...valid, ...change })).toThrow(new RangeError(message));
  });
});
