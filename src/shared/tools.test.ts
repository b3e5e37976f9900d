// The add-product rules: an image is an https URL or one of the shop's own /images paths, nothing
// that a browser would run; prices in whole cents; quantities whole and within bounds.
import { describe, expect, it } from 'vitest';
import { MAX_PRICE_DOLLARS, MAX_QUANTITY } from './constants';
import { messages } from './messages';
import { createToolSchema, searchToolsSchema } from './tools';

const part = {
  name: 'Chain whip',
  price: 24.5,
  img: '/images/parts/chain-whip.svg',
  description: 'Holds the cassette while the lockring comes off.',
  minimumOrderQuantity: 1,
  available: 10,
};

function problem(fields: Partial<Record<keyof typeof part, unknown>>): string | undefined {
  const result = createToolSchema.safeParse({ ...part, ...fields });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('image', () => {
  it.each(['https://cdn.example.com/parts/a.png', '/images/parts/chain-whip.svg', '  /images/a_b-c.1.webp  '])('accepts %s', (img) =>
    expect(problem({ img })).toBeUndefined(),
  );

  it.each([
    'javascript:alert(1)//https://x',
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'http://example.com/a.png',
    'https://example.com/a b.png',
    '/images/a.png?onerror=alert(1)',
    'x/images/a.png',
    '//evil.example/a.png',
    `https://example.com/${'a'.repeat(2048)}`,
    'https://example.com/a\u0000.png',
    '/images/../index.html',
    '/images/parts/../../package.json',
    '/images/..',
    '/images/.env',
    '/images/parts//a.svg',
    '/images/',
    '',
  ])('refuses %s', (img) => expect(problem({ img })).toBe(messages.productImageInvalid));
});

describe('the other fields', () => {
  it('takes a part within every bound, trimmed', () => {
    const parsed = createToolSchema.parse({ ...part, name: '  Chain whip  ', price: MAX_PRICE_DOLLARS, available: MAX_QUANTITY });
    expect(parsed).toMatchObject({ name: 'Chain whip', price: MAX_PRICE_DOLLARS, available: MAX_QUANTITY });
    expect(problem({ available: 0 })).toBeUndefined();
    expect(problem({ price: 0.01 })).toBeUndefined();
  });

  it.each([
    [{ name: '   ' }, messages.productNameRequired],
    [{ name: 'Bell\u0007' }, messages.textHasControlCharacters],
    [{ price: 0 }, messages.priceInvalid],
    [{ price: 10.005 }, messages.priceInvalid],
    [{ price: MAX_PRICE_DOLLARS + 1 }, messages.priceInvalid],
    [{ price: '10' }, messages.priceInvalid],
    [{ description: ' ' }, messages.productDescriptionRequired],
    [{ description: 'Bad\u0000' }, messages.textHasControlCharacters],
    [{ minimumOrderQuantity: 0 }, messages.minimumOrderInvalid],
    [{ minimumOrderQuantity: 1.5 }, messages.minimumOrderInvalid],
    [{ minimumOrderQuantity: MAX_QUANTITY + 1 }, messages.minimumOrderInvalid],
    [{ available: -1 }, messages.availableInvalid],
    [{ available: 2.5 }, messages.availableInvalid],
    [{ available: MAX_QUANTITY + 1 }, messages.availableInvalid],
  ])('refuses %o with its message', (fields, message) => expect(problem(fields)).toBe(message));

  it('refuses an overlong name or description', () => {
    expect(problem({ name: 'n'.repeat(121) })).toBeDefined();
    expect(problem({ name: 'n'.repeat(120) })).toBeUndefined();
    expect(problem({ description: 'd'.repeat(2001) })).toBeDefined();
    expect(problem({ description: 'd'.repeat(2000) })).toBeUndefined();
  });
});

describe('the search cursor', () => {
  const cursorProblem = (cursor: string) => {
    const result = searchToolsSchema.safeParse({ sort: 'price-asc', cursor });
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it.each(['0', '999999999999999', '1250.7', '2147483647.999999999999999'])('takes %s, a position a page can end at', (cursor) =>
    expect(cursorProblem(cursor)).toBeUndefined(),
  );

  // A price past a Postgres integer reached the database, which refused it: a 500.
  it.each(['2147483648.1', '999999999999999.1', '1.', '.1', '1.2.3', '-1', '1e3', '9999999999999999'])(
    'refuses %s with its message',
    (cursor) => expect(cursorProblem(cursor)).toBe(messages.cursorInvalid),
  );
});
