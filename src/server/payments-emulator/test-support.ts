// Test helpers: an emulator on a free port with a `stripe` SDK client pointed at it, the confirm
// call as the browser sends it, and a local webhook receiver that records what it is sent.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startPaymentsEmulator, type PaymentsEmulatorOptions, type RunningPaymentsEmulator } from './index';

export const TEST_KEYS = {
  secretKey: 'sk_test_emulator',
  publishableKey: 'pk_test_emulator',
  webhookSecret: 'whsec_test_emulator',
};

export function stripeClient(emulatorUrl: string, apiKey = TEST_KEYS.secretKey): Stripe {
  const { hostname, port } = new URL(emulatorUrl);
  return new Stripe(apiKey, { host: hostname, port: Number(port), protocol: 'http', telemetry: false });
}

export async function startTestEmulator(
  options: Partial<PaymentsEmulatorOptions> = {},
): Promise<{ emulator: RunningPaymentsEmulator; stripe: Stripe }> {
  const emulator = await startPaymentsEmulator({ port: 0, ...TEST_KEYS, ...options });
  return { emulator, stripe: stripeClient(emulator.url) };
}

export function futureExpiry(): { exp_month: string; exp_year: string } {
  return { exp_month: '12', exp_year: String(new Date().getUTCFullYear() + 2) };
}

/** The confirm request Stripe.js makes from the browser: form-encoded, publishable key, client_secret. */
export function confirmFromBrowser(
  emulatorUrl: string,
  intentId: string,
  fields: Record<string, string>,
  publishableKey = TEST_KEYS.publishableKey,
): Promise<Response> {
  return fetch(`${emulatorUrl}/v1/payment_intents/${intentId}/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://127.0.0.1:3000',
    },
    body: new URLSearchParams(fields).toString(),
  });
}

export function cardFields(clientSecret: string, number: string): Record<string, string> {
  const { exp_month, exp_year } = futureExpiry();
  return {
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': exp_month,
    'payment_method_data[card][exp_year]': exp_year,
    'payment_method_data[card][cvc]': '123',
    'payment_method_data[billing_details][name]': 'Ada Lovelace',
    'payment_method_data[billing_details][email]': 'ada@example.com',
  };
}

export interface ReceivedWebhook {
  body: string;
  headers: IncomingHttpHeaders;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Resolves once `count` deliveries have arrived. */
  waitFor(count: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/**
 * A stand-in for the storefront's webhook endpoint. `answer` decides each delivery's status (by
 * its position, from 0); it may also hold the response open by returning a promise.
 */
export async function startWebhookReceiver(
  answer: (index: number) => number | Promise<number> = () => 200,
  port = 0,
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: Array<{ count: number; resolve: (all: ReceivedWebhook[]) => void }> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const index = received.length;
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve([...received]);
      void Promise.resolve(answer(index)).then((status) => response.writeHead(status).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actualPort}/webhooks/stripe`,
    received,
    waitFor: (count) =>
      received.length >= count
        ? Promise.resolve([...received])
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
