// Carts as the server answers them, for the cart's component tests.
import type { CartLineView, CartView } from '../cart/useCart';

export function aCartLine(overrides: Partial<CartLineView> = {}): CartLineView {
  return {
    toolId: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e',
    // A part without options: its line is its own row.
    partId: overrides.toolId ?? '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e',
    name: 'Bike Headsets',
    img: '/images/parts/bike-headsets.svg',
    quantity: 4,
    minimumOrderQuantity: 2,
    available: 10,
    listUnitPriceCents: 39_00,
    unitPriceCents: 39_00,
    priceBreakFrom: null,
    lineTotalCents: 156_00,
    problem: null,
    ...overrides,
  };
}

/** A cart of these lines, counted and added up as the server does. */
export function aCart(lines: CartLineView[]): CartView {
  return {
    lines,
    lineCount: lines.length,
    unitCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents: lines.reduce((sum, line) => (line.problem === 'unavailable' ? sum : sum + line.lineTotalCents), 0),
  };
}
