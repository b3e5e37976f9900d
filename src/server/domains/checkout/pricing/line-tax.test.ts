// How one line's entered amount becomes net and tax: tax inside the price, tax on top, or the
// shop's tax taken off for a buyer who pays none; rounded half up per line.
import { describe, expect, it } from 'vitest';
import { enteredAmountBasis, netAndTaxOf } from './line-tax';

const rates = { appliedBasisPoints: 2000, shopBasisPoints: 1900 };

describe('what an entered amount means', () => {
  it.each(['domestic', 'eu_shop_rate', 'eu_buyer_rate', 'foreign_rate'] as const)(
    'holds the applied rate when prices include tax (%s)',
    (treatment) => expect(enteredAmountBasis(treatment, true, rates)).toEqual({ kind: 'tax_included', rateBasisPoints: 2000 }),
  );

  it.each(['reverse_charge', 'export'] as const)('holds the shop’s tax, which comes off, when prices include tax (%s)', (treatment) =>
    expect(enteredAmountBasis(treatment, true, rates)).toEqual({ kind: 'shop_tax_removed', shopRateBasisPoints: 1900 }),
  );

  it('takes the applied rate on top when prices are without tax, none for a buyer who pays none', () => {
    expect(enteredAmountBasis('domestic', false, rates)).toEqual({ kind: 'tax_on_top', rateBasisPoints: 2000 });
    expect(enteredAmountBasis('export', false, { appliedBasisPoints: 0, shopBasisPoints: 1900 })).toEqual({
      kind: 'tax_on_top',
      rateBasisPoints: 0,
    });
  });
});

describe('net and tax of a line', () => {
  it('finds the tax inside a price: €195.00 at 19 % holds €31.13', () => {
    expect(netAndTaxOf(19_500, { kind: 'tax_included', rateBasisPoints: 1900 })).toEqual({ netCents: 16_387, taxCents: 3113 });
  });

  it('adds the tax on top of a net price: €195.00 at 19 % is €37.05 more', () => {
    expect(netAndTaxOf(19_500, { kind: 'tax_on_top', rateBasisPoints: 1900 })).toEqual({ netCents: 19_500, taxCents: 3705 });
  });

  it('takes the shop’s tax off a price for a buyer who pays none', () => {
    expect(netAndTaxOf(19_500, { kind: 'shop_tax_removed', shopRateBasisPoints: 1900 })).toEqual({ netCents: 16_387, taxCents: 0 });
  });

  it('rounds a half cent of tax up and less than a half down', () => {
    // 5 × 10 % = 0.5 → 1; 4 × 10 % = 0.4 → 0.
    expect(netAndTaxOf(5, { kind: 'tax_on_top', rateBasisPoints: 1000 })).toEqual({ netCents: 5, taxCents: 1 });
    expect(netAndTaxOf(4, { kind: 'tax_on_top', rateBasisPoints: 1000 })).toEqual({ netCents: 4, taxCents: 0 });
    // 33 × 20/120 = 5.5 → 6; 32 × 20/120 = 5.33… → 5.
    expect(netAndTaxOf(33, { kind: 'tax_included', rateBasisPoints: 2000 })).toEqual({ netCents: 27, taxCents: 6 });
    expect(netAndTaxOf(32, { kind: 'tax_included', rateBasisPoints: 2000 })).toEqual({ netCents: 27, taxCents: 5 });
    expect(netAndTaxOf(33, { kind: 'shop_tax_removed', shopRateBasisPoints: 2000 })).toEqual({ netCents: 27, taxCents: 0 });
  });

  it('charges nothing on nothing', () => {
    expect(netAndTaxOf(0, { kind: 'tax_included', rateBasisPoints: 2700 })).toEqual({ netCents: 0, taxCents: 0 });
  });
});
