// A VAT ID is read the way a business types it, its country taken from its prefix (EL is Greece),
// and its format checked per country; the form's schema gives one plain sentence when it is wrong.
import { describe, expect, it } from 'vitest';
import type { EuCountryCode } from './countries';
import { isValidVatIdFormat, normaliseVatId, VAT_ID_FORMAT_MESSAGE, vatIdCountry, vatIdSchema } from './vat-ids';

/** One ID in the format of each member state (formats only: the check digits need not agree). */
const EU_EXAMPLES: Record<EuCountryCode, string> = {
  AT: 'ATU12345678',
  BE: 'BE0123456789',
  BG: 'BG123456789',
  CY: 'CY12345678X',
  CZ: 'CZ12345678',
  DE: 'DE123456789',
  DK: 'DK12345678',
  EE: 'EE101234567',
  ES: 'ESX1234567L',
  FI: 'FI12345678',
  FR: 'FRXX123456789',
  GR: 'EL123456789',
  HR: 'HR12345678901',
  HU: 'HU12345678',
  IE: 'IE1234567T',
  IT: 'IT12345678901',
  LT: 'LT123456789',
  LU: 'LU12345678',
  LV: 'LV12345678901',
  MT: 'MT12345678',
  NL: 'NL123456789B01',
  PL: 'PL1234567890',
  PT: 'PT123456789',
  RO: 'RO1234567',
  SE: 'SE123456789001',
  SI: 'SI12345678',
  SK: 'SK1234567890',
};

describe('normalising', () => {
  it('upper-cases and drops the spaces, dots and dashes people group digits with', () => {
    expect(normaliseVatId(' de 123.456-789 ')).toBe('DE123456789');
    expect(normaliseVatId('nl\t1234.56789.b01')).toBe('NL123456789B01');
  });
});

describe('the country of an ID', () => {
  it.each(Object.entries(EU_EXAMPLES))('reads %s from the prefix of %s', (country, vatId) =>
    expect(vatIdCountry(vatId)).toBe(country),
  );

  it('reads Greece from EL, not from its ISO code', () => {
    expect(vatIdCountry('el 123456789')).toBe('GR');
    expect(vatIdCountry('GR123456789')).toBeNull();
  });

  it.each(['US123456789', 'EU123456789', 'RU1234567890', '12345678', ''])('knows no country for %j', (vatId) =>
    expect(vatIdCountry(vatId)).toBeNull(),
  );
});

describe('the format', () => {
  it.each(Object.values(EU_EXAMPLES))('accepts %s', (vatId) => expect(isValidVatIdFormat(vatId)).toBe(true));

  it.each(['GB123456789', 'CHE123456789MWST', 'NO123456789MVA', ' fr 12 345 678 901 '])(
    'accepts %s, a country the shop ships to',
    (vatId) => expect(isValidVatIdFormat(vatId)).toBe(true),
  );

  it.each([
    'DE12345678', // one digit short
    'DE012345678', // German IDs do not start with 0
    'NL123456789', // without its B01
    'GR123456789', // Greece's prefix is EL
    'ATU1234567',
    'DE',
    '',
    '123456789',
    'US123456789', // not a country the shop ships to
    'EU123456789', // the EU's own scheme for non-EU sellers, never a buyer's
    'RU1234567890',
  ])('refuses %j', (vatId) => expect(isValidVatIdFormat(vatId)).toBe(false));
});

describe('the form field', () => {
  it('gives a typed ID back normalised', () => {
    expect(vatIdSchema.parse(' fr xx 123 456 789 ')).toBe('FRXX123456789');
  });

  it.each([undefined, '', '   '])('takes %j as no ID', (raw) => expect(vatIdSchema.parse(raw)).toBeUndefined());

  it('refuses a wrong format with a sentence and an example', () => {
    const result = vatIdSchema.safeParse('DE 1234');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([VAT_ID_FORMAT_MESSAGE]);
    expect(VAT_ID_FORMAT_MESSAGE).toBe('Enter a VAT ID with its country prefix, for example DE123456789.');
  });
});
