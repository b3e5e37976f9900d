// VAT IDs as a business types them: normalised, their country read from the prefix, and their
// format checked per country with jsvat. Offline this is the most that can be checked; whether the
// ID is registered is a question for the EU's VIES service, which the shop does not ask.
import { checkVAT, countries as jsvatCountries } from 'jsvat';
import { z } from 'zod';
import { isShippingCountry } from './countries';

export const VAT_ID_FORMAT_MESSAGE = 'Enter a VAT ID with its country prefix, for example DE123456789.';

/** Only the countries the shop ships to: an ID of any other country cannot be on one of its invoices. */
const knownCountries = jsvatCountries.filter((country) => country.codes[0] !== undefined && isShippingCountry(country.codes[0]));

/** Greece's VAT IDs start EL, not GR, its ISO code. */
const GREECE_PREFIX = 'EL';

/** A prefix → its country, for every country whose IDs are checked ('EL' → 'GR'; 'GR' is no prefix). */
const prefixCountries: ReadonlyMap<string, string> = new Map(
  knownCountries.flatMap((country) => {
    const code = country.codes[0];
    if (code === undefined) return [];
    return [[code === 'GR' ? GREECE_PREFIX : code, code]];
  }),
);

/** Upper case, without the spaces, dots and dashes people type to group the digits. */
export function normaliseVatId(raw: string): string {
  return raw.toUpperCase().replace(/[\s.-]+/g, '');
}

/** The ISO code of the country that issued the ID, read from its prefix, or null for no known prefix. */
export function vatIdCountry(vatId: string): string | null {
  return prefixCountries.get(normaliseVatId(vatId).slice(0, 2)) ?? null;
}

/** True when the ID, once normalised, starts with a known prefix and has that country's format. */
export function isValidVatIdFormat(vatId: string): boolean {
  const normalised = normaliseVatId(vatId);
  if (vatIdCountry(normalised) === null) return false;
  // Format only: jsvat's check digits are not the authorities' word, and a real ID they refuse
  // would stop a business from buying; VIES is the check that counts.
  return checkVAT(normalised, knownCountries).isValidFormat;
}

/**
 * The VAT ID field of a form: optional, and left empty means none. What it gives is normalised
 * (DE 123.456.789 → DE123456789), so the same ID is always stored the same way.
 */
export const vatIdSchema = z
  .string()
  .transform(normaliseVatId)
  .refine((vatId) => vatId === '' || isValidVatIdFormat(vatId), VAT_ID_FORMAT_MESSAGE)
  .transform((vatId) => (vatId === '' ? undefined : vatId))
  .optional();
