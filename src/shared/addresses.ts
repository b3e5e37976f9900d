// A structured shipping address, the same rules in the checkout form and on the server: every
// text trimmed, the country one the shop ships to, and the postal code in that country's format.
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';
import { TYPED_TEXT } from './common';
import { countryName, SHIPPING_COUNTRY_CODES, type ShippingCountryCode } from './countries';
import { messages } from './messages';

/** A postal code as people in each country write it, shown when one is refused. */
export const POSTAL_CODE_EXAMPLES: Readonly<Record<ShippingCountryCode, string>> = {
  AT: '1010',
  BE: '1000',
  BG: '1000',
  CA: 'K1A 0B1',
  CH: '8001',
  CY: '1010',
  CZ: '110 00',
  DE: '10115',
  DK: '1050',
  EE: '10111',
  ES: '28001',
  FI: '00100',
  FR: '75001',
  GB: 'SW1A 1AA',
  GR: '105 57',
  HR: '10000',
  HU: '1051',
  IE: 'D02 X285',
  IT: '00118',
  LT: 'LT-01100',
  LU: 'L-1009',
  LV: 'LV-1050',
  MT: 'VLT 1117',
  NL: '1012 AB',
  NO: '0150',
  PL: '00-001',
  PT: '1000-001',
  RO: '010011',
  SE: '111 22',
  SI: '1000',
  SK: '811 01',
  US: '10001',
};

/** Postal codes of a country postcode-validator has no rule for: what any country's codes are made of. */
const ANY_POSTAL_CODE = /^[A-Z0-9 -]{1,12}$/;

/** Countries whose English name reads with "the" in a sentence. */
const NAMES_WITH_THE: ReadonlySet<string> = new Set(['GB', 'NL', 'US']);

export const addressMessages = {
  nameRequired: 'Enter the name of the person the parcel is for.',
  nameTooLong: 'Keep the name to 100 characters.',
  companyTooLong: 'Keep the company name to 100 characters.',
  line1Required: 'Enter the street and number.',
  lineTooLong: 'Keep each address line to 200 characters.',
  cityRequired: 'Enter the town or city.',
  cityTooLong: 'Keep the town or city to 100 characters.',
  postalCodeRequired: 'Enter the postal code.',
  countryNotShipped: 'Choose a country from the list; the shop ships only to those.',
  postalCodeInvalid: (country: string): string => {
    const name = NAMES_WITH_THE.has(country) ? `the ${countryName(country)}` : countryName(country);
    const example = (POSTAL_CODE_EXAMPLES as Readonly<Record<string, string>>)[country];
    return example === undefined
      ? `Enter the postal code as it is written in ${name}.`
      : `Enter the postal code as it is written in ${name}, for example ${example}.`;
  },
};

/** True when a postal code (trimmed, upper case) has the format of the country's codes. */
export function isValidPostalCode(postalCode: string, country: string): boolean {
  return postcodeValidatorExistsForCountry(country) ? postcodeValidator(postalCode, country) : ANY_POSTAL_CODE.test(postalCode);
}

function requiredText(max: number, required: string, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(max, tooLong).regex(TYPED_TEXT, messages.textHasControlCharacters);
}

/** A field a person may leave empty: empty (or only spaces) means it is not there. */
function optionalText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .regex(TYPED_TEXT, messages.textHasControlCharacters)
    .optional()
    .transform((text) => (text === '' ? undefined : text));
}

export const addressSchema = z
  .object({
    name: requiredText(100, addressMessages.nameRequired, addressMessages.nameTooLong),
    company: optionalText(100, addressMessages.companyTooLong),
    line1: requiredText(200, addressMessages.line1Required, addressMessages.lineTooLong),
    line2: optionalText(200, addressMessages.lineTooLong),
    city: requiredText(100, addressMessages.cityRequired, addressMessages.cityTooLong),
    // Upper case, as postal codes with letters are written (1012 ab → 1012 AB, sw1a 1aa → SW1A 1AA).
    postalCode: z
      .string({ error: addressMessages.postalCodeRequired })
      .trim()
      .min(1, addressMessages.postalCodeRequired)
      .transform((postalCode) => postalCode.toUpperCase()),
    country: z.enum(SHIPPING_COUNTRY_CODES, { error: addressMessages.countryNotShipped }),
  })
  .superRefine(
    ({ postalCode, country }, context) => {
      if (!isValidPostalCode(postalCode, country)) {
        context.addIssue({ code: 'custom', message: addressMessages.postalCodeInvalid(country), path: ['postalCode'] });
      }
    },
    // Also when another field is wrong, so a form shows every mistake at once; not when the code
    // or the country is missing or unknown (or the input is no object), as then there is nothing to compare.
    {
      when: ({ issues }) =>
        issues.every((issue) => {
          const field = issue.path?.[0];
          return field !== undefined && field !== 'postalCode' && field !== 'country';
        }),
    },
  );
export type Address = z.infer<typeof addressSchema>;
