// The countries the shop knows: the EU's member states (they decide how VAT is charged) and the
// countries it ships to (what the address forms offer), with their English names.

/** The 27 member states of the EU, ISO 3166-1 alpha-2 (Greece is GR here; its VAT IDs say EL). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
export type EuCountryCode = (typeof EU_COUNTRIES)[number];

const euCountries: ReadonlySet<string> = new Set(EU_COUNTRIES);

export function isEuCountry(code: string): code is EuCountryCode {
  return euCountries.has(code);
}

/** Every country the shop ships to, sorted by name as a country list in a form is. */
export const SHIPPING_COUNTRIES = [
  { code: 'AT', name: 'Austria' },
  { code: 'BE', name: 'Belgium' },
  { code: 'BG', name: 'Bulgaria' },
  { code: 'CA', name: 'Canada' },
  { code: 'HR', name: 'Croatia' },
  { code: 'CY', name: 'Cyprus' },
  { code: 'CZ', name: 'Czechia' },
  { code: 'DK', name: 'Denmark' },
  { code: 'EE', name: 'Estonia' },
  { code: 'FI', name: 'Finland' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'GR', name: 'Greece' },
  { code: 'HU', name: 'Hungary' },
  { code: 'IE', name: 'Ireland' },
  { code: 'IT', name: 'Italy' },
  { code: 'LV', name: 'Latvia' },
  { code: 'LT', name: 'Lithuania' },
  { code: 'LU', name: 'Luxembourg' },
  { code: 'MT', name: 'Malta' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'NO', name: 'Norway' },
  { code: 'PL', name: 'Poland' },
  { code: 'PT', name: 'Portugal' },
  { code: 'RO', name: 'Romania' },
  { code: 'SK', name: 'Slovakia' },
  { code: 'SI', name: 'Slovenia' },
  { code: 'ES', name: 'Spain' },
  { code: 'SE', name: 'Sweden' },
  { code: 'CH', name: 'Switzerland' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'US', name: 'United States' },
] as const satisfies readonly { code: string; name: string }[];
export type ShippingCountryCode = (typeof SHIPPING_COUNTRIES)[number]['code'];

/** The codes alone, in the form's order: what a schema's enum takes. */
export const SHIPPING_COUNTRY_CODES = SHIPPING_COUNTRIES.map((country) => country.code) as [
  ShippingCountryCode,
  ...ShippingCountryCode[],
];

const names: ReadonlyMap<string, string> = new Map(SHIPPING_COUNTRIES.map((country) => [country.code, country.name]));

/**
 * The English name of a country the shop ships to. A code it does not know (an old order's
 * country the shop has since stopped shipping to) is shown as the code itself rather than nothing.
 */
export function countryName(code: string): string {
  return names.get(code) ?? code;
}

export function isShippingCountry(code: string): code is ShippingCountryCode {
  return names.has(code);
}
