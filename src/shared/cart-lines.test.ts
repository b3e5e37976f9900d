// A visitor's cart read back from localStorage: what the shop wrote comes back as it was, anything
// else (cut short, edited by hand, oversized) is dropped whole and never throws.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartQuantityRefusal, readStoredCart } from './cart-lines';
import { MAX_CART_LINES } from './constants';
import { messages } from './messages';

const toolId = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
const otherToolId = '0c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e';

describe('reading a visitor’s stored cart', () => {
  it('reads back the lines the shop stored', () => {
    const lines = [
      { toolId, quantity: 2 },
      { toolId: otherToolId, quantity: 40 },
    ];
    expect(readStoredCart(JSON.stringify({ lines }))).toEqual(lines);
  });

  it('starts empty when nothing is stored', () => {
    expect(readStoredCart(null)).toEqual([]);
  });

  it.for([
    ['text that is not JSON', '{"lines": [{"toolId"'],
    ['a quantity edited to a negative number', JSON.stringify({ lines: [{ toolId, quantity: -5 }] })],
    ['a quantity edited to text', JSON.stringify({ lines: [{ toolId, quantity: '2' }] })],
    ['an id that names no part', JSON.stringify({ lines: [{ toolId: '../admin', quantity: 2 }] })],
    [
      'the same part twice',
      JSON.stringify({
        lines: [
          { toolId, quantity: 2 },
          { toolId, quantity: 3 },
        ],
      }),
    ],
    [
      'more lines than a cart holds',
      JSON.stringify({ lines: Array.from({ length: MAX_CART_LINES + 1 }, () => ({ toolId, quantity: 1 })) }),
    ],
    ['a bare list', JSON.stringify([{ toolId, quantity: 2 }])],
    ['null', 'null'],
  ] as const)('drops %s', ([, stored]) => {
    expect(readStoredCart(stored)).toEqual([]);
  });

  it('never throws, whatever text is stored, and answers only whole positive quantities', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (stored) => {
        for (const line of readStoredCart(stored)) expect(Number.isInteger(line.quantity) && line.quantity >= 1).toBe(true);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('the cart’s quantity rule', () => {
  const part = { minimumOrderQuantity: 3, available: 8 };

  it('takes any quantity from the minimum order to the stock', () => {
    expect(cartQuantityRefusal(3, part)).toBeNull();
    expect(cartQuantityRefusal(8, part)).toBeNull();
  });

  it('refuses below the minimum order with Book Now’s sentence', () => {
    expect(cartQuantityRefusal(2, part)).toEqual({ reason: 'belowMinimum', message: messages.quantityOutOfRange });
  });

  it('refuses more than the stock, saying how many are left', () => {
    expect(cartQuantityRefusal(9, part)).toEqual({ reason: 'overStock', message: messages.outOfStock(8) });
  });
});
