// The sentence an API caller reads for a refused input: the schema's own message when it chose one,
// otherwise zod's problem reworded around the field's name.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssueMessage } from './issue-message';
import { addressMessages, addressSchema } from './addresses';
import { messages } from './messages';
import { VAT_ID_FORMAT_MESSAGE, vatIdSchema } from './vat-ids';

function refusal(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('the input was accepted');
  return firstIssueMessage(result.error);
}

describe('firstIssueMessage', () => {
  it('keeps a message the schema chose', () => {
    expect(refusal(z.string().min(1, messages.nameRequired), '')).toBe(messages.nameRequired);
  });

  it('keeps the messages of every shared module, those worded per country too', () => {
    expect(refusal(addressSchema, { name: 'A', line1: 'B 1', city: 'Lyon', postalCode: '1', country: 'FR' })).toBe(
      addressMessages.postalCodeInvalid('FR'),
    );
    expect(refusal(z.object({ vatId: vatIdSchema }), { vatId: 'FR123' })).toBe(VAT_ID_FORMAT_MESSAGE);
  });

  it('names the field by its whole path, or the request when the input itself is wrong', () => {
    const schema = z.object({ address: z.object({ street: z.string() }) });
    expect(refusal(schema, { address: { street: 1 } })).toBe('The field "address.street" is missing or is not text.');
    expect(refusal(schema, 'text')).toBe('The request is missing or is not an object.');
    expect(refusal(z.object({ when: z.date() }), { when: 1 })).toBe('The field "when" is missing or is not of the right kind.');
  });

  it('says how long or how many, with the unit of the kind of value', () => {
    expect(refusal(z.object({ name: z.string().max(3) }), { name: 'abcd' })).toBe(
      'The field "name" must be at most 3 characters long.',
    );
    expect(refusal(z.object({ name: z.string().min(2) }), { name: 'a' })).toBe('The field "name" must be at least 2 characters long.');
    expect(refusal(z.object({ ids: z.array(z.string()).min(1) }), { ids: [] })).toBe('The field "ids" must be at least 1 items.');
    expect(refusal(z.object({ amount: z.number().max(5) }), { amount: 6 })).toBe('The field "amount" must be at most 5.');
    expect(refusal(z.object({ amount: z.number().min(1) }), { amount: 0 })).toBe('The field "amount" must be at least 1.');
  });

  it('falls back to a plain sentence for any other problem', () => {
    expect(refusal(z.object({ email: z.email() }), { email: 'nope' })).toBe('The field "email" is not valid.');
  });
});
