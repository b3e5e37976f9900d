// The cart's inputs as the server takes them, so the browser and the server refuse the same mistake
// with the same sentence. What the navbar needs at first paint (a visitor's stored lines, the
// quantity rule) is in cart-lines.ts, which loads no schema library.
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
