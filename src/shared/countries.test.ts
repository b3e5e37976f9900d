// The EU's member states decide how VAT is charged and the shipping list is what the forms offer:
// both must hold exactly the countries they name, once each.
import { describe, expect, it } from 'vitest';
import { countryName, EU_COUNTRIES, isEuCountry, isShippingCountry, SHIPPING_COUNTRIES, SHIPPING_COUNTRY_CODES } from './countries';

describe('the EU', () => {
  it('has its 27 member states, once each', () => {
    expect(new Set(EU_COUNTRIES).size).toBe(27);
    for (const code of EU_COUNTRIES) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it.each(['DE', 'FR', 'GR', 'HR', 'IE', 'MT'])('counts %s as a member state', (code) => expect(isEuCountry(code)).toBe(true));

  it.each(['GB', 'CH', 'NO', 'US', 'CA', 'EL', 'de', ''])('does not count %s as a member state', (code) =>
    expect(isEuCountry(code)).toBe(false),
  );
});

describe('the countries the shop ships to', () => {
  it('are the EU states, the United Kingdom, Switzerland, Norway, the United States and Canada', () => {
    expect([...SHIPPING_COUNTRY_CODES].sort()).toEqual([...EU_COUNTRIES, 'CA', 'CH', 'GB', 'NO', 'US'].sort());
  });

  it('are listed by name, as a form shows them', () => {
    const names = SHIPPING_COUNTRIES.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(SHIPPING_COUNTRY_CODES).toEqual(SHIPPING_COUNTRIES.map((country) => country.code));
  });

  it('have their English names', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('GR')).toBe('Greece');
    expect(countryName('CH')).toBe('Switzerland');
    expect(countryName('GB')).toBe('United Kingdom');
  });

  it('shows a code it does not ship to as the code itself', () => {
    expect(countryName('JP')).toBe('JP');
    expect(isShippingCountry('JP')).toBe(false);
    expect(isShippingCountry('NO')).toBe(true);
  });
});
