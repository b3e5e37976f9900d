// POST /webhooks/stripe: the provider's signed events. The signature is checked over the raw
// body before anything else; a bad one changes nothing and gets 400. An event whose effect cannot be
// made now (refunding a payment no order can take while the provider is away) gets 503, so the
// provider retries it.
import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../context';
import { WebhookSignatureError } from '../payments/payments-gateway';
import { handleCheckoutEvent } from '../domains/checkout/legacy-baskets';
import { handleOrderEvent } from '../domains/checkout/order-payment';
import { handlePaymentEvent } from '../domains/checkout/payments';
import { errorBody } from './error-response';

export async function registerPaymentWebhook(app: FastifyInstance, options: { deps: AppDeps }): Promise<void> {
  const { db, payments, metrics } = options.deps;
  // Scoped to this plugin: the webhook needs the exact bytes Stripe signed.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/webhooks/stripe', async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    let event;
    try {
      event = payments.parseWebhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ reason: error.message }, 'refused a webhook with a bad signature');
        return reply.status(400).send(errorBody('BAD_REQUEST', 'Invalid webhook signature.'));
      }
      throw error;
    }
    let outcome;
    try {
      // An intent names one booking, a basket checkout or an order placed at checkout in its metadata.
      outcome = event.intent?.orderId
        ? await handleOrderEvent(db, payments, metrics, event)
        : event.intent?.checkoutId
          ? await handleCheckoutEvent(db, payments, metrics, event)
          : await handlePaymentEvent(db, payments, metrics, request.log, event);
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      metrics.paymentEvent(event.type, 'failed');
      request.log.error(
        { eventId: event.id, intentId: event.intent?.id, err: error },
        'could not refund a payment that no order can take',
      );
      return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE', error.message));
    }
    metrics.paymentEvent(event.type, outcome);
    if (outcome === 'refund_refused') {
      request.log.error(
        { eventId: event.id, intentId: event.intent?.id },
        'a payment succeeded for an order that cannot take it and the provider refused its refund: look at it by hand',
      );
    } else if (outcome === 'refund_outside_shop') {
      request.log.warn(
        { eventId: event.id, refundId: event.refund?.id },
        'a refund was made at the payment provider outside the shop: recorded in the audit log, no order marked refunded',
      );
    } else if (outcome === 'refunded_automatically') {
      request.log.warn(
        { eventId: event.id, intentId: event.intent?.id },
        'a payment succeeded for a cancelled booking, a booking already paid or a closed basket: refunded it',
      );
    } else {
      request.log.info({ eventId: event.id, type: event.type, outcome }, 'payment event');
    }
    return { received: true, outcome };
  });
}
