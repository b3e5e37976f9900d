// A cart's lines as the browser keeps them and the quantity rule the cart shows, without a schema
// library: the navbar reads a visitor's cart on every page before first paint, and zod would add
// about 15 KB to it. The server checks every line again with the schemas of cart.ts (same limits,
// from constants.ts), so this only has to keep a corrupt value from breaking the page.
import { MAX_CART_LINES, MAX_QUANTITY } from './constants';
import { messages } from './messages';

export interface CartLine {
  toolId: string;
  quantity: number;
}

/** What a visitor's cart is in localStorage (LOCAL_CART_KEY). */
export interface StoredCart {
  lines: CartLine[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isCartLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const { toolId, quantity } = value as Record<string, unknown>;
  return (
    typeof toolId === 'string' &&
    UUID.test(toolId) &&
    typeof quantity === 'number' &&
    Number.isInteger(quantity) &&
    quantity >= 1 &&
    quantity <= MAX_QUANTITY
  );
}

/**
 * A visitor's lines read back from localStorage. Anything that is not a cart as the shop wrote
 * it (cut short, edited by hand, from another version) is dropped whole: the visitor starts with an
 * empty cart rather than a page that breaks or lines nobody chose.
 */
export function readStoredCart(stored: string | null): CartLine[] {
  if (stored === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  const lines = typeof parsed === 'object' && parsed !== null ? (parsed as { lines?: unknown }).lines : undefined;
  if (!Array.isArray(lines) || lines.length > MAX_CART_LINES || !lines.every(isCartLine)) return [];
  const valid: CartLine[] = lines.map(({ toolId, quantity }) => ({ toolId, quantity }));
  return new Set(valid.map((line) => line.toolId)).size === valid.length ? valid : [];
}

/**
 * Why a part cannot be in the cart in this quantity, in Book Now's words; null when it can. The
 * server decides; the browser asks first so a visitor's cart refuses the same way.
 */
export function cartQuantityRefusal(
  quantity: number,
  part: { minimumOrderQuantity: number; available: number },
): { reason: 'belowMinimum' | 'overStock'; message: string } | null {
  if (quantity < part.minimumOrderQuantity) return { reason: 'belowMinimum', message: messages.quantityOutOfRange };
  if (quantity > part.available) return { reason: 'overStock', message: messages.outOfStock(part.available) };
  return null;
}
