// Which VAT rule an order falls under, from where the shop and the buyer are and the buyer's VAT
// ID, and which rate that rule needs from the settings.
import { describe, expect, it } from 'vitest';
import { ratesFor, taxTreatmentFor, type Buyer, type TaxSettings } from './tax-treatment';

const rates = new Map([
  ['DE', 1900],
  ['AT', 2000],
  ['FR', 2000],
  ['GR', 2400],
  ['GB', 2000],
  ['US', 0],
]);
const germanShop: TaxSettings = { shopCountry: 'DE', pricesIncludeTax: true, ossEnabled: false, ratesBasisPoints: rates };
const withOss: TaxSettings = { ...germanShop, ossEnabled: true };
const swissShop: TaxSettings = { ...germanShop, shopCountry: 'CH', ratesBasisPoints: new Map([...rates, ['CH', 810]]) };

function consumer(country: string): Buyer {
  return { country, vatId: null };
}

describe('the tax treatment', () => {
  it('is domestic in the shop’s country, whatever VAT ID the buyer gives', () => {
    expect(taxTreatmentFor(germanShop, consumer('DE'))).toBe('domestic');
    expect(taxTreatmentFor(germanShop, { country: 'DE', vatId: 'DE123456789' })).toBe('domestic');
    expect(taxTreatmentFor(swissShop, { country: 'CH', vatId: 'CHE123456789' })).toBe('domestic');
  });

  it('is a reverse charge for a business in another member state whose VAT ID is from there', () => {
    expect(taxTreatmentFor(germanShop, { country: 'FR', vatId: 'FRXX123456789' })).toBe('reverse_charge');
    expect(taxTreatmentFor(withOss, { country: 'FR', vatId: 'FRXX123456789' })).toBe('reverse_charge');
  });

  it('reads Greece’s EL prefix as a Greek business', () => {
    expect(taxTreatmentFor(germanShop, { country: 'GR', vatId: 'EL123456789' })).toBe('reverse_charge');
  });

  it('charges a consumer’s VAT when the VAT ID is of another country than where the goods go', () => {
    expect(taxTreatmentFor(germanShop, { country: 'FR', vatId: 'ATU12345678' })).toBe('eu_shop_rate');
    expect(taxTreatmentFor(germanShop, { country: 'FR', vatId: 'DE123456789' })).toBe('eu_shop_rate');
    expect(taxTreatmentFor(withOss, { country: 'AT', vatId: 'FRXX123456789' })).toBe('eu_buyer_rate');
  });

  it('gives an EU consumer abroad the shop’s rate without the One-Stop Shop and their own with it', () => {
    expect(taxTreatmentFor(germanShop, consumer('AT'))).toBe('eu_shop_rate');
    expect(taxTreatmentFor(withOss, consumer('AT'))).toBe('eu_buyer_rate');
  });

  it('exports to a country outside the EU with no rate set, and charges the rate set for one', () => {
    expect(taxTreatmentFor(germanShop, consumer('CH'))).toBe('export');
    expect(taxTreatmentFor(germanShop, { country: 'CH', vatId: 'CHE123456789' })).toBe('export');
    expect(taxTreatmentFor(germanShop, consumer('GB'))).toBe('foreign_rate');
    expect(taxTreatmentFor(germanShop, consumer('US'))).toBe('foreign_rate');
  });

  it('gives a shop outside the EU no reverse charge: the rate set for the buyer’s country, or an export', () => {
    expect(taxTreatmentFor(swissShop, { country: 'FR', vatId: 'FRXX123456789' })).toBe('foreign_rate');
    expect(taxTreatmentFor({ ...swissShop, ossEnabled: true }, consumer('AT'))).toBe('foreign_rate');
    expect(taxTreatmentFor(swissShop, consumer('NO'))).toBe('export');
  });
});

describe('the rates a treatment needs', () => {
  it('is the shop’s rate at home and for an EU consumer without the One-Stop Shop', () => {
    expect(ratesFor('domestic', germanShop, consumer('DE'))).toEqual({ appliedBasisPoints: 1900, shopBasisPoints: 1900 });
    expect(ratesFor('eu_shop_rate', germanShop, consumer('AT'))).toEqual({ appliedBasisPoints: 1900, shopBasisPoints: 1900 });
  });

  it('is the buyer’s country’s rate with the One-Stop Shop and outside the EU', () => {
    expect(ratesFor('eu_buyer_rate', withOss, consumer('AT'))).toEqual({ appliedBasisPoints: 2000, shopBasisPoints: 1900 });
    expect(ratesFor('foreign_rate', germanShop, consumer('US'))).toEqual({ appliedBasisPoints: 0, shopBasisPoints: 1900 });
  });

  it('is none for a reverse charge or an export, keeping the shop’s rate to take off prices with tax', () => {
    expect(ratesFor('reverse_charge', germanShop, consumer('FR'))).toEqual({ appliedBasisPoints: 0, shopBasisPoints: 1900 });
    expect(ratesFor('export', germanShop, consumer('CH'))).toEqual({ appliedBasisPoints: 0, shopBasisPoints: 1900 });
  });

  it('names the shop’s country when it has no rate, whatever the treatment', () => {
    const noHomeRate = { ...germanShop, ratesBasisPoints: new Map([['AT', 2000]]) };
    expect(ratesFor('export', noHomeRate, consumer('CH'))).toEqual({ missingRateOf: 'DE' });
    expect(ratesFor('eu_buyer_rate', noHomeRate, consumer('AT'))).toEqual({ missingRateOf: 'DE' });
  });

  it('names the buyer’s country when the One-Stop Shop needs a rate it does not have', () => {
    expect(ratesFor('eu_buyer_rate', withOss, consumer('PL'))).toEqual({ missingRateOf: 'PL' });
  });
});
