// The PaymentsGateway over the official `stripe` SDK: real Stripe, or any server speaking its API
// (the payments emulator) when `apiBase` points elsewhere.
import Stripe from 'stripe';
import { z } from 'zod';
import {
  PaymentsUnavailableError,
  RefundRefusedError,
  WebhookSignatureError,
  type PaymentEvent,
  type PaymentIntentView,
  type PaymentsGateway,
  type RefundView,
} from './payments-gateway';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:12111; absent means Stripe itself. */
  apiBase?: string;
}

export function createStripeGateway(options: StripeGatewayOptions): PaymentsGateway {
  const stripe = new Stripe(options.secretKey, {
    ...(options.apiBase ? hostOptions(options.apiBase) : {}),
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
  });

  const createRefund = (params: Stripe.RefundCreateParams, idempotencyKey: string): Promise<RefundView> =>
    unavailableOnNetworkError(async () => {
      try {
        return toRefundView(await stripe.refunds.create(params, { idempotencyKey }));
      } catch (error) {
        // An idempotency error is the same key with other parameters: a refund this payment cannot have.
        if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeIdempotencyError) {
          throw new RefundRefusedError(error.message, { cause: error });
        }
        throw error;
      }
    });

  return {
    createIntent: ({ bookingId, amountCents, currency, email, replacing }) =>
      unavailableOnNetworkError(async () =>
        toView(
          await stripe.paymentIntents.create(
            {
              amount: amountCents,
              currency,
              metadata: { bookingId },
              receipt_email: email,
              automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            },
            // A replacement needs its own key, or the provider would replay the canceled intent.
            { idempotencyKey: `booking-${bookingId}-${amountCents}-${currency}${replacing ? `-after-${replacing}` : ''}` },
          ),
        ),
      ),
    createCheckoutIntent: ({ checkoutId, amountCents, currency, email }) =>
      unavailableOnNetworkError(async () =>
        toView(
          await stripe.paymentIntents.create(
            {
              amount: amountCents,
              currency,
              metadata: { checkoutId },
              receipt_email: email,
              automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            },
            { idempotencyKey: `checkout-${checkoutId}` },
          ),
        ),
      ),
    createOrderIntent: ({ orderId, amountCents, currency, email }) =>
      unavailableOnNetworkError(async () =>
        toView(
          await stripe.paymentIntents.create(
            {
              amount: amountCents,
              currency,
              metadata: { orderId },
              receipt_email: email,
              automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            },
            { idempotencyKey: `order-${orderId}` },
          ),
        ),
      ),
    retrieveIntent: (id) =>
      unavailableOnNetworkError(async () => {
        try {
          return toView(await stripe.paymentIntents.retrieve(id));
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
          throw error;
        }
      }),
    cancelIntent: (id) => unavailableOnNetworkError(async () => toView(await stripe.paymentIntents.cancel(id))),
    refundPayment: ({ bookingId, paymentIntentId, amountCents }) =>
      // One refund per booking, whoever asks and however often.
      createRefund({ payment_intent: paymentIntentId, amount: amountCents, metadata: { bookingId } }, `refund-${bookingId}`),
    refundWholeIntent: ({ paymentIntentId, amountCents, paidFor }) => {
      // The metadata never says bookingId here: the refund is of no booking's own payment.
      if ('orderId' in paidFor) {
        return createRefund(
          { payment_intent: paymentIntentId, amount: amountCents, metadata: { orderId: paidFor.orderId } },
          `refund-order-${paidFor.orderId}`,
        );
      }
      return 'checkoutId' in paidFor
        ? createRefund(
            { payment_intent: paymentIntentId, amount: amountCents, metadata: { checkoutId: paidFor.checkoutId } },
            `refund-checkout-${paidFor.checkoutId}`,
          )
        : createRefund(
            {
              payment_intent: paymentIntentId,
              amount: amountCents,
              metadata: { secondPaymentOfBookingId: paidFor.secondPaymentOfBookingId },
            },
            `refund-intent-${paymentIntentId}`,
          );
    },
    refundOrderPart: ({ orderId, orderRefundId, paymentIntentId, amountCents }) =>
      createRefund(
        { payment_intent: paymentIntentId, amount: amountCents, metadata: { orderId, orderRefundId } },
        `order-refund-${orderRefundId}`,
      ),
    parseWebhook: (rawBody, signature) => {
      let event: Stripe.Event;
      try {
        // Stryker disable next-line StringLiteral: a missing signature fails as any wrong one does
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch (error) {
        // The SDK's reason (no signature, another secret, an old timestamp), for the log.
        throw new WebhookSignatureError(String(error));
      }
      return eventView(event);
    },
  };
}

/**
 * What a signed event must look like for its PaymentIntent to count. The signature proves who sent
 * it, not its shape (an API version we do not know, another object type, a test event sent from
 * the dashboard), so anything else is an event without an intent, which changes nothing.
 */
const signedIntentSchema = z.object({
  object: z.literal('payment_intent'),
  id: z.string().min(1),
  status: z.string(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  metadata: z.record(z.string(), z.string()).nullish(),
  client_secret: z.string().nullish(),
  last_payment_error: z.object({ message: z.string().nullish() }).nullish(),
});

/** A refund in a signed event: its own metadata names the booking, never the intent's. */
const signedRefundSchema = z.object({
  object: z.literal('refund'),
  id: z.string().min(1),
  status: z.string().nullish(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  payment_intent: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

const signedEventSchema = z.object({
  id: z.string().min(1),
  type: z.string(),
  data: z.object({ object: z.unknown() }).nullish(),
});

function eventView(event: unknown): PaymentEvent {
  const envelope = signedEventSchema.safeParse(event);
  if (!envelope.success) return { id: '', type: 'unreadable', intent: null, refund: null };
  const object = envelope.data.data?.object;
  const intent = signedIntentSchema.safeParse(object);
  const refund = signedRefundSchema.safeParse(object);
  return {
    id: envelope.data.id,
    type: envelope.data.type,
    intent: intent.success ? toView(intent.data as Stripe.PaymentIntent) : null,
    refund: refund.success ? toRefundView(refund.data) : null,
  };
}

/** Where the SDK sends its calls: the provider's, or a stand-in's, host, port and protocol. */
export function hostOptions(apiBase: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function toView(intent: Stripe.PaymentIntent): PaymentIntentView {
  return {
    id: intent.id,
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    bookingId: intent.metadata?.bookingId ?? null,
    checkoutId: intent.metadata?.checkoutId ?? null,
    orderId: intent.metadata?.orderId ?? null,
    clientSecret: intent.client_secret ?? '',
    lastErrorMessage: intent.last_payment_error?.message ?? null,
  };
}

function toRefundView(
  refund: Pick<Stripe.Refund, 'id' | 'amount' | 'currency'> & {
    status?: string | null;
    payment_intent?: string | Stripe.PaymentIntent | null;
    metadata?: Stripe.Metadata | null;
  },
): RefundView {
  const intent = refund.payment_intent;
  return {
    id: refund.id,
    status: refund.status ?? 'pending',
    amountCents: refund.amount,
    currency: refund.currency,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    bookingId: refund.metadata?.bookingId ?? null,
    // An order named without a refund record of it is the whole refund of an order closed before its money came.
    returnsUnkeptPayment: Boolean(
      refund.metadata?.checkoutId ??
      (refund.metadata?.orderRefundId ? undefined : refund.metadata?.orderId) ??
      refund.metadata?.secondPaymentOfBookingId,
    ),
    orderRefundId: refund.metadata?.orderRefundId ?? null,
  };
}

async function unavailableOnNetworkError<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // Stripe's own rate limit (429) is the provider being busy, not the caller's mistake: a 503.
    if (
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError
    ) {
      throw new PaymentsUnavailableError(error.message, { cause: error });
    }
    throw error;
  }
}
