// The payments emulator: a small stand-in for Stripe's PaymentIntents and Refunds APIs in test mode, so the
// storefront runs offline with the unchanged `stripe` SDK (DESIGN.md "Payments"). It is a separate
// program: nothing here imports storefront code.
import type { AddressInfo } from 'node:net';
import { refundRoutes } from './refund-routes';
import { paymentIntentRoutes } from './routes';
import { createApiServer } from './server';
import { EmulatorStore } from './store';
import { createWebhookSender } from './webhooks';

export { TEST_CARD_NUMBERS } from './cards';

export interface PaymentsEmulatorOptions {
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** 0 picks a free port; `url` reports it. */
  port: number;
  /** The storefront's server's key: generated for each data directory, never a well-known value. */
  secretKey: string;
  publishableKey: string;
  /** The storefront's origins (`http://127.0.0.1:3000`): the only pages that may confirm a card. */
  allowedOrigins?: readonly string[];
  /** Where the payment and refund events (`payment_intent.succeeded`, `refund.created`, …) are posted. */
  webhookUrl?: string;
  webhookSecret: string;
  /** JSON file that keeps the intents across restarts; in memory only when absent. */
  stateFile?: string;
  log?: (line: string) => void;
}

export interface RunningPaymentsEmulator {
  url: string;
  /**
   * Stops taking requests, then waits for webhook deliveries in flight (each gets a last attempt)
   * and for the state file's last write.
   */
  close: () => Promise<void>;
}

export async function startPaymentsEmulator(options: PaymentsEmulatorOptions): Promise<RunningPaymentsEmulator> {
  const { secretKey, publishableKey, host = '127.0.0.1', log = () => {} } = options;
  if (!secretKey.startsWith('sk_')) throw new Error('The payments emulator needs a secret key starting with sk_.');
  if (!publishableKey.startsWith('pk_')) throw new Error('The payments emulator needs a publishable key starting with pk_.');
  if (options.webhookUrl !== undefined && !options.webhookSecret) throw new Error('A webhook URL needs a webhook secret.');

  const store = await EmulatorStore.open(options.stateFile);
  const webhooks = createWebhookSender({ url: options.webhookUrl, secret: options.webhookSecret, log });
  const server = createApiServer({
    routes: [...paymentIntentRoutes(store, webhooks), ...refundRoutes(store, webhooks)],
    store,
    secretKey,
    publishableKey,
    allowedOrigins: new Set(options.allowedOrigins),
    log,
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  log(`payments emulator: listening on ${url}`);

  let closing: Promise<void> | undefined;
  return {
    url,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
      })
        .then(() => webhooks.drain())
        .then(() => store.close());
      return closing;
    },
  };
}
