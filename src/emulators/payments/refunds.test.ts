// Refunding a paid PaymentIntent through the real `stripe` SDK: Stripe's refund object, the amount
// defaulting to what is left, Stripe's refusals, idempotency, the signed refund.created and
// charge.refunded events, and refunds kept across a restart.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_KEYS, startTestEmulator } from './testing/emulator';
import { startWebhookReceiver } from './testing/webhook-receiver';

const verifier = new Stripe(TEST_KEYS.secretKey);
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emulator(options: Parameters<typeof startTestEmulator>[0] = {}) {
  const started = await startTestEmulator(options);
  cleanups.push(() => started.emulator.close());
  return started;
}

async function paidIntent(stripe: Stripe, amount = 5_000): Promise<Stripe.PaymentIntent> {
  const intent = await stripe.paymentIntents.create({ amount, currency: 'usd', metadata: { basket: 'b-1' } });
  return stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the provider to refuse');
    },
    (error: unknown) => error,
  );
}

describe('creating a refund', () => {
  it('refunds what is left of a paid intent when no amount is given, in Stripe’s shape', async () => {
    const { stripe } = await emulator();
    const intent = await paidIntent(stripe);

    const refund = await stripe.refunds.create({
      payment_intent: intent.id,
      reason: 'requested_by_customer',
      metadata: { bookingId: 'booking-1' },
    });

    expect(refund).toMatchObject({
      object: 'refund',
      amount: 5_000,
      currency: 'usd',
      payment_intent: intent.id,
      charge: intent.latest_charge,
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: { bookingId: 'booking-1' },
    });
    expect(refund.id).toMatch(/^re_[A-Za-z0-9]{24}$/);
    expect(Math.abs(refund.created - Date.now() / 1000)).toBeLessThan(5);
    expect(await stripe.refunds.retrieve(refund.id)).toEqual(refund);
  });

  it('refunds one part of an intent after another, up to what it took', async () => {
    const { stripe } = await emulator();
    const intent = await paidIntent(stripe, 5_000);

    const first = await stripe.refunds.create({ payment_intent: intent.id, amount: 3_000, metadata: { bookingId: 'a' } });
    const rest = await stripe.refunds.create({ payment_intent: intent.id, metadata: { bookingId: 'b' } });

    expect([first.amount, rest.amount]).toEqual([3_000, 2_000]);
    const error = await refusal(stripe.refunds.create({ payment_intent: intent.id, amount: 1 }));
    expect(error).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      code: 'charge_already_refunded',
      message: `Charge ${first.charge as string} has already been refunded.`,
    });
  });

  it('refuses an amount larger than what is left unrefunded with amount_too_large', async () => {
    const { stripe } = await emulator();
    const intent = await paidIntent(stripe, 5_000);
    await stripe.refunds.create({ payment_intent: intent.id, amount: 4_000 });

    const error = await refusal(stripe.refunds.create({ payment_intent: intent.id, amount: 1_500 }));

    expect(error).toMatchObject({
      statusCode: 400,
      code: 'amount_too_large',
      param: 'amount',
      message: 'Refund amount ($15.00) is greater than unrefunded amount on charge ($10.00)',
    });
  });

  it('refuses to refund an intent that has not succeeded', async () => {
    const { stripe } = await emulator();
    const intent = await stripe.paymentIntents.create({ amount: 900, currency: 'usd' });

    const error = await refusal(stripe.refunds.create({ payment_intent: intent.id }));

    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 400,
      param: 'payment_intent',
      message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
    });
  });

  it.each([
    ['an unknown intent', { payment_intent: 'pi_missing' }, 404, 'resource_missing'],
    ['no intent', {}, 400, 'parameter_missing'],
    ['an unknown parameter', { payment_intent: 'pi_x', charge: 'ch_x' }, 400, 'parameter_unknown'],
  ] as const)('refuses %s', async (_, params, statusCode, code) => {
    const { stripe } = await emulator();

    const error = await refusal(stripe.refunds.create(params));

    expect(error).toMatchObject({ statusCode, code });
  });

  it('answers an unknown refund with 404', async () => {
    const { stripe } = await emulator();

    expect(await refusal(stripe.refunds.retrieve('re_missing'))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such refund: 're_missing'",
    });
  });

  it('refunds once for one Idempotency-Key, however often and however concurrently it is sent', async () => {
    const { stripe } = await emulator();
    const intent = await paidIntent(stripe, 5_000);
    const params = { payment_intent: intent.id, amount: 2_000, metadata: { bookingId: 'b-7' } };

    const refunds = await Promise.all(
      Array.from({ length: 5 }, () => stripe.refunds.create(params, { idempotencyKey: 'refund-b-7' })),
    );

    expect(new Set(refunds.map((refund) => refund.id)).size).toBe(1);
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(3_000);
  });
});

describe('events', () => {
  it('sends refund.created and charge.refunded, signed, with the refund’s metadata and the amount refunded', async () => {
    const storefront = await startWebhookReceiver();
    cleanups.push(() => storefront.close());
    const { stripe } = await emulator({ webhookUrl: storefront.url });
    const intent = await paidIntent(stripe, 5_000);
    await storefront.waitFor(1);

    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 2_000, metadata: { bookingId: 'b-2' } });
    const deliveries = await storefront.waitFor(3);

    const events = deliveries
      .slice(1)
      .map((delivery) =>
        verifier.webhooks.constructEvent(delivery.body, String(delivery.headers['stripe-signature']), TEST_KEYS.webhookSecret),
      );
    const byType = Object.fromEntries(events.map((event) => [event.type, event.data.object]));
    expect(byType['refund.created']).toEqual(refund);
    expect(byType['charge.refunded']).toMatchObject({
      object: 'charge',
      id: intent.latest_charge,
      payment_intent: intent.id,
      amount: 5_000,
      amount_refunded: 2_000,
      refunded: false,
      metadata: { basket: 'b-1' },
    });
  });

  it('marks the charge refunded once all of it is', async () => {
    const storefront = await startWebhookReceiver();
    cleanups.push(() => storefront.close());
    const { stripe } = await emulator({ webhookUrl: storefront.url });
    const intent = await paidIntent(stripe, 5_000);

    await stripe.refunds.create({ payment_intent: intent.id });
    const deliveries = await storefront.waitFor(3);

    const charge = deliveries
      .map((delivery) => JSON.parse(delivery.body) as Stripe.Event)
      .find((event) => event.type === 'charge.refunded')?.data.object;
    expect(charge).toMatchObject({ amount_refunded: 5_000, refunded: true });
  });
});

it('keeps refunds, and what each intent has left, across a restart on the same state file', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'payments-emulator-'));
  cleanups.push(() => rm(directory, { recursive: true, force: true }));
  const stateFile = join(directory, 'payments-emulator.json');
  const first = await startTestEmulator({ stateFile });
  const intent = await paidIntent(first.stripe, 5_000);
  const refund = await first.stripe.refunds.create({ payment_intent: intent.id, amount: 4_500 });
  await first.emulator.close();

  const { stripe } = await emulator({ stateFile });

  expect(await stripe.refunds.retrieve(refund.id)).toEqual(refund);
  expect(await refusal(stripe.refunds.create({ payment_intent: intent.id, amount: 600 }))).toMatchObject({ code: 'amount_too_large' });
});
