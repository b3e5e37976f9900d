// The cart's inputs, its quantity rule and the shape a visitor's cart keeps in the browser, shared so
// the browser and the server refuse the same mistake with the same sentence.
import { z } from 'zod';
import { MAX_CART_LINES, MAX_QUANTITY } from './constants';
import { idSchema } from './common';
import { messages } from './messages';

const cartQuantitySchema = z
  .number({ error: messages.quantityOutOfRange })
  .int(messages.quantityOutOfRange)
  .min(1, messages.quantityOutOfRange)
  .max(MAX_QUANTITY, messages.quantityOutOfRange);

/** One part and how many of it: adding to the cart, or the quantity a line should now have. */
export const cartLineInputSchema = z.object({ toolId: idSchema, quantity: cartQuantitySchema });
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

export const removeCartLineSchema = z.object({ toolId: idSchema });

/** A whole cart's lines, each part once: what a visitor keeps, previews and brings to their account. */
const cartLinesSchema = z
  .array(cartLineInputSchema, { error: messages.requestInvalid })
  .max(MAX_CART_LINES, messages.cartTooManyLines)
  .refine((lines) => new Set(lines.map((line) => line.toolId)).size === lines.length, messages.cartLinesRepeated);

export const cartLinesInputSchema = z.object({ lines: cartLinesSchema });

/** What a visitor's cart is in localStorage (LOCAL_CART_KEY). */
const storedCartSchema = z.object({ lines: cartLinesSchema });
export type StoredCart = z.infer<typeof storedCartSchema>;

/**
 * A visitor's lines read back from localStorage. Anything that is not a cart as the shop wrote
 * it (cut short, edited by hand, from another version) is dropped whole: the visitor starts with an
 * empty cart rather than a page that breaks or lines nobody chose.
 */
export function readStoredCart(stored: string | null): CartLineInput[] {
  if (stored === null) return [];
  try {
    const parsed = storedCartSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data.lines : [];
  } catch {
    return [];
  }
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
