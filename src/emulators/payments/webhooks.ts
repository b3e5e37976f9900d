// Webhook events as Stripe sends them: the event envelope, the Stripe-Signature header
// (`t=…,v1=HMAC-SHA256(secret, "t.payload")`), and delivery in the background with retries and
// backoff, so a confirmation never waits on the storefront; close() waits for deliveries in flight.
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { newId } from './ids';

/** The API version events are rendered in, as for an account pinned to the SDK's version. */
export const API_VERSION = '2026-10-28.endive';

/** Pauses between attempts; a failed delivery is tried once more after each. */
const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000];
const ATTEMPT_TIMEOUT_MS = 10_000;

/** Stripe's event envelope; `request.id` is null for events no API request caused, as at Stripe. */
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export function buildEvent(type: string, object: unknown, request: StripeEvent['request'], now: Date): StripeEvent {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: Math.floor(now.getTime() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request,
    type,
  };
}

function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export interface WebhookSender {
  /** Queues the event for delivery and returns at once. */
  send: (event: StripeEvent) => void;
  /** Stops waiting between retries (each pending event gets one last attempt) and waits for them. */
  drain: () => Promise<void>;
}

export function createWebhookSender(options: { url: string | undefined; secret: string; log: (line: string) => void }): WebhookSender {
  const { url, secret, log } = options;
  const inFlight = new Set<Promise<void>>();
  const closing = new AbortController();

  async function attempt(target: string, payload: string): Promise<string | null> {
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, secret, Math.floor(Date.now() / 1000)),
        },
        body: payload,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return response.ok ? null : `HTTP ${response.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  async function deliver(target: string, event: StripeEvent): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    for (const delay of [...RETRY_DELAYS_MS, undefined]) {
      const failure = await attempt(target, payload);
      if (failure === null) return;
      if (delay === undefined || closing.signal.aborted) {
        log(`payments emulator: gave up delivering ${event.type} ${event.id} to ${target} (${failure})`);
        return;
      }
      log(`payments emulator: delivering ${event.type} ${event.id} failed (${failure}); retrying in ${delay} ms`);
      await sleep(delay, undefined, { signal: closing.signal }).catch(() => undefined);
    }
  }

  return {
    send(event) {
      if (url === undefined) return;
      const delivery = deliver(url, event).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    async drain() {
      closing.abort();
      await Promise.all(inFlight);
    },
  };
}
