// Booking (order) inputs: the booking modal and order actions.
import { z } from 'zod';
import { MAX_PRICE_DOLLARS, MAX_QUANTITY } from './constants';
import { idSchema, TYPED_TEXT } from './common';
import { messages } from './messages';

export const bookingStatuses = ['unpaid', 'paid', 'shipped', 'cancelled', 'refunded'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/**
 * What a customer reads as the order's state: the stored status, with a hold that ran out told
 * apart from a cancellation.
 */
export type OrderState = BookingStatus | 'expired';

/** Every state an order can be in, as a customer reads it: the stored statuses, then 'expired'. */
export const orderStates: readonly [OrderState, ...OrderState[]] = [...bookingStatuses, 'expired'];

export function orderStateOf(status: BookingStatus, cancelReason: string | null): OrderState {
  return status === 'cancelled' && cancelReason === 'expired' ? 'expired' : status;
}

/** True when the order has been paid for (shipped orders were paid first). */
export function isPaidStatus(status: BookingStatus): boolean {
  return status === 'paid' || status === 'shipped';
}

/** The fields a customer fills in the booking modal. */
export const bookingFormSchema = z.object({
  phone: z
    .string({ error: messages.phoneRequired })
    .trim()
    .min(1, messages.phoneRequired)
    .max(32, messages.phoneInvalid)
    .regex(/^\+?[0-9][0-9 ()./-]{3,}$/, messages.phoneInvalid),
  address: z
    .string({ error: messages.addressRequired })
    .trim()
    .min(1, messages.addressRequired)
    .max(500)
    .regex(TYPED_TEXT, messages.textHasControlCharacters),
  amount: z
    .number({ error: messages.quantityOutOfRange })
    .int(messages.quantityOutOfRange)
    .min(1, messages.quantityOutOfRange)
    .max(MAX_QUANTITY, messages.quantityOutOfRange),
});
export type BookingFormInput = z.infer<typeof bookingFormSchema>;

/** True when a quantity may be booked for a part (SPEC.md §5). */
export function isBookableQuantity(amount: number, tool: { minimumOrderQuantity: number; available: number }): boolean {
  return Number.isInteger(amount) && amount >= tool.minimumOrderQuantity && amount <= tool.available;
}

export const createBookingSchema = bookingFormSchema.extend({
  toolsId: idSchema,
  /**
   * The variant of the part to book (docs/decisions/0052): the part itself or one of its variants.
   * Left out, the row toolsId names is booked: a part's own row is its default variant.
   */
  variantId: idSchema.optional(),
  /** The total the customer was shown, in dollars; refused if the server's total differs. */
  price: z
    .number()
    .nonnegative()
    .max(MAX_PRICE_DOLLARS * MAX_QUANTITY)
    .optional(),
});
export type CreateBookingInput = z.infer<typeof createBookingSchema>;

export const bookingIdSchema = z.object({ id: idSchema });

export const markPaidSchema = z.object({
  id: idSchema,
  /** The PaymentIntent id the browser got back from the provider. */
  transactionId: z.string({ error: messages.paymentMismatch }).regex(/^pi_[A-Za-z0-9_]{1,250}$/, messages.paymentMismatch),
});
