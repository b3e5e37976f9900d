// Webhook events after each confirmation: Stripe's envelope and signature (checked with the SDK's
// constructEvent), delivery that never holds up the confirmation, retries, and draining on close.
import { freePort } from '../free-port';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningPaymentsEmulator } from './index';
import { TEST_KEYS, cardFields, confirmFromBrowser, startTestEmulator } from './testing/emulator';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from './testing/webhook-receiver';

const verifier = new Stripe(TEST_KEYS.secretKey);
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(receiver: WebhookReceiver | { url: string }, log?: (line: string) => void) {
  const started = await startTestEmulator({ webhookUrl: receiver.url, ...(log ? { log } : {}) });
  cleanups.push(() => started.emulator.close());
  return started;
}

async function receiver(answer?: (index: number) => number | Promise<number>, port?: number): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(answer, port);
  cleanups.push(() => started.close());
  return started;
}

function verify(delivery: ReceivedWebhook, secret = TEST_KEYS.webhookSecret): Stripe.Event {
  return verifier.webhooks.constructEvent(delivery.body, String(delivery.headers['stripe-signature']), secret);
}

async function payFromBrowser(emulator: RunningPaymentsEmulator, stripe: Stripe, number: string) {
  const intent = await stripe.paymentIntents.create({ amount: 2_500, currency: 'usd', metadata: { bookingId: 'b-9' } });
  await confirmFromBrowser(emulator.url, intent.id, cardFields(intent.client_secret ?? '', number));
  return intent;
}

describe('events', () => {
  it('delivers payment_intent.succeeded, signed so that stripe.webhooks.constructEvent accepts it', async () => {
    const storefront = await receiver();
    const { emulator, stripe } = await setUp(storefront);

    const intent = await payFromBrowser(emulator, stripe, '4242424242424242');
    const [delivery] = await storefront.waitFor(1);

    const event = verify(delivery!);
    expect(event).toMatchObject({
      object: 'event',
      type: 'payment_intent.succeeded',
      livemode: false,
      api_version: expect.any(String) as unknown,
      data: { object: { id: intent.id, object: 'payment_intent', status: 'succeeded', metadata: { bookingId: 'b-9' } } },
    });
    expect(event.id).toMatch(/^evt_/);
    expect(delivery!.headers['content-type']).toMatch(/^application\/json/);
  });

  it('delivers payment_intent.payment_failed with the card error', async () => {
    const storefront = await receiver();
    const { emulator, stripe } = await setUp(storefront);

    await payFromBrowser(emulator, stripe, '4000000000000002');
    const [delivery] = await storefront.waitFor(1);

    const event = verify(delivery!);
    expect(event.type).toBe('payment_intent.payment_failed');
    expect((event.data.object as Stripe.PaymentIntent).last_payment_error?.message).toBe('Your card was declined.');
  });

  it('signs so that another secret, or a changed body, fails verification', async () => {
    const storefront = await receiver();
    const { emulator, stripe } = await setUp(storefront);

    await payFromBrowser(emulator, stripe, '4242424242424242');
    const [delivery] = await storefront.waitFor(1);

    expect(() => verify(delivery!, 'whsec_someone_else')).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => verify({ ...delivery!, body: delivery!.body.replace('succeeded', 'canceled') })).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});

describe('delivery', () => {
  it('answers the confirmation while the storefront is still handling the event', async () => {
    let release = (_status: number) => {};
    const storefront = await receiver(() => new Promise<number>((resolve) => (release = resolve)));
    const { emulator, stripe } = await setUp(storefront);

    await payFromBrowser(emulator, stripe, '4242424242424242');

    await storefront.waitFor(1);
    release(200);
  });

  it('retries a delivery the storefront refused until it is accepted', async () => {
    const storefront = await receiver((index) => (index === 0 ? 503 : 200));
    const { emulator, stripe } = await setUp(storefront);

    await payFromBrowser(emulator, stripe, '4242424242424242');
    const [first, second] = await storefront.waitFor(2);

    expect(verify(second!).id).toBe(verify(first!).id);
  });

  it('retries while the storefront is not listening yet', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const { emulator, stripe } = await setUp({ url: `http://127.0.0.1:${port}/webhooks/stripe` }, (line) => lines.push(line));

    await payFromBrowser(emulator, stripe, '4242424242424242');
    await expect.poll(() => lines.some((line) => line.includes('retrying'))).toBe(true);
    const storefront = await receiver(undefined, port);

    const [delivery] = await storefront.waitFor(1);
    expect(verify(delivery!).type).toBe('payment_intent.succeeded');
  });

  it('makes close() wait for a delivery in flight', async () => {
    let release = (_status: number) => {};
    const storefront = await startWebhookReceiver(() => new Promise<number>((resolve) => (release = resolve)));
    const { emulator, stripe } = await startTestEmulator({ webhookUrl: storefront.url });
    await payFromBrowser(emulator, stripe, '4242424242424242');
    await storefront.waitFor(1);

    let closed = false;
    const closing = emulator.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    release(200);
    await closing;
    expect(closed).toBe(true);
    await storefront.close();
  });

  it('gives an unreachable storefront one last attempt on close() instead of waiting out the backoff', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const { emulator, stripe } = await startTestEmulator({
      webhookUrl: `http://127.0.0.1:${port}/webhooks/stripe`,
      log: (line) => lines.push(line),
    });
    await payFromBrowser(emulator, stripe, '4242424242424242');
    await expect.poll(() => lines.some((line) => line.includes('retrying'))).toBe(true);

    const started = Date.now();
    await emulator.close();

    expect(Date.now() - started).toBeLessThan(2_000);
    expect(lines.some((line) => line.includes('gave up'))).toBe(true);
  });
});
