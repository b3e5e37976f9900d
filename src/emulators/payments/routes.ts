// The API the emulator answers, one route per PaymentIntents call the storefront and Stripe.js make:
// create, retrieve, confirm, cancel. Confirming records the outcome and queues its webhook event.
import { secretKeyRequired, type Caller } from './auth';
import { invalidRequest, noSuchPaymentIntent } from './errors';
import { cancelPaymentIntent, confirmPaymentIntent, createPaymentIntent, type PaymentIntent } from './intents';
import { rejectUnknown, type Params } from './params';
import type { EmulatorStore } from './store';
import { buildEvent, type WebhookSender } from './webhooks';

interface RouteRequest {
  caller: Caller;
  /** The path's captured segments, e.g. the PaymentIntent id. */
  ids: string[];
  params: Params;
  requestId: string;
  idempotencyKey: string | null;
  now: Date;
}

export interface RouteResponse {
  status: number;
  body: unknown;
}

export interface Route {
  method: 'GET' | 'POST';
  path: RegExp;
  /** Stripe.js may call it with the publishable key and the PaymentIntent's client_secret. */
  allowsPublishableKey: boolean;
  /** The storefront's pages call it (the card form confirms); every other route refuses a web page. */
  calledFromBrowser: boolean;
  handle: (request: RouteRequest) => RouteResponse;
}

export function paymentIntentRoutes(store: EmulatorStore, webhooks: WebhookSender): Route[] {
  function find(id: string | undefined): PaymentIntent {
    const intent = id === undefined ? undefined : store.intent(id);
    if (intent === undefined) throw noSuchPaymentIntent(id ?? '');
    return intent;
  }

  /** The params without client_secret, which must match the intent and is required with the publishable key. */
  function authorize(request: RouteRequest, intent: PaymentIntent): Params {
    const { client_secret: clientSecret, ...params } = request.params;
    if (clientSecret === undefined) {
      if (request.caller === 'publishable') throw secretKeyRequired();
      return params;
    }
    if (clientSecret !== intent.client_secret) {
      throw invalidRequest('The client_secret provided does not match the client_secret associated with the PaymentIntent.', {
        code: 'payment_intent_invalid_parameter',
        param: 'client_secret',
      });
    }
    return params;
  }

  return [
    {
      method: 'POST',
      path: /^\/v1\/payment_intents$/,
      allowsPublishableKey: false,
      calledFromBrowser: false,
      handle({ params, now }) {
        const intent = createPaymentIntent(params, now);
        store.saveIntent(intent);
        return { status: 200, body: intent };
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      allowsPublishableKey: true,
      calledFromBrowser: false,
      handle(request) {
        const intent = find(request.ids[0]);
        rejectUnknown(authorize(request, intent), []);
        return { status: 200, body: intent };
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      allowsPublishableKey: true,
      calledFromBrowser: true,
      handle(request) {
        const current = find(request.ids[0]);
        const { intent, failure } = confirmPaymentIntent(current, authorize(request, current), request.now);
        store.saveIntent(intent);
        const type = failure === null ? 'payment_intent.succeeded' : 'payment_intent.payment_failed';
        webhooks.send(buildEvent(type, intent, { id: request.requestId, idempotency_key: request.idempotencyKey }, request.now));
        return failure === null ? { status: 200, body: intent } : { status: 402, body: { error: failure } };
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      allowsPublishableKey: false,
      calledFromBrowser: false,
      handle({ ids, params, now }) {
        const intent = cancelPaymentIntent(find(ids[0]), params, now);
        store.saveIntent(intent);
        return { status: 200, body: intent };
      },
    },
  ];
}
