// Quantity price breaks: the break with the largest minimum the quantity reaches, never dearer
// than the list price.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unitPriceFor } from './price-breaks';

const breaks = [
  { minQuantity: 50, unitCents: 3200 },
  { minQuantity: 10, unitCents: 3500 },
];

describe('the unit price', () => {
  it('is the list price below the first break', () => {
    expect(unitPriceFor(1, 3900, breaks)).toBe(3900);
    expect(unitPriceFor(9, 3900, breaks)).toBe(3900);
    expect(unitPriceFor(9, 3900, [])).toBe(3900);
  });

  it('is the 10+ price from 10 to 49, whatever order the breaks come in', () => {
    expect(unitPriceFor(10, 3900, breaks)).toBe(3500);
    expect(unitPriceFor(49, 3900, breaks)).toBe(3500);
    expect(unitPriceFor(49, 3900, [...breaks].reverse())).toBe(3500);
  });

  it('is the break with the largest minimum reached, not the cheapest', () => {
    expect(unitPriceFor(50, 3900, breaks)).toBe(3200);
    // Entered the wrong way round: the 20+ break rules from 20, though 10+ is cheaper.
    expect(
      unitPriceFor(25, 3900, [
        { minQuantity: 10, unitCents: 3000 },
        { minQuantity: 20, unitCents: 3400 },
      ]),
    ).toBe(3400);
  });

  it('takes the cheaper of two breaks with the same minimum', () => {
    expect(
      unitPriceFor(10, 3900, [
        { minQuantity: 10, unitCents: 3600 },
        { minQuantity: 10, unitCents: 3500 },
      ]),
    ).toBe(3500);
    expect(
      unitPriceFor(10, 3900, [
        { minQuantity: 10, unitCents: 3500 },
        { minQuantity: 10, unitCents: 3600 },
      ]),
    ).toBe(3500);
  });

  it('never rises above the list price for a break entered above it', () => {
    expect(unitPriceFor(10, 3900, [{ minQuantity: 10, unitCents: 4200 }])).toBe(3900);
  });

  it('is never above the list price and is always a price that was entered, for any breaks', () => {
    const priceBreak = fc.record({
      minQuantity: fc.integer({ min: 1, max: 10_000 }),
      unitCents: fc.integer({ min: 0, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(priceBreak, { maxLength: 6 }),
        (quantity, listUnitCents, priceBreaks) => {
          const unitCents = unitPriceFor(quantity, listUnitCents, priceBreaks);
          expect(unitCents).toBeLessThanOrEqual(listUnitCents);
          expect([listUnitCents, ...priceBreaks.map((entered) => entered.unitCents)]).toContain(unitCents);
          if (priceBreaks.every((entered) => entered.minQuantity > quantity)) expect(unitCents).toBe(listUnitCents);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
