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
  clientSecret: string;
  lastErrorMessage: string | null;
}

export interface PaymentEvent {
  id: string;
  type: string;
  intent: PaymentIntentView | null;
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
  /** Null when the provider does not know the id. */
  retrieveIntent: (id: string) => Promise<PaymentIntentView | null>;
  cancelIntent: (id: string) => Promise<PaymentIntentView>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError otherwise. */
  parseWebhook: (rawBody: Buffer, signature: string | undefined) => PaymentEvent;
}

export class PaymentsUnavailableError extends Error {}
export class WebhookSignatureError extends Error {}
