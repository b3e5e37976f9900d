// The Refunds calls the storefront's server makes: create (refunding a succeeded PaymentIntent) and
// retrieve. Creating a refund queues refund.created and charge.refunded, as Stripe sends them.
import { noSuchPaymentIntent, noSuchRefund } from './errors';
import { chargeOf, createRefund, refundIntentId } from './refunds';
import { rejectUnknown } from './params';
import type { Route } from './routes';
import type { EmulatorStore } from './store';
import { buildEvent, type WebhookSender } from './webhooks';

export function refundRoutes(store: EmulatorStore, webhooks: WebhookSender): Route[] {
  return [
    {
      method: 'POST',
      path: /^\/v1\/refunds$/,
      allowsPublishableKey: false,
      calledFromBrowser: false,
      handle({ params, now, requestId, idempotencyKey }) {
        const intentId = refundIntentId(params);
        const intent = store.intent(intentId);
        if (intent === undefined) throw noSuchPaymentIntent(intentId);
        const refund = createRefund(intent, store.amountRefunded(intent.id), params, now);
        store.saveRefund(refund);
        const request = { id: requestId, idempotency_key: idempotencyKey };
        webhooks.send(buildEvent('refund.created', refund, request, now));
        const charge = chargeOf({ ...intent, latest_charge: refund.charge }, store.amountRefunded(intent.id));
        webhooks.send(buildEvent('charge.refunded', charge, request, now));
        return { status: 200, body: refund };
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/refunds\/([^/]+)$/,
      allowsPublishableKey: false,
      calledFromBrowser: false,
      handle({ ids, params }) {
        rejectUnknown(params, []);
        const refund = ids[0] === undefined ? undefined : store.refund(ids[0]);
        if (refund === undefined) throw noSuchRefund(ids[0] ?? '');
        return { status: 200, body: refund };
      },
    },
  ];
}
