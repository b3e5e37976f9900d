// The gateway against the payments emulator through the real `stripe` SDK: what it asks the
// provider for (read back from the provider), how often a retried call charges or refunds, and how
// it reads the provider's answers and signed events. A canned server stands in for the provider's
// faults, which the emulator does not make. Each test makes its own gateway, so what the gateway
// sets up counts towards the test that uses it.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPaymentsEmulator, type RunningPaymentsEmulator } from '../../emulators/payments';
import { cardFields, confirmFromBrowser, STOREFRONT_ORIGIN, stripeClient } from '../../emulators/payments/testing/emulator';
import { TEST_STRIPE_KEYS } from '../testing/test-keys';
import { PaymentsUnavailableError, RefundRefusedError, WebhookSignatureError, type PaymentsGateway } from './payments-gateway';
import { createStripeGateway, hostOptions } from './stripe-gateway';

let emulator: RunningPaymentsEmulator;
let gateway: PaymentsGateway;
let provider: Stripe;

beforeAll(async () => {
  emulator = await startPaymentsEmulator({ port: 0, ...TEST_STRIPE_KEYS, allowedOrigins: [STOREFRONT_ORIGIN] });
  provider = stripeClient(emulator.url, TEST_STRIPE_KEYS.secretKey);
});

beforeEach(() => {
  gateway = createStripeGateway({ ...TEST_STRIPE_KEYS, apiBase: emulator.url });
});

afterAll(async () => {
  await emulator.close();
});

const booking = (bookingId: string) => ({ bookingId, amountCents: 2_500, currency: 'usd', email: 'ada@example.com' });

async function paid(intentId: string): Promise<void> {
  const { client_secret } = await provider.paymentIntents.retrieve(intentId);
  const response = await confirmFromBrowser(
    emulator.url,
    intentId,
    cardFields(client_secret ?? '', '4242424242424242'),
    TEST_STRIPE_KEYS.publishableKey,
  );
  expect(response.status).toBe(200);
}

describe('the Stripe gateway', () => {
  it('opens one intent per booking and amount however often it is asked, card only, without redirects', async () => {
    const first = await gateway.createIntent(booking('booking-1'));
    const again = await gateway.createIntent(booking('booking-1'));
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ bookingId: 'booking-1', checkoutId: null, amountCents: 2_500, currency: 'usd' });
    expect(first.clientSecret).toMatch(/^pi_.+_secret_/);

    const kept = await provider.paymentIntents.retrieve(first.id);
    expect(kept.automatic_payment_methods).toEqual({ enabled: true, allow_redirects: 'never' });
    expect(kept.receipt_email).toBe('ada@example.com');

    expect((await gateway.createIntent({ ...booking('booking-1'), amountCents: 3_000 })).id).not.toBe(first.id);
    expect((await gateway.createIntent(booking('booking-2'))).id).not.toBe(first.id);
  });

  it('opens a new intent when replacing a canceled one, and only one', async () => {
    const first = await gateway.createIntent(booking('booking-3'));
    await expect(gateway.cancelIntent(first.id)).resolves.toMatchObject({ id: first.id, status: 'canceled' });
    const replacement = await gateway.createIntent({ ...booking('booking-3'), replacing: first.id });
    expect(replacement.id).not.toBe(first.id);
    expect(replacement.status).not.toBe('canceled');
    expect((await gateway.createIntent({ ...booking('booking-3'), replacing: first.id })).id).toBe(replacement.id);
  });

  it('opens one intent per checkout, naming the checkout, card only, without redirects', async () => {
    const checkout = { checkoutId: 'checkout-1', amountCents: 7_500, currency: 'usd', email: 'ada@example.com' };
    const first = await gateway.createCheckoutIntent(checkout);
    expect((await gateway.createCheckoutIntent(checkout)).id).toBe(first.id);
    expect(first).toMatchObject({ checkoutId: 'checkout-1', bookingId: null, amountCents: 7_500 });
    expect((await provider.paymentIntents.retrieve(first.id)).automatic_payment_methods).toEqual({
      enabled: true,
      allow_redirects: 'never',
    });
    expect((await gateway.createCheckoutIntent({ ...checkout, checkoutId: 'checkout-2' })).id).not.toBe(first.id);
  });

  it('answers null for an intent the provider does not know', async () => {
    await expect(gateway.retrieveIntent('pi_unknown0000000000000000')).resolves.toBeNull();
  });

  it('refunds a second payment of a booking once, however often it is asked', async () => {
    const intent = await gateway.createIntent(booking('booking-4'));
    await paid(intent.id);
    const refund = { paymentIntentId: intent.id, amountCents: 2_500, paidFor: { secondPaymentOfBookingId: 'booking-4' } };
    const first = await gateway.refundWholeIntent(refund);
    expect(first).toMatchObject({ paymentIntentId: intent.id, amountCents: 2_500, bookingId: null, returnsUnkeptPayment: true });
    expect((await gateway.refundWholeIntent(refund)).id).toBe(first.id);
  });

  it('refunds a closed basket’s payment naming the basket, read back as the shop’s own', async () => {
    const intent = await gateway.createCheckoutIntent({
      checkoutId: 'checkout-3',
      amountCents: 4_000,
      currency: 'usd',
      email: 'ada@example.com',
    });
    await paid(intent.id);
    const refund = await gateway.refundWholeIntent({
      paymentIntentId: intent.id,
      amountCents: 4_000,
      paidFor: { checkoutId: 'checkout-3' },
    });
    expect(refund).toMatchObject({ paymentIntentId: intent.id, amountCents: 4_000, bookingId: null, returnsUnkeptPayment: true });
  });

  it('refunds part of an order once per refund record, read back as that record and not as a whole refund', async () => {
    const intent = await gateway.createOrderIntent({
      orderId: 'order-7',
      amountCents: 9_000,
      currency: 'usd',
      email: 'ada@example.com',
    });
    await paid(intent.id);
    const request = { orderId: 'order-7', orderRefundId: 'refund-row-1', paymentIntentId: intent.id, amountCents: 1_500 };
    const first = await gateway.refundOrderPart(request);
    expect(first).toMatchObject({ amountCents: 1_500, orderRefundId: 'refund-row-1', returnsUnkeptPayment: false, bookingId: null });
    expect((await gateway.refundOrderPart(request)).id).toBe(first.id);
    const second = await gateway.refundOrderPart({ ...request, orderRefundId: 'refund-row-2' });
    expect(second.id).not.toBe(first.id);
  });

  it('refunds a booking once, naming the booking and its payment', async () => {
    const intent = await gateway.createIntent(booking('booking-5'));
    await paid(intent.id);
    const first = await gateway.refundPayment({ bookingId: 'booking-5', paymentIntentId: intent.id, amountCents: 2_500 });
    expect(first).toMatchObject({
      bookingId: 'booking-5',
      paymentIntentId: intent.id,
      amountCents: 2_500,
      currency: 'usd',
      returnsUnkeptPayment: false,
    });
    expect(first.status).toMatch(/^(succeeded|pending)$/);
    expect((await gateway.refundPayment({ bookingId: 'booking-5', paymentIntentId: intent.id, amountCents: 2_500 })).id).toBe(
      first.id,
    );
  });
});

describe('signed events', () => {
  const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_STRIPE_KEYS.webhookSecret });

  it('refuses an event without a signature, or signed with another secret', () => {
    const payload = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: {} } });
    expect(() => gateway.parseWebhook(Buffer.from(payload), undefined)).toThrow(WebhookSignatureError);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_another' });
    expect(() => gateway.parseWebhook(Buffer.from(payload), forged)).toThrow(WebhookSignatureError);
    // The SDK's reason goes with the refusal, for the log.
    expect(() => gateway.parseWebhook(Buffer.from(payload), forged)).toThrow(/No signatures found/);
  });

  it('reads a signed envelope it cannot make sense of as unreadable, changing nothing', () => {
    const payload = JSON.stringify({ type: 'payment_intent.succeeded' });
    expect(gateway.parseWebhook(Buffer.from(payload), sign(payload))).toEqual({
      id: '',
      type: 'unreadable',
      intent: null,
      refund: null,
    });
  });

  it('reads an intent and a refund without metadata as naming no booking', () => {
    const intent = { object: 'payment_intent', id: 'pi_1', status: 'succeeded', amount: 100, currency: 'usd' };
    const intentPayload = JSON.stringify({ id: 'evt_2', type: 'payment_intent.succeeded', data: { object: intent } });
    expect(gateway.parseWebhook(Buffer.from(intentPayload), sign(intentPayload)).intent).toMatchObject({
      id: 'pi_1',
      bookingId: null,
      checkoutId: null,
      clientSecret: '',
    });

    const refund = { object: 'refund', id: 're_1', amount: 100, currency: 'usd', payment_intent: null };
    const refundPayload = JSON.stringify({ id: 'evt_3', type: 'refund.created', data: { object: refund } });
    expect(gateway.parseWebhook(Buffer.from(refundPayload), sign(refundPayload)).refund).toEqual({
      id: 're_1',
      status: 'pending',
      amountCents: 100,
      currency: 'usd',
      paymentIntentId: null,
      bookingId: null,
      returnsUnkeptPayment: false,
      orderRefundId: null,
    });
  });
});

describe('where the gateway sends its calls', () => {
  it('uses the port a base names, or the protocol’s own', () => {
    expect(hostOptions('https://api.stripe.com')).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
    expect(hostOptions('http://payments.internal')).toEqual({ host: 'payments.internal', port: 80, protocol: 'http' });
    expect(hostOptions('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: '12111', protocol: 'http' });
  });
});

/** A provider that answers every request with one status and body, and keeps each request's headers. */
async function cannedProvider(status: number, body: object): Promise<{ url: string; headers: IncomingHttpHeaders[]; server: Server }> {
  const headers: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    headers.push(request.headers);
    request.resume();
    // Stripe names each request (the SDK reports earlier ones' timings by that name when telemetry
    // is on), and says whether to retry; otherwise the SDK would retry a 5xx with back-off.
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_${headers.length}`,
      'stripe-should-retry': 'false',
    });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, headers, server };
}

const stripeError = (type: string) => ({ error: { type, message: `canned ${type}` } });
const anIntent = { object: 'payment_intent', id: 'pi_canned', status: 'succeeded', amount: 100, currency: 'usd', metadata: {} };

describe('the Stripe gateway against a provider’s faults', () => {
  const servers: Server[] = [];
  const gatewayFor = async (status: number, body: object) => {
    const canned = await cannedProvider(status, body);
    servers.push(canned.server);
    return { gateway: createStripeGateway({ ...TEST_STRIPE_KEYS, apiBase: canned.url }), headers: canned.headers, url: canned.url };
  };

  // The SDK keeps its connections alive; they are cut so each server really closes.
  afterAll(() =>
    Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve) => {
            server.closeAllConnections();
            server.close(resolve);
          }),
      ),
    ),
  );

  it('sends the provider no telemetry about earlier calls', async () => {
    const canned = await gatewayFor(200, anIntent);
    await canned.gateway.retrieveIntent('pi_canned');
    await canned.gateway.retrieveIntent('pi_canned');
    expect(canned.headers).toHaveLength(2);
    for (const headers of canned.headers) expect(headers['x-stripe-client-telemetry']).toBeUndefined();
  });

  it('keys a booking’s intent by the booking, amount and currency, and a replacement by the intent it replaces', async () => {
    // The keys make a retried call, from any process or after a restart, open the same intent.
    const canned = await gatewayFor(200, anIntent);
    await canned.gateway.createIntent(booking('b-1'));
    await canned.gateway.createIntent({ ...booking('b-1'), replacing: 'pi_old' });
    expect(canned.headers.map((headers) => headers['idempotency-key'])).toEqual([
      'booking-b-1-2500-usd',
      'booking-b-1-2500-usd-after-pi_old',
    ]);
  });

  it('reads the intent of a refund that carries the whole intent rather than its id', async () => {
    const refund = { object: 'refund', id: 're_2', amount: 100, currency: 'usd', status: 'succeeded', payment_intent: anIntent };
    const canned = await gatewayFor(200, refund);
    await expect(
      canned.gateway.refundPayment({ bookingId: 'b-2', paymentIntentId: 'pi_canned', amountCents: 100 }),
    ).resolves.toMatchObject({
      paymentIntentId: 'pi_canned',
    });
  });

  it('reads only a "not found" as a missing intent; another refusal is thrown', async () => {
    const refused = await gatewayFor(400, stripeError('invalid_request_error'));
    await expect(refused.gateway.retrieveIntent('pi_canned')).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('reads a provider fault as unavailable, keeping the provider’s error as the cause', async () => {
    const faulty = await gatewayFor(500, stripeError('api_error'));
    const failure = await faulty.gateway.retrieveIntent('pi_canned').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentsUnavailableError);
    expect((failure as Error).cause).toBeInstanceOf(Stripe.errors.StripeAPIError);
  });

  it('reads a refused refund as refused, keeping the provider’s reason as the cause', async () => {
    const refusing = await gatewayFor(400, stripeError('invalid_request_error'));
    const failure = await refusing.gateway
      .refundPayment({ bookingId: 'booking-6', paymentIntentId: 'pi_canned', amountCents: 100 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RefundRefusedError);
    expect((failure as Error).cause).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
  });

  it('speaks TLS to a provider named with https', async () => {
    const plain = await gatewayFor(200, anIntent);
    const overTls = createStripeGateway({ ...TEST_STRIPE_KEYS, apiBase: plain.url.replace('http:', 'https:') });
    // The plain server cannot answer a TLS handshake, so the call fails as the provider being away.
    await expect(overTls.retrieveIntent('pi_canned')).rejects.toBeInstanceOf(PaymentsUnavailableError);
    expect(plain.headers).toHaveLength(0);
  });
});
