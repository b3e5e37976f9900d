// A shipping address: every text trimmed, a country the shop ships to, and a postal code in that
// country's format, refused on the postal code field with an example of how it is written there.
import { describe, expect, it } from 'vitest';
import { type Address, addressMessages, addressSchema, isValidPostalCode, POSTAL_CODE_EXAMPLES } from './addresses';
import { SHIPPING_COUNTRY_CODES } from './countries';
import { messages } from './messages';

const address = {
  name: 'Jana Nováková',
  company: 'Kolo s.r.o.',
  line1: 'Vinohradská 12',
  line2: '3rd floor',
  city: 'Praha',
  postalCode: '120 00',
  country: 'CZ',
};

function issuesOf(fields: Record<string, unknown>): { path: PropertyKey[]; message: string }[] {
  const result = addressSchema.safeParse({ ...address, ...fields });
  return result.success ? [] : result.error.issues.map(({ path, message }) => ({ path, message }));
}

describe('a shipping address', () => {
  it('comes back trimmed, its postal code in upper case', () => {
    const dutchAddress: Address = {
      ...address,
      name: 'Jan de Vries',
      line1: 'Damrak 1',
      city: 'Amsterdam',
      postalCode: '1012 LG',
      country: 'NL',
    };
    expect(
      addressSchema.parse({
        ...address,
        name: '  Jan de Vries ',
        line1: ' Damrak 1 ',
        city: ' Amsterdam',
        postalCode: ' 1012 lg ',
        country: 'NL',
      }),
    ).toEqual(dutchAddress);
  });

  it('leaves out a company and a second line that are empty or only spaces', () => {
    const parsed = addressSchema.parse({ ...address, company: '  ', line2: undefined });
    expect(parsed.company).toBeUndefined();
    expect(parsed.line2).toBeUndefined();
    const withEmptyLine2 = addressSchema.parse({ ...address, company: undefined, line2: '' });
    expect(withEmptyLine2.company).toBeUndefined();
    expect(withEmptyLine2.line2).toBeUndefined();
  });

  it.each([
    [{ name: '   ' }, 'name', addressMessages.nameRequired],
    [{ name: 'a'.repeat(101) }, 'name', addressMessages.nameTooLong],
    [{ name: 'Jana\u0000' }, 'name', messages.textHasControlCharacters],
    [{ company: 'c'.repeat(101) }, 'company', addressMessages.companyTooLong],
    [{ line1: '' }, 'line1', addressMessages.line1Required],
    [{ line1: 'l'.repeat(201) }, 'line1', addressMessages.lineTooLong],
    [{ line2: 'l'.repeat(201) }, 'line2', addressMessages.lineTooLong],
    [{ city: ' ' }, 'city', addressMessages.cityRequired],
    [{ city: 'c'.repeat(101) }, 'city', addressMessages.cityTooLong],
    [{ postalCode: '  ' }, 'postalCode', addressMessages.postalCodeRequired],
    [{ country: 'JP' }, 'country', addressMessages.countryNotShipped],
    [{ country: undefined }, 'country', addressMessages.countryNotShipped],
  ])('refuses %o on its field with a sentence', (fields, field, message) => {
    expect(issuesOf(fields)).toEqual([{ path: [field], message }]);
  });

  it('takes the longest texts it allows', () => {
    expect(
      addressSchema.safeParse({
        ...address,
        name: 'n'.repeat(100),
        company: 'c'.repeat(100),
        line1: 'l'.repeat(200),
        line2: 'l'.repeat(200),
        city: 'c'.repeat(100),
      }).success,
    ).toBe(true);
  });
});

describe('the postal code', () => {
  it.each(SHIPPING_COUNTRY_CODES.map((country) => [country, POSTAL_CODE_EXAMPLES[country]]))(
    'accepts the example for %s, %s',
    (country, postalCode) => expect(issuesOf({ country, postalCode })).toEqual([]),
  );

  it.each([
    ['DE', '1011', 'Enter the postal code as it is written in Germany, for example 10115.'],
    ['AT', '0101', 'Enter the postal code as it is written in Austria, for example 1010.'],
    ['NL', '1012', 'Enter the postal code as it is written in the Netherlands, for example 1012 AB.'],
    ['GB', '12345', 'Enter the postal code as it is written in the United Kingdom, for example SW1A 1AA.'],
    ['US', 'K1A 0B1', 'Enter the postal code as it is written in the United States, for example 10001.'],
    ['PL', '00001', 'Enter the postal code as it is written in Poland, for example 00-001.'],
  ])('refuses a code not written as in %s, %s, on the postal code field', (country, postalCode, message) => {
    expect(issuesOf({ country, postalCode })).toEqual([{ path: ['postalCode'], message }]);
  });

  it('is checked too when another field is wrong, so the form shows both mistakes', () => {
    expect(issuesOf({ name: '', country: 'DE', postalCode: '1011' })).toEqual([
      { path: ['name'], message: addressMessages.nameRequired },
      { path: ['postalCode'], message: addressMessages.postalCodeInvalid('DE') },
    ]);
  });

  it('is not compared with a country that is missing or not shipped to', () => {
    expect(issuesOf({ country: 'JP', postalCode: '100-0001' })).toEqual([
      { path: ['country'], message: addressMessages.countryNotShipped },
    ]);
  });

  it('refuses what is not an address at all without checking a postal code', () => {
    expect(addressSchema.safeParse(undefined).success).toBe(false);
    expect(addressSchema.safeParse('Damrak 1').success).toBe(false);
  });

  it('takes 1 to 12 letters, digits, spaces and dashes where no rule is known for the country', () => {
    expect(isValidPostalCode('AB-12 3', 'AE')).toBe(true);
    expect(isValidPostalCode('1'.repeat(12), 'AE')).toBe(true);
    expect(isValidPostalCode('1'.repeat(13), 'AE')).toBe(false);
    expect(isValidPostalCode('12/34', 'AE')).toBe(false);
    expect(isValidPostalCode('', 'AE')).toBe(false);
    expect(addressMessages.postalCodeInvalid('AE')).toBe('Enter the postal code as it is written in AE.');
  });
});
