// Shipping costs its price until the goods after their discount reach the rate's threshold.
import { describe, expect, it } from 'vitest';
import { shippingCentsFor, type ShippingRate } from './shipping';

const standard: ShippingRate = { name: 'Standard', priceCents: 490, freeAboveCents: 5000 };

describe('the shipping charge', () => {
  it('is the rate’s price below the threshold', () => {
    expect(shippingCentsFor(standard, 4999)).toBe(490);
  });

  it('is free from the threshold on', () => {
    expect(shippingCentsFor(standard, 5000)).toBe(0);
    expect(shippingCentsFor(standard, 19_500)).toBe(0);
  });

  it('is never free for a rate without a threshold', () => {
    expect(shippingCentsFor({ ...standard, freeAboveCents: null }, 1_000_000)).toBe(490);
  });

  it('is free for any goods at a threshold of zero', () => {
    expect(shippingCentsFor({ ...standard, freeAboveCents: 0 }, 0)).toBe(0);
  });
});
