// Confirming PaymentIntents with Stripe's test cards, through the real `stripe` SDK and as Stripe.js
// does from the browser (publishable key, client_secret, form-encoded, cross-origin).
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPaymentsEmulator } from './index';
import { STOREFRONT_ORIGIN, TEST_KEYS, cardFields, confirmFromBrowser, futureExpiry, startTestEmulator } from './testing/emulator';

let emulator: RunningPaymentsEmulator;
let stripe: Stripe;

beforeAll(async () => {
  ({ emulator, stripe } = await startTestEmulator());
});
afterAll(() => emulator.close());

function openIntent(): Promise<Stripe.PaymentIntent> {
  return stripe.paymentIntents.create({ amount: 1_999, currency: 'usd', metadata: { bookingId: 'booking-1' } });
}

/** Raw card details, as only a PCI-approved server (or this emulator) accepts them. */
function cardData(number: string, expiry: { exp_month: string; exp_year: string } = futureExpiry()) {
  return {
    type: 'card',
    card: { number, exp_month: Number(expiry.exp_month), exp_year: Number(expiry.exp_year), cvc: '123' },
    billing_details: { name: 'Ada Lovelace', email: 'ada@example.com' },
  } as Stripe.PaymentIntentConfirmParams.PaymentMethodData;
}

describe('through the stripe SDK', () => {
  it('succeeds with 4242 4242 4242 4242, recording the charge and payment method', async () => {
    const intent = await openIntent();

    const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method_data: cardData('4242424242424242') });

    expect(confirmed).toMatchObject({ id: intent.id, status: 'succeeded', amount_received: 1_999, last_payment_error: null });
    expect(confirmed.latest_charge).toMatch(/^ch_/);
    expect(confirmed.payment_method).toMatch(/^pm_/);
    expect(await stripe.paymentIntents.retrieve(intent.id)).toEqual(confirmed);
  });

  const lastYear = { exp_month: '12', exp_year: String(new Date().getUTCFullYear() - 1) };
  it.each([
    ['4000000000000002', futureExpiry(), 'card_declined', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', futureExpiry(), 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000069', futureExpiry(), 'expired_card', 'expired_card', 'Your card has expired.'],
    ['4242424242424241', futureExpiry(), 'incorrect_number', undefined, 'Your card number is invalid.'],
    ['4242424242424242', lastYear, 'invalid_expiry_year', undefined, "Your card's expiration year is in the past."],
  ])('fails card %s (expiry %o) with a StripeCardError %s', async (number, expiry, code, declineCode, message) => {
    const intent = await openIntent();

    const error = await stripe.paymentIntents
      .confirm(intent.id, { payment_method_data: cardData(number, expiry) })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const cardError = error as Stripe.errors.StripeCardError;
    expect(cardError).toMatchObject({ statusCode: 402, type: 'StripeCardError', code, message });
    expect((cardError.raw as { decline_code?: string }).decline_code).toBe(declineCode);
    expect(cardError.payment_intent).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
    const after = await stripe.paymentIntents.retrieve(intent.id);
    expect(after).toMatchObject({ status: 'requires_payment_method', payment_method: null, amount_received: 0 });
    expect(after.last_payment_error).toMatchObject({ type: 'card_error', code, message });
  });

  it('takes another card after a declined one', async () => {
    const intent = await openIntent();
    await stripe.paymentIntents.confirm(intent.id, { payment_method_data: cardData('4000000000000002') }).catch(() => undefined);

    const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method_data: cardData('4242424242424242') });

    expect(confirmed).toMatchObject({ status: 'succeeded', last_payment_error: null });
  });

  it('accepts Stripe’s test PaymentMethod ids', async () => {
    const good = await openIntent();
    const declined = await openIntent();

    expect((await stripe.paymentIntents.confirm(good.id, { payment_method: 'pm_card_visa' })).status).toBe('succeeded');
    await expect(stripe.paymentIntents.confirm(declined.id, { payment_method: 'pm_card_chargeDeclined' })).rejects.toMatchObject({
      code: 'card_declined',
      decline_code: 'generic_decline',
    });
  });

  it('refuses to confirm an intent that already succeeded', async () => {
    const intent = await openIntent();
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });

    const error = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'payment_intent_unexpected_state',
      message: 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
    });
  });

  it('refuses to confirm without a payment method, and to confirm a canceled intent', async () => {
    const intent = await openIntent();
    await expect(stripe.paymentIntents.confirm(intent.id)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });

    await stripe.paymentIntents.cancel(intent.id);
    await expect(stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
      message: expect.stringContaining('it has a status of canceled') as unknown,
    });
  });

  it('refuses to cancel an intent that succeeded', async () => {
    const intent = await openIntent();
    await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });

    const error = await stripe.paymentIntents.cancel(intent.id).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      code: 'payment_intent_unexpected_state',
      message: expect.stringMatching(/^You cannot cancel this PaymentIntent because it has a status of succeeded\./) as unknown,
    });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });
});

describe('from the browser', () => {
  it('confirms with the publishable key and the client_secret, answering cross-origin', async () => {
    const intent = await openIntent();

    const response = await confirmFromBrowser(emulator.url, intent.id, cardFields(intent.client_secret ?? '', '4242424242424242'));

    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(STOREFRONT_ORIGIN);
    expect(await response.json()).toMatchObject({ id: intent.id, object: 'payment_intent', status: 'succeeded' });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });

  it('answers a declined card with HTTP 402 and Stripe’s card error', async () => {
    const intent = await openIntent();

    const response = await confirmFromBrowser(emulator.url, intent.id, cardFields(intent.client_secret ?? '', '4000000000009995'));

    expect(response.status).toBe(402);
    const { error } = (await response.json()) as { error: Record<string, unknown> };
    expect(error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      payment_intent: { id: intent.id, status: 'requires_payment_method' },
    });
  });

  it('refuses a wrong client_secret and leaves the intent as it was', async () => {
    const intent = await openIntent();
    const other = await openIntent();

    const response = await confirmFromBrowser(emulator.url, intent.id, cardFields(other.client_secret ?? '', '4242424242424242'));

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { type: 'invalid_request_error', code: 'payment_intent_invalid_parameter', param: 'client_secret' },
    });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
  });

  it('refuses the publishable key without a client_secret', async () => {
    const intent = await openIntent();
    const { client_secret: _, ...withoutSecret } = cardFields(intent.client_secret ?? '', '4242424242424242');

    const response = await confirmFromBrowser(emulator.url, intent.id, withoutSecret);

    expect(response.status).toBe(401);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
  });

  it('accepts the publishable key as Stripe.js’s `key` parameter instead of a header', async () => {
    const intent = await openIntent();
    const fields = { ...cardFields(intent.client_secret ?? '', '4242424242424242'), key: TEST_KEYS.publishableKey };

    const response = await fetch(`${emulator.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'succeeded' });
  });

  it('lets the browser retrieve an intent with its client_secret, and not without', async () => {
    const intent = await openIntent();
    const retrieve = (query: string) =>
      fetch(`${emulator.url}/v1/payment_intents/${intent.id}${query}`, {
        headers: { authorization: `Bearer ${TEST_KEYS.publishableKey}` },
      });

    const withSecret = await retrieve(`?client_secret=${intent.client_secret ?? ''}`);
    const withoutSecret = await retrieve('');

    expect(withSecret.status).toBe(200);
    expect(await withSecret.json()).toMatchObject({ id: intent.id, status: 'requires_payment_method' });
    expect(withoutSecret.status).toBe(401);
  });

  it('answers the CORS preflight for the confirm endpoint, from the storefront’s origin only', async () => {
    const preflight = (origin: string, path = '/v1/payment_intents/pi_any/confirm') =>
      fetch(`${emulator.url}${path}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });

    const response = await preflight(STOREFRONT_ORIGIN);
    expect(response.ok).toBe(true);
    expect(response.headers.get('access-control-allow-origin')).toBe(STOREFRONT_ORIGIN);
    expect(response.headers.get('access-control-allow-methods')).toBe('POST');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization, content-type');

    for (const refused of [await preflight('https://evil.example'), await preflight(STOREFRONT_ORIGIN, '/v1/payment_intents')]) {
      expect(refused.status).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('refuses a page from another origin, even with the right keys, and changes nothing', async () => {
    const intent = await openIntent();
    const fields = cardFields(intent.client_secret ?? '', '4242424242424242');

    const response = await fetch(`${emulator.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEYS.publishableKey}`, origin: 'https://evil.example' },
      body: new URLSearchParams(fields),
    });

    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
  });

  it('refuses the storefront’s own pages on the calls only its server makes (create, retrieve, cancel)', async () => {
    const intent = await openIntent();
    const asPage = (path: string, method: string, body?: string) =>
      fetch(`${emulator.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${TEST_KEYS.secretKey}`, origin: STOREFRONT_ORIGIN },
        body,
      });

    const refused = [
      await asPage('/v1/payment_intents', 'POST', 'amount=500&currency=usd'),
      await asPage(`/v1/payment_intents/${intent.id}`, 'GET'),
      await asPage(`/v1/payment_intents/${intent.id}/cancel`, 'POST', ''),
    ];

    expect(refused.map((response) => response.status)).toEqual([403, 403, 403]);
    expect(refused.map((response) => response.headers.get('access-control-allow-origin'))).toEqual([null, null, null]);
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
  });
});
