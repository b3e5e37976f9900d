// How one line's amount, as the admin entered it, becomes what it is without tax and its tax.
// Tax is worked out and rounded per line (each goods line and the shipping line); the order's tax
// is the sum of its lines', so an invoice's total is always the sum of what it shows.
import { shareRoundedHalfUp } from './rounding';
import type { TaxTreatment } from './tax-treatment';

/** What an entered amount means for this order. */
export type EnteredAmountBasis =
  /** The price holds the tax: the customer pays it as it stands, whatever the rate. */
  | { kind: 'tax_included'; rateBasisPoints: number }
  /** The price is without tax: the tax comes on top (0 % for an export or a reverse charge). */
  | { kind: 'tax_on_top'; rateBasisPoints: number }
  /** The price holds the shop's tax, which an export or a reverse charge does not pay: it comes off. */
  | { kind: 'shop_tax_removed'; shopRateBasisPoints: number };

export interface NetAndTax {
  netCents: number;
  taxCents: number;
}

const BASIS_POINTS = 10_000;

export function enteredAmountBasis(
  treatment: TaxTreatment,
  pricesIncludeTax: boolean,
  rates: { appliedBasisPoints: number; shopBasisPoints: number },
): EnteredAmountBasis {
  const chargesNoTax = treatment === 'reverse_charge' || treatment === 'export';
  if (!pricesIncludeTax) return { kind: 'tax_on_top', rateBasisPoints: rates.appliedBasisPoints };
  // Consumer prices stay what the shelf says in every country: with the One-Stop Shop the tax
  // inside them is the buyer's country's, and the shop's margin absorbs the difference.
  return chargesNoTax
    ? { kind: 'shop_tax_removed', shopRateBasisPoints: rates.shopBasisPoints }
    : { kind: 'tax_included', rateBasisPoints: rates.appliedBasisPoints };
}

/** Splits a line's entered amount (after its discount) into net and tax, rounding half up to the cent. */
export function netAndTaxOf(enteredCents: number, basis: EnteredAmountBasis): NetAndTax {
  switch (basis.kind) {
    case 'tax_included': {
      const taxCents = shareRoundedHalfUp(enteredCents, basis.rateBasisPoints, BASIS_POINTS + basis.rateBasisPoints);
      return { netCents: enteredCents - taxCents, taxCents };
    }
    case 'tax_on_top':
      return { netCents: enteredCents, taxCents: shareRoundedHalfUp(enteredCents, basis.rateBasisPoints, BASIS_POINTS) };
    case 'shop_tax_removed': {
      const shopTaxCents = shareRoundedHalfUp(enteredCents, basis.shopRateBasisPoints, BASIS_POINTS + basis.shopRateBasisPoints);
      return { netCents: enteredCents - shopTaxCents, taxCents: 0 };
    }
  }
}
