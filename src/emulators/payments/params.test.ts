// Decoding Stripe's form encoding.
import { expect, it } from 'vitest';
import { parseForm } from './params';

it('decodes bracketed keys into nested objects and lists', () => {
  const params = parseForm(
    'amount=500&metadata[bookingId]=b%2B1&payment_method_types[0]=card&payment_method_data[card][number]=4242+4242&tags[]=a&tags[]=b',
  );

  expect(params).toEqual({
    amount: '500',
    metadata: { bookingId: 'b+1' },
    payment_method_types: { 0: 'card' },
    payment_method_data: { card: { number: '4242 4242' } },
    tags: { 0: 'a', 1: 'b' },
  });
});

it('refuses a key given both as a value and as an object', () => {
  expect(() => parseForm('metadata=x&metadata[a]=1')).toThrow(/Invalid object/);
});
