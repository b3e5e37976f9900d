// Checkout inputs: what the customer chooses (address, shipping, VAT ID, discount code) to price
// and place one order, and the ids the order pages use.
import { z } from 'zod';
import { addressMessages, addressSchema } from './addresses';
import { carrierSchema, trackingNumberSchema } from './carriers';
import { orderStatuses } from './commerce';
import { idSchema, pageInputSchema, TYPED_TEXT } from './common';
import { SHIPPING_COUNTRY_CODES } from './countries';
import { isWholeCents } from './money';
import { messages } from './messages';
import { orderMessages } from './order-messages';
import { vatIdSchema } from './vat-ids';

export const DISCOUNT_CODE_MAX_LENGTH = 40;

/** Upper case, as codes are stored; an empty box means no code. */
const discountCodeSchema = z
  .string()
  .trim()
  .max(DISCOUNT_CODE_MAX_LENGTH, orderMessages.discountCodeTooLong)
  .regex(TYPED_TEXT, messages.textHasControlCharacters)
  .transform((code) => code.toUpperCase())
  .optional()
  .transform((code) => (code ? code : undefined));

export const phoneSchema = z
  .string()
  .trim()
  .min(5, orderMessages.phoneTooShort)
  .max(40, orderMessages.phoneTooLong)
  .regex(/^[+0-9 ()./-]+$/, orderMessages.phoneCharacters);

/** What a quote needs: where the order goes (for tax and shipping) and the customer's choices. */
export const quoteInputSchema = z.object({
  country: z.enum(SHIPPING_COUNTRY_CODES, { error: addressMessages.countryNotShipped }),
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

/** An admin ships some of an order's paid lines (all the paid ones not shipped when none are chosen). */
export const shipOrderSchema = z.object({
  id: idSchema,
  bookingIds: z.array(idSchema).min(1, orderMessages.chooseLinesToShip).max(200).optional(),
  carrier: carrierSchema,
  trackingNumber: trackingNumberSchema,
});
export type ShipOrderInput = z.infer<typeof shipOrderSchema>;

export const refundOrderLineSchema = z.object({ id: idSchema, bookingId: idSchema });

/** An amount of the order's payment, in the shop's currency units like every price in the API. */
export const refundOrderAmountSchema = z.object({
  id: idSchema,
  amount: z
    .number({ error: orderMessages.refundAmountMissing })
    .positive(orderMessages.refundAmountPositive)
    .max(1_000_000_000, orderMessages.refundAmountPositive)
    .refine(isWholeCents, orderMessages.refundAmountCents),
});

export const orderDocumentSchema = z.object({ id: idSchema, documentId: idSchema });

/** The admin's list of placed orders: newest first, a page at a time, one state or all. */
export const allOrdersInputSchema = pageInputSchema.extend({
  status: z.enum(orderStatuses, { error: orderMessages.orderStatusInvalid }).optional(),
});
