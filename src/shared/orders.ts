// Checkout inputs: what the customer chooses (address, shipping, VAT ID, discount code) to price
// and place one order, and the ids the order pages use.
import { z } from 'zod';
import { addressSchema } from './addresses';
import { idSchema, TYPED_TEXT } from './common';
import { SHIPPING_COUNTRY_CODES } from './countries';
import { messages } from './messages';
import { vatIdSchema } from './vat-ids';

export const DISCOUNT_CODE_MAX_LENGTH = 40;

/** Upper case, as codes are stored; an empty box means no code. */
const discountCodeSchema = z
  .string()
  .trim()
  .max(DISCOUNT_CODE_MAX_LENGTH, 'A discount code has at most 40 characters.')
  .regex(TYPED_TEXT, messages.textHasControlCharacters)
  .transform((code) => code.toUpperCase())
  .optional()
  .transform((code) => (code ? code : undefined));

export const phoneSchema = z
  .string()
  .trim()
  .min(5, 'Enter a phone number the carrier can call.')
  .max(40, 'A phone number has at most 40 characters.')
  .regex(/^[+0-9 ()./-]+$/, 'A phone number has digits, spaces and + ( ) - . / only.');

/** What a quote needs: where the order goes (for tax and shipping) and the customer's choices. */
export const quoteInputSchema = z.object({
  country: z.enum(SHIPPING_COUNTRY_CODES, { error: 'Choose a country the shop ships to.' }),
  shippingRateId: idSchema.optional(),
  vatId: vatIdSchema,
  discountCode: discountCodeSchema,
});
export type QuoteInput = z.infer<typeof quoteInputSchema>;

export const placeOrderSchema = z.object({
  address: addressSchema,
  phone: phoneSchema,
  shippingRateId: idSchema,
  vatId: vatIdSchema,
  discountCode: discountCodeSchema,
  /** The total the customer saw, in the shop's currency: refused when the order would cost otherwise. */
  expectedTotal: z.number().nonnegative().optional(),
});
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;

export const orderIdSchema = z.object({ id: idSchema });

/** The browser's word that it confirmed the order's card payment: the PaymentIntent id it got back. */
export const confirmOrderPaymentSchema = z.object({ id: idSchema, transactionId: z.string().trim().min(1).max(255) });
