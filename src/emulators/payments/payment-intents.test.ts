// Creating, retrieving and cancelling PaymentIntents through the real `stripe` SDK, with Stripe's
// authentication, validation and idempotency behaviour.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPaymentsEmulator } from './index';
import { TEST_KEYS, startTestEmulator, stripeClient } from './testing/emulator';

let emulator: RunningPaymentsEmulator;
let stripe: Stripe;

beforeAll(async () => {
  ({ emulator, stripe } = await startTestEmulator());
});
afterAll(() => emulator.close());

const bookingIntent = {
  amount: 4_250,
  currency: 'usd',
  metadata: { bookingId: 'booking-7' },
  receipt_email: 'ada@example.com',
  automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
} satisfies Stripe.PaymentIntentCreateParams;

describe('creating and retrieving', () => {
  it('creates a PaymentIntent in Stripe’s shape, waiting for a payment method', async () => {
    const intent = await stripe.paymentIntents.create(bookingIntent);

    expect(intent).toMatchObject({
      object: 'payment_intent',
      amount: 4_250,
      amount_received: 0,
      currency: 'usd',
      status: 'requires_payment_method',
      metadata: { bookingId: 'booking-7' },
      receipt_email: 'ada@example.com',
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      payment_method_types: ['card'],
      livemode: false,
      last_payment_error: null,
      latest_charge: null,
      payment_method: null,
    });
    expect(intent.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]+$`));
    expect(Math.abs(intent.created - Date.now() / 1000)).toBeLessThan(5);
  });

  it('retrieves a PaymentIntent by id', async () => {
    const created = await stripe.paymentIntents.create(bookingIntent);

    const retrieved = await stripe.paymentIntents.retrieve(created.id);

    expect(retrieved).toEqual(created);
  });

  it('answers an unknown PaymentIntent with 404 resource_missing', async () => {
    const error = await stripe.paymentIntents.retrieve('pi_missing').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such payment_intent: 'pi_missing'" });
  });

  it.each([
    ['a missing amount', { currency: 'usd' }, 'parameter_missing', 'amount'],
    ['an amount below 50 cents', { amount: 49, currency: 'usd' }, 'amount_too_small', 'amount'],
    ['an unknown parameter', { amount: 500, currency: 'usd', confirm: true }, 'parameter_unknown', 'confirm'],
  ] as const)('refuses %s with Stripe’s invalid_request_error', async (_, params, code, param) => {
    const error = await stripe.paymentIntents.create(params as Stripe.PaymentIntentCreateParams).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError', code, param });
  });
});

describe('authentication', () => {
  it('refuses a request without an API key with 401 and Stripe’s error body', async () => {
    const response = await fetch(`${emulator.url}/v1/payment_intents`, { method: 'POST', body: 'amount=500&currency=usd' });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { type: 'invalid_request_error', message: expect.stringMatching(/^You did not provide an API key/) as unknown },
    });
  });

  it('refuses a wrong secret key, masking it in the message', async () => {
    const error = await stripeClient(emulator.url, 'sk_test_wrong_key_1234')
      .paymentIntents.create(bookingIntent)
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, message: 'Invalid API Key provided: sk_test_**********1234' });
  });

  it('refuses the publishable key for creating or cancelling an intent', async () => {
    const browserKeyed = stripeClient(emulator.url, TEST_KEYS.publishableKey);
    const intent = await stripe.paymentIntents.create(bookingIntent);

    for (const call of [browserKeyed.paymentIntents.create(bookingIntent), browserKeyed.paymentIntents.cancel(intent.id)]) {
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(error).toMatchObject({ message: expect.stringMatching(/cannot be made with a publishable API key/) as unknown });
    }
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
  });
});

describe('idempotency', () => {
  it('replays the first response when the same Idempotency-Key comes with the same parameters', async () => {
    const first = await stripe.paymentIntents.create(bookingIntent, { idempotencyKey: 'booking-7-4250-usd' });
    const second = await stripe.paymentIntents.create(bookingIntent, { idempotencyKey: 'booking-7-4250-usd' });

    expect(second.id).toBe(first.id);
    expect(second.client_secret).toBe(first.client_secret);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses an Idempotency-Key reused with different parameters', async () => {
    await stripe.paymentIntents.create(bookingIntent, { idempotencyKey: 'booking-8' });

    const error = await stripe.paymentIntents
      .create({ ...bookingIntent, amount: 9_999 }, { idempotencyKey: 'booking-8' })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^Keys for idempotent requests can only be used with the same parameters/) as unknown,
    });
  });

  it('creates a new intent for each request without a key of its own', async () => {
    const first = await stripe.paymentIntents.create(bookingIntent);
    const second = await stripe.paymentIntents.create(bookingIntent);

    expect(second.id).not.toBe(first.id);
  });
});

describe('cancelling', () => {
  it('cancels an open PaymentIntent, recording when and why', async () => {
    const intent = await stripe.paymentIntents.create(bookingIntent);

    const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'requested_by_customer' });

    expect(canceled).toMatchObject({ id: intent.id, status: 'canceled', cancellation_reason: 'requested_by_customer' });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('canceled');
  });

  it('refuses to cancel a PaymentIntent twice', async () => {
    const intent = await stripe.paymentIntents.create(bookingIntent);
    await stripe.paymentIntents.cancel(intent.id);

    const error = await stripe.paymentIntents.cancel(intent.id).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
  });
});

it('answers an unknown route with 404 in Stripe’s error shape', async () => {
  const response = await fetch(`${emulator.url}/v1/customers`, {
    headers: { authorization: `Bearer ${TEST_KEYS.secretKey}` },
  });

  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({
    error: {
      type: 'invalid_request_error',
      message: expect.stringMatching(/^Unrecognized request URL \(GET: \/v1\/customers\)/) as unknown,
    },
  });
});
