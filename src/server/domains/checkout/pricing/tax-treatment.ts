// Which VAT rule an order falls under, decided by where the shop and the buyer are and whether
// the buyer is a business with a VAT ID, and the one rate that rule applies.
import { isEuCountry } from '../../../../shared/countries';
import { vatIdCountry } from '../../../../shared/vat-ids';

export interface TaxSettings {
  /** ISO 3166-1 alpha-2, e.g. 'DE'. */
  shopCountry: string;
  /** Prices entered with tax (EU consumer style) or without. */
  pricesIncludeTax: boolean;
  /** The One-Stop Shop: EU consumers abroad pay their own country's rate. */
  ossEnabled: boolean;
  /** Country → rate in basis points: 1900 = 19 %, 2550 = 25.5 %. */
  ratesBasisPoints: ReadonlyMap<string, number>;
}

/** The buyer's shipping country and VAT ID; the ID's format is checked before it comes here. */
export interface Buyer {
  country: string;
  vatId: string | null;
}

export type TaxTreatment =
  /** Buyer in the shop's country: the shop's rate. */
  | 'domestic'
  /** EU consumer in another member state, One-Stop Shop off: the shop's rate. */
  | 'eu_shop_rate'
  /** EU consumer in another member state, One-Stop Shop on: the buyer's country's rate. */
  | 'eu_buyer_rate'
  /** EU business (VAT ID) in another member state than the shop: 0 %, the invoice says "Reverse charge". */
  | 'reverse_charge'
  /** Buyer outside the EU with no rate set for their country: 0 %. */
  | 'export'
  /** Buyer outside the EU with a rate set for their country: that rate. */
  | 'foreign_rate';

/**
 * The rules, in order: the buyer's country is the shop's → domestic, whatever VAT ID they give.
 * Shop and buyer in two member states → reverse charge for a business whose VAT ID was issued by
 * the buyer's country (EL for Greece), else the One-Stop Shop decides whose rate a consumer pays.
 * Anything else (the buyer or the shop outside the EU) → the rate set for the buyer's country, or
 * an export at 0 % when none is; there is no reverse charge outside the EU.
 */
export function taxTreatmentFor(tax: TaxSettings, buyer: Buyer): TaxTreatment {
  if (buyer.country === tax.shopCountry) return 'domestic';
  if (isEuCountry(tax.shopCountry) && isEuCountry(buyer.country)) {
    if (buyer.vatId !== null && vatIdCountry(buyer.vatId) === buyer.country) return 'reverse_charge';
    return tax.ossEnabled ? 'eu_buyer_rate' : 'eu_shop_rate';
  }
  return tax.ratesBasisPoints.has(buyer.country) ? 'foreign_rate' : 'export';
}

/** The rate a treatment charges and the shop's own rate, or the country whose rate is missing. */
export type OrderRates = { appliedBasisPoints: number; shopBasisPoints: number } | { missingRateOf: string };

/**
 * The shop's own rate is always needed, even for an order that charges none: prices entered with
 * tax hold it, and it is what an export or a reverse charge takes off them. A shop without a rate
 * for its own country is misconfigured, and no order is priced until it has one.
 */
export function ratesFor(treatment: TaxTreatment, tax: TaxSettings, buyer: Buyer): OrderRates {
  const shopBasisPoints = tax.ratesBasisPoints.get(tax.shopCountry);
  if (shopBasisPoints === undefined) return { missingRateOf: tax.shopCountry };
  switch (treatment) {
    case 'domestic':
    case 'eu_shop_rate':
      return { appliedBasisPoints: shopBasisPoints, shopBasisPoints };
    case 'eu_buyer_rate':
    case 'foreign_rate': {
      const buyerBasisPoints = tax.ratesBasisPoints.get(buyer.country);
      return buyerBasisPoints === undefined
        ? { missingRateOf: buyer.country }
        : { appliedBasisPoints: buyerBasisPoints, shopBasisPoints };
    }
    case 'reverse_charge':
    case 'export':
      return { appliedBasisPoints: 0, shopBasisPoints };
  }
}
