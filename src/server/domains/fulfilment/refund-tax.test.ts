// The tax a partial refund reverses: pro rata at the order's rate, half up, none without tax.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxInRefund } from './refund-tax';

describe('the tax in a refunded amount', () => {
  it('is the amount’s share of tax at the order’s rate, rounded half up', () => {
    // 119.00 at 19 % holds 19.00; 10.00 holds 1.5966… → 1.60; 0.07 holds 0.01117… → 0.01.
    expect(taxInRefund(119_00, 1900, 'domestic')).toBe(19_00);
    expect(taxInRefund(10_00, 1900, 'domestic')).toBe(1_60);
    expect(taxInRefund(7, 1900, 'eu_buyer_rate')).toBe(1);
    // 0.25 at 25 % holds exactly 0.05; 0.03 at 20 % holds 0.005 → half up to 0.01.
    expect(taxInRefund(25, 2500, 'foreign_rate')).toBe(5);
    expect(taxInRefund(3, 2000, 'eu_shop_rate')).toBe(1);
  });

  it('reverses no tax for a reverse charge or an export', () => {
    expect(taxInRefund(119_00, 1900, 'reverse_charge')).toBe(0);
    expect(taxInRefund(119_00, 1900, 'export')).toBe(0);
  });

  it('is never negative and never more than the amount, at any rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), fc.integer({ min: 0, max: 10_000 }), (amount, rate) => {
        const tax = taxInRefund(amount, rate, 'domestic');
        expect(tax).toBeGreaterThanOrEqual(0);
        expect(tax).toBeLessThanOrEqual(amount);
      }),
    );
  });
});
