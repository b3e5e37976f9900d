// What the storefront needs from a card payment provider. The one implementation talks to
// Stripe, or to the payments emulator, through the official `stripe` SDK.

export interface PaymentIntentView {
  id: string;
  /** Stripe's status: 'succeeded', 'canceled', 'requires_payment_method', … */
  status: string;
  amountCents: number;
  currency: string;
  /** Our booking id, from the intent's metadata. */
  bookingId: string | null;
  /** Our checkout id (a basket of bookings paid at once), from the intent's metadata. */
  checkoutId: string | null;
  /** Our order id (an order placed at checkout, paid whole), from the intent's metadata. */
  orderId: string | null;
  clientSecret: string;
  lastErrorMessage: string | null;
}

export interface RefundView {
  id: string;
  /** Stripe's status: 'succeeded', 'pending', 'failed', 'canceled', 'requires_action'. */
  status: string;
  amountCents: number;
  currency: string;
  paymentIntentId: string | null;
  /** Our booking id, from the refund's own metadata (one intent may pay several bookings). */
  bookingId: string | null;
  /** The shop's own whole refund of a payment no order could take (its metadata names a basket or a second payment). */
  returnsUnkeptPayment: boolean;
  /** The shop's own refund of part of an order's payment: its order_refunds row, from the refund's metadata. */
  orderRefundId: string | null;
}

/**
 * What an unkept payment was for: a basket that closed, an order that was cancelled or expired, or
 * a booking that another payment paid.
 */
type WholeRefundOf = { checkoutId: string } | { orderId: string } | { secondPaymentOfBookingId: string };

export interface PaymentEvent {
  id: string;
  type: string;
  intent: PaymentIntentView | null;
  /** The refund a refund.created or refund.updated event carries. */
  refund: RefundView | null;
}

export interface PaymentsGateway {
  /**
   * Idempotent per booking: the same booking always gets the same intent, except that one
   * `replacing` a canceled intent is a new one.
   */
  createIntent: (request: {
    bookingId: string;
    amountCents: number;
    currency: string;
    email: string;
    /** The booking's canceled intent this one replaces. */
    replacing?: string;
  }) => Promise<PaymentIntentView>;
  /** Idempotent per checkout: a checkout has one intent, for its total. */
  createCheckoutIntent: (request: {
    checkoutId: string;
    amountCents: number;
    currency: string;
    email: string;
  }) => Promise<PaymentIntentView>;
  /** Idempotent per order: an order has one intent, for its total. */
  createOrderIntent: (request: {
    orderId: string;
    amountCents: number;
    currency: string;
    email: string;
  }) => Promise<PaymentIntentView>;
  /** Null when the provider does not know the id. */
  retrieveIntent: (id: string) => Promise<PaymentIntentView | null>;
  cancelIntent: (id: string) => Promise<PaymentIntentView>;
  /**
   * Refunds one booking's share of a succeeded intent, once: the idempotency key is the booking's,
   * so repeats (concurrent or retried) get the same refund back. Throws RefundRefusedError when
   * the provider refuses it.
   */
  refundPayment: (request: { bookingId: string; paymentIntentId: string; amountCents: number }) => Promise<RefundView>;
  /**
   * Refunds the whole of a succeeded intent that paid for nothing the shop keeps, once: a basket's
   * (keyed and named by its checkout) or a booking's own intent whose booking was paid otherwise
   * (keyed by the intent, never the booking, whose key stays free for refunding the payment it
   * kept). Throws RefundRefusedError when the provider refuses it.
   */
  refundWholeIntent: (request: { paymentIntentId: string; amountCents: number; paidFor: WholeRefundOf }) => Promise<RefundView>;
  /**
   * Refunds part of an order's succeeded intent (its shipping, or an amount), once per refund the
   * shop recorded: keyed and named by that record, with the order in the metadata too. Throws
   * RefundRefusedError when the provider refuses it.
   */
  refundOrderPart: (request: {
    orderId: string;
    orderRefundId: string;
    paymentIntentId: string;
    amountCents: number;
  }) => Promise<RefundView>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError otherwise. */
  parseWebhook: (rawBody: Buffer, signature: string | undefined) => PaymentEvent;
}

export class PaymentsUnavailableError extends Error {}
export class WebhookSignatureError extends Error {}
/** The provider refused a refund (nothing left to refund, an intent that did not succeed, …). */
export class RefundRefusedError extends Error {}
