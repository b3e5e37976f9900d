// Support for the emulator's own tests: an emulator on a free port with a `stripe` SDK client
// pointed at it, and the confirm call as Stripe.js sends it from the browser. It needs nothing
// from the storefront, so the emulator stays a program of its own, tests included.
import Stripe from 'stripe';
import { randomBase62 } from '../ids';
import { startPaymentsEmulator, type PaymentsEmulatorOptions, type RunningPaymentsEmulator } from '../index';

/**
 * Keys made up for this run: the emulator answers to whatever keys it is started with, and no
 * test should pass only because of one particular value.
 */
export const TEST_KEYS = {
  secretKey: `sk_test_${randomBase62(16)}`,
  publishableKey: `pk_test_${randomBase62(16)}`,
  webhookSecret: `whsec_${randomBase62(24)}`,
};

/** The storefront's origin the test emulators take browser calls from, as the card form sends them. */
export const STOREFRONT_ORIGIN = 'http://127.0.0.1:3000';

export function stripeClient(emulatorUrl: string, apiKey = TEST_KEYS.secretKey): Stripe {
  const { hostname, port } = new URL(emulatorUrl);
  return new Stripe(apiKey, { host: hostname, port: Number(port), protocol: 'http', telemetry: false });
}

export async function startTestEmulator(
  options: Partial<PaymentsEmulatorOptions> = {},
): Promise<{ emulator: RunningPaymentsEmulator; stripe: Stripe }> {
  const emulator = await startPaymentsEmulator({ port: 0, ...TEST_KEYS, allowedOrigins: [STOREFRONT_ORIGIN], ...options });
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
      origin: STOREFRONT_ORIGIN,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

export function cardFields(clientSecret: string, number: string, { exp_month, exp_year } = futureExpiry()): Record<string, string> {
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
