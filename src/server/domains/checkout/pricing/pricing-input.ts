// The engine's preconditions. Its callers pass amounts from the database and a cart the schemas
// have checked, so a broken one is a bug upstream: it throws rather than price it.
import type { DiscountTerms } from './discounts';
import type { PriceBreak } from './price-breaks';
import type { ShippingRate } from './shipping';
import type { TaxSettings } from './tax-treatment';

interface CheckedInput {
  lines: readonly { quantity: number; listUnitCents: number; priceBreaks: readonly PriceBreak[] }[];
  tax: TaxSettings;
  shipping: ShippingRate | null;
  discount: DiscountTerms | null;
}

function requireWhole(what: string, value: number, least: number): void {
  if (!Number.isSafeInteger(value) || value < least)
    throw new RangeError(`${what} must be a whole number of at least ${least}, not ${value}.`);
}

/** Throws a RangeError naming the first amount, quantity or rate that is not a whole number in range. */
export function assertPricingInput(input: CheckedInput): void {
  for (const line of input.lines) {
    requireWhole('A quantity', line.quantity, 1);
    requireWhole('A list price', line.listUnitCents, 0);
    for (const priceBreak of line.priceBreaks) {
      requireWhole("A price break's quantity", priceBreak.minQuantity, 1);
      requireWhole("A price break's price", priceBreak.unitCents, 0);
    }
  }
  for (const rate of input.tax.ratesBasisPoints.values()) requireWhole('A tax rate', rate, 0);
  if (input.shipping !== null) {
    requireWhole('A shipping price', input.shipping.priceCents, 0);
    if (input.shipping.freeAboveCents !== null) requireWhole('A free-shipping threshold', input.shipping.freeAboveCents, 0);
  }
  if (input.discount !== null) {
    requireWhole('A discount', input.discount.value, 0);
    requireWhole("A discount's minimum spend", input.discount.minSpendCents, 0);
  }
}
