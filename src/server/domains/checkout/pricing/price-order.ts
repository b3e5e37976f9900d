// The money engine: prices one order (its lines, shipping, tax and discount) from what the admin
// entered, with no database and no side effects. Every amount is whole cents. The rules are in
// docs/decisions/0042-tax-rounding-and-pricing.md; each file of this folder holds one of them.
import { allocateByLargestRemainder } from './allocation';
import { discountFor, type DiscountTerms } from './discounts';
import { enteredAmountBasis, netAndTaxOf, type EnteredAmountBasis } from './line-tax';
import { type PriceBreak, unitPriceFor } from './price-breaks';
import { assertPricingInput } from './pricing-input';
import { shippingCentsFor, type ShippingRate } from './shipping';
import { ratesFor, taxTreatmentFor, type Buyer, type TaxSettings, type TaxTreatment } from './tax-treatment';

export type { Buyer, DiscountTerms, PriceBreak, ShippingRate, TaxSettings, TaxTreatment };
export { unitPriceFor };

export interface LineToPrice {
  /** The part today; a variant later. */
  sellableId: string;
  /** A whole number, at least 1. */
  quantity: number;
  /** The part's price as the admin entered it. */
  listUnitCents: number;
  /** In any order. */
  priceBreaks: readonly PriceBreak[];
}

export interface PricedLine {
  sellableId: string;
  quantity: number;
  /** The price-break unit price, as entered (with tax when prices include it). */
  unitCents: number;
  /** unitCents × quantity. */
  lineCents: number;
  /** This line's share of the order's discount, as entered. */
  discountCents: number;
  /** After the discount, without tax. */
  netCents: number;
  taxCents: number;
  /** netCents + taxCents. */
  grossCents: number;
}

export interface PricedShipping {
  name: string;
  /** As entered; 0 when the goods reach the rate's free-shipping threshold. */
  cents: number;
  netCents: number;
  taxCents: number;
  grossCents: number;
}

export interface OrderPricing {
  treatment: TaxTreatment;
  /** The one rate applied: 0 for a reverse charge or an export. */
  taxRateBasisPoints: number;
  /** In the order of the input. */
  lines: PricedLine[];
  /** The sum of lineCents, as entered. */
  subtotalCents: number;
  /** As entered; null when the order has no discount code. */
  discount: { code: string; cents: number } | null;
  shipping: PricedShipping | null;
  /** The lines' net plus the shipping's net. */
  netCents: number;
  /** The lines' tax plus the shipping's tax. */
  taxCents: number;
  /** What the customer pays: netCents + taxCents. */
  totalCents: number;
  /** One per rate (an order has one rate today), as an invoice lists them. */
  taxLines: { rateBasisPoints: number; netCents: number; taxCents: number }[];
}

export type PricingRefusal =
  /** The shop's country has no rate, or the buyer's country has none where its rate is needed. */
  { refused: 'no_tax_rate'; country: string } | { refused: 'discount_minimum_spend'; minSpendCents: number };

export interface OrderToPrice {
  lines: readonly LineToPrice[];
  tax: TaxSettings;
  buyer: Buyer;
  shipping: ShippingRate | null;
  discount: DiscountTerms | null;
}

export function isPricingRefusal(result: OrderPricing | PricingRefusal): result is PricingRefusal {
  return 'refused' in result;
}

function sum(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + amount, 0);
}

/**
 * Prices an order, or says why it cannot be: a missing tax rate, or a discount code whose minimum
 * spend the goods do not reach. Throws a RangeError for an amount or quantity that is not a whole
 * number in range, since the schemas upstream let none through.
 */
export function priceOrder(input: OrderToPrice): OrderPricing | PricingRefusal {
  assertPricingInput(input);
  const treatment = taxTreatmentFor(input.tax, input.buyer);
  const rates = ratesFor(treatment, input.tax, input.buyer);
  if ('missingRateOf' in rates) return { refused: 'no_tax_rate', country: rates.missingRateOf };

  const entered = input.lines.map((line) => {
    const unitCents = unitPriceFor(line.quantity, line.listUnitCents, line.priceBreaks);
    return { line, unitCents, lineCents: unitCents * line.quantity };
  });
  const subtotalCents = sum(entered.map(({ lineCents }) => lineCents));

  const discount = input.discount === null ? null : discountFor(input.discount, subtotalCents);
  if (discount !== null && 'refused' in discount) return discount;
  const discountCents = discount?.cents ?? 0;
  const discountShares = allocateByLargestRemainder(
    discountCents,
    entered.map(({ lineCents }) => lineCents),
  );

  const basis = enteredAmountBasis(treatment, input.tax.pricesIncludeTax, rates);
  const lines = entered.map(({ line, unitCents, lineCents }, index): PricedLine => {
    const discountCents = discountShares[index] ?? 0;
    const { netCents, taxCents } = netAndTaxOf(lineCents - discountCents, basis);
    return {
      sellableId: line.sellableId,
      quantity: line.quantity,
      unitCents,
      lineCents,
      discountCents,
      netCents,
      taxCents,
      grossCents: netCents + taxCents,
    };
  });
  const shipping = input.shipping === null ? null : priceShipping(input.shipping, subtotalCents - discountCents, basis);

  const netCents = sum(lines.map((line) => line.netCents)) + (shipping?.netCents ?? 0);
  const taxCents = sum(lines.map((line) => line.taxCents)) + (shipping?.taxCents ?? 0);
  return {
    treatment,
    taxRateBasisPoints: rates.appliedBasisPoints,
    lines,
    subtotalCents,
    discount: input.discount === null ? null : { code: input.discount.code, cents: discountCents },
    shipping,
    netCents,
    taxCents,
    totalCents: netCents + taxCents,
    taxLines: [{ rateBasisPoints: rates.appliedBasisPoints, netCents, taxCents }],
  };
}

/** Shipping follows the goods: the same rate, taxed as its own line. */
function priceShipping(rate: ShippingRate, goodsAfterDiscountCents: number, basis: EnteredAmountBasis): PricedShipping {
  const cents = shippingCentsFor(rate, goodsAfterDiscountCents);
  const { netCents, taxCents } = netAndTaxOf(cents, basis);
  return { name: rate.name, cents, netCents, taxCents, grossCents: netCents + taxCents };
}
