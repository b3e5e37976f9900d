// The booking modal's rules: a phone number people can call (at least four digits and separators,
// not a single digit), an address, a whole quantity within the part's minimum and stock.
import { describe, expect, it } from 'vitest';
import { bookingFormSchema, isBookableQuantity } from './bookings';
import { MAX_QUANTITY } from './constants';
import { messages } from './messages';

const form = { phone: '+1 555 0100', address: '1 Chainring Road, Portland', amount: 2 };

function problem(fields: Partial<Record<keyof typeof form, unknown>>): string | undefined {
  const result = bookingFormSchema.safeParse({ ...form, ...fields });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('phone', () => {
  it.each(['+1 555 0100', '5550100', '555 (010) 0100', '030/1234.56', '1234', `+${'1'.repeat(31)}`])('accepts %s', (phone) =>
    expect(problem({ phone })).toBeUndefined(),
  );

  it.each(['5', '+5', '12', '123', '+123', 'abcd', '+1 555 0100 ext', '555-CALL', '-5550100', `+${'1'.repeat(32)}`])(
    'refuses %s',
    (phone) => expect(problem({ phone })).toBe(messages.phoneInvalid),
  );

  it('asks for a phone when there is none', () => {
    expect(problem({ phone: '   ' })).toBe(messages.phoneRequired);
    expect(problem({ phone: undefined })).toBe(messages.phoneRequired);
  });
});

describe('address and quantity', () => {
  it.each([
    [{ address: ' ' }, messages.addressRequired],
    [{ address: 'Line\u0000' }, messages.textHasControlCharacters],
    [{ amount: 0 }, messages.quantityOutOfRange],
    [{ amount: 1.5 }, messages.quantityOutOfRange],
    [{ amount: MAX_QUANTITY + 1 }, messages.quantityOutOfRange],
  ])('refuses %o with its message', (fields, message) => expect(problem(fields)).toBe(message));

  it('takes the least and the most a customer may ask for', () => {
    expect(problem({ amount: 1 })).toBeUndefined();
    expect(problem({ amount: MAX_QUANTITY })).toBeUndefined();
    expect(problem({ address: 'a'.repeat(500) })).toBeUndefined();
    expect(problem({ address: 'a'.repeat(501) })).toBeDefined();
  });
});

describe('a bookable quantity (SPEC.md §5)', () => {
  const part = { minimumOrderQuantity: 3, available: 10 };

  it.each([
    [3, true],
    [10, true],
    [2, false],
    [11, false],
    [4.5, false],
  ])('%s of a part with minimum 3 and 10 available: %s', (amount, bookable) => {
    expect(isBookableQuantity(amount, part)).toBe(bookable);
  });
});
