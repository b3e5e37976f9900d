// Basket inputs: choosing unpaid orders to pay in one card payment, and the checkout that pays them.
import { z } from 'zod';
import { MAX_BASKET_ORDERS } from './constants';
import { idSchema } from './common';
import { messages } from './messages';
import { markPaidSchema } from './bookings';

export const checkoutStatuses = ['open', 'paid', 'closed'] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];

export const createCheckoutSchema = z.object({
  bookingIds: z
    .array(idSchema, { error: messages.basketNeedsOrders })
    .min(1, messages.basketNeedsOrders)
    .max(MAX_BASKET_ORDERS, messages.basketTooManyOrders(MAX_BASKET_ORDERS))
    .refine((ids) => new Set(ids).size === ids.length, messages.basketOrdersRepeated),
});

export const checkoutIdSchema = z.object({ id: idSchema });

/** The browser's word that it confirmed the checkout's card payment: the PaymentIntent id it got back. */
export const confirmCheckoutSchema = z.object({ id: idSchema, transactionId: markPaidSchema.shape.transactionId });
