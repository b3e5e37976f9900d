// POST /webhooks/stripe: events signed exactly as Stripe signs them (by the `stripe` SDK), for
// intents the payments emulator really holds. Only a verified, matching payment_intent.succeeded
// marks a booking paid; everything else changes nothing. Last, the emulator's own deliveries.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../db/schema';
import { startPaymentsEmulator } from '../../emulators/payments';
import { STOREFRONT_ORIGIN } from '../../emulators/payments/testing/emulator';
import { createCaller } from '../routers';
import { createTestShop, type TestShop, type TestUser } from '../testing/test-shop';
import {
  bookLegacyPart,
  bookingRow,
  confirmInBrowser,
  deliverWebhook,
  eventFor,
  openIntent,
  payInBrowser,
  providerIntent,
  recordedEvent,
  stripeFor,
} from '../testing/payments';
import { TEST_STRIPE_KEYS } from '../testing/test-keys';
import { stockOf } from '../testing/booking-load';
import { createStripeGateway } from '../payments/stripe-gateway';

let shop: TestShop;
let customer: TestUser;

beforeAll(async () => {
  shop = await createTestShop();
  customer = await shop.createUser('user');
});
afterAll(() => shop.close());

const INVALID_SIGNATURE = { error: { code: 'BAD_REQUEST', message: 'Invalid webhook signature.' } };

/** A booking whose intent the customer has paid at the provider; the server has not heard yet. */
async function paidAtProvider(options: { quantity?: number; available?: number } = {}) {
  const { booking, toolId } = await bookLegacyPart(shop, customer, options);
  const intent = await openIntent(shop, customer, booking._id);
  await payInBrowser(shop, intent);
  return { booking, toolId, intent, succeeded: await providerIntent(shop, intent.id) };
}

/** A booking whose intent was just declined with `number`, and the intent as the provider holds it. */
async function declinedAtProvider(number = '4000000000000002') {
  const { booking } = await bookLegacyPart(shop, customer);
  const intent = await openIntent(shop, customer, booking._id);
  expect((await confirmInBrowser(shop, intent, { number })).status).toBe(402);
  return { booking, intent, failed: await providerIntent(shop, intent.id) };
}

async function expectUnpaid(bookingId: string) {
  expect(await bookingRow(shop, bookingId)).toMatchObject({ status: 'unpaid', transactionId: null, paidAt: null });
}

describe('a verified payment_intent.succeeded', () => {
  it('refunds money that arrives for a cancelled booking, which stays cancelled with its stock released', async () => {
    const { booking, toolId, succeeded } = await paidAtProvider({ quantity: 2, available: 10 });
    const stockAfterBooking = await stockOf(shop.database.db, toolId);
    await shop.database.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: 'customer' })
      .where(eq(bookings.id, booking._id));

    const response = await deliverWebhook(shop, eventFor('payment_intent.succeeded', succeeded));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'refunded_automatically' });
    expect(await bookingRow(shop, booking._id)).toMatchObject({
      status: 'cancelled',
      transactionId: null,
      refundId: expect.stringMatching(/^re_/) as unknown,
    });
    expect(await stockOf(shop.database.db, toolId)).toBe(stockAfterBooking);
  });

  it('marks the booking paid with the intent id and records the event', async () => {
    const { booking, toolId, intent, succeeded } = await paidAtProvider({ quantity: 3, available: 10 });
    const event = eventFor('payment_intent.succeeded', succeeded);

    const response = await deliverWebhook(shop, event);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'handled' });
    expect(await shop.caller(customer.user).bookings.byId({ id: booking._id })).toMatchObject({
      status: 'paid',
      paid: true,
      transaction: intent.id,
    });
    expect(await recordedEvent(shop, event.id)).toMatchObject({ type: 'payment_intent.succeeded', bookingId: booking._id });
    expect(await stockOf(shop.database.db, toolId)).toBe(7);
  });
});

describe('signatures', () => {
  it('refuses a signature made with another secret with 400, and the genuine event still counts afterwards', async () => {
    const { booking, intent, succeeded } = await paidAtProvider();
    const event = eventFor('payment_intent.succeeded', succeeded);

    const forged = await deliverWebhook(shop, event, { secret: 'whsec_guessed' });

    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual(INVALID_SIGNATURE);
    await expectUnpaid(booking._id);
    expect(await recordedEvent(shop, event.id)).toBeNull();

    expect((await deliverWebhook(shop, event)).json()).toEqual({ received: true, outcome: 'handled' });
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', transactionId: intent.id });
  });

  it('refuses an event without a Stripe-Signature header with 400', async () => {
    const { booking, succeeded } = await paidAtProvider();
    const event = eventFor('payment_intent.succeeded', succeeded);

    const response = await deliverWebhook(shop, event, { secret: null });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_SIGNATURE);
    await expectUnpaid(booking._id);
    expect(await recordedEvent(shop, event.id)).toBeNull();
  });

  it('refuses a body that differs from the one signed with 400', async () => {
    const { booking, succeeded } = await paidAtProvider();
    const signed = eventFor('payment_intent.payment_failed', { ...succeeded, status: 'requires_payment_method' });
    const sent = { ...signed, type: 'payment_intent.succeeded', data: { object: succeeded } };

    const response = await deliverWebhook(shop, signed, { sentPayload: JSON.stringify(sent, null, 2) });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID_SIGNATURE);
    await expectUnpaid(booking._id);
  });

  it('refuses a signature older than five minutes with 400, and takes one four minutes old', async () => {
    const { booking, intent, succeeded } = await paidAtProvider();
    const now = Math.floor(Date.now() / 1000);
    const replayed = eventFor('payment_intent.succeeded', succeeded);

    const stale = await deliverWebhook(shop, replayed, { timestamp: now - 301 });

    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual(INVALID_SIGNATURE);
    await expectUnpaid(booking._id);
    expect(await recordedEvent(shop, replayed.id)).toBeNull();

    const recent = await deliverWebhook(shop, eventFor('payment_intent.succeeded', succeeded), { timestamp: now - 240 });
    expect(recent.statusCode).toBe(200);
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', transactionId: intent.id });
  });
});

describe('repeated and out-of-order deliveries', () => {
  it('answers a repeated failure event with duplicate and does not bring back its message', async () => {
    const { booking, intent, failed: declined } = await declinedAtProvider('4000000000000002');
    expect((await confirmInBrowser(shop, intent, { number: '4000000000009995' })).status).toBe(402);
    const poor = await providerIntent(shop, intent.id);
    const first = eventFor('payment_intent.payment_failed', declined);
    const second = eventFor('payment_intent.payment_failed', poor);

    expect((await deliverWebhook(shop, first)).json()).toEqual({ received: true, outcome: 'handled' });
    expect((await deliverWebhook(shop, second)).json()).toEqual({ received: true, outcome: 'handled' });
    const repeated = await deliverWebhook(shop, first);

    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await shop.caller(customer.user).bookings.byId({ id: booking._id })).paymentError).toBe(
      'Your card has insufficient funds.',
    );
  });

  it('answers a repeated succeeded event with duplicate and keeps the first payment time', async () => {
    const { booking, intent, succeeded } = await paidAtProvider();
    const event = eventFor('payment_intent.succeeded', succeeded);
    await deliverWebhook(shop, event);
    const paidAt = (await bookingRow(shop, booking._id)).paidAt;

    const repeated = await deliverWebhook(shop, event);

    expect(repeated.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', transactionId: intent.id, paidAt });
  });

  it('pays once when the webhook arrives before the browser’s markPaid', async () => {
    const { booking, intent, succeeded } = await paidAtProvider();
    await deliverWebhook(shop, eventFor('payment_intent.succeeded', succeeded));
    const paidAt = (await bookingRow(shop, booking._id)).paidAt;
    expect(paidAt).toBeInstanceOf(Date);

    const fromBrowser = await shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: intent.id });

    expect(fromBrowser).toMatchObject({ status: 'paid', transaction: intent.id });
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', transactionId: intent.id, paidAt });
  });

  it('pays once when the browser’s markPaid arrives before the webhook', async () => {
    const { booking, intent, succeeded } = await paidAtProvider();
    await shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: intent.id });
    const paidAt = (await bookingRow(shop, booking._id)).paidAt;
    expect(paidAt).toBeInstanceOf(Date);

    const late = await deliverWebhook(shop, eventFor('payment_intent.succeeded', succeeded));

    expect(late.statusCode).toBe(200);
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', transactionId: intent.id, paidAt });
  });

  it('pays exactly once when deliveries and markPaid calls all arrive at the same moment', async () => {
    const { booking, toolId, intent, succeeded } = await paidAtProvider({ quantity: 2, available: 9 });
    const event = eventFor('payment_intent.succeeded', succeeded);
    const caller = shop.caller(customer.user);

    const [deliveries, calls] = await Promise.all([
      Promise.all(Array.from({ length: 5 }, () => deliverWebhook(shop, event))),
      Promise.allSettled(Array.from({ length: 3 }, () => caller.bookings.markPaid({ id: booking._id, transactionId: intent.id }))),
    ]);

    expect(deliveries.map((d) => d.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(deliveries.map((d) => d.json<{ outcome: string }>().outcome).sort()).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'handled',
    ]);
    for (const call of calls) {
      expect(call).toMatchObject({ status: 'fulfilled', value: { status: 'paid', transaction: intent.id } });
    }
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', transactionId: intent.id });
    expect(await stockOf(shop.database.db, toolId)).toBe(7);
  });
});

describe('events that must not mark a booking paid', () => {
  it.each([
    ['an amount', { amount: 1 }],
    ['a currency', { currency: 'eur' }],
  ])('leaves the booking unpaid for a succeeded intent with %s other than the booking’s', async (_what, change) => {
    const { booking, intent, succeeded } = await paidAtProvider();
    const altered = { ...succeeded, ...change, amount_received: 'amount' in change ? change.amount : succeeded.amount };

    const response = await deliverWebhook(shop, eventFor('payment_intent.succeeded', altered));

    expect(response.statusCode).toBe(200);
    await expectUnpaid(booking._id);
    // The genuine event for the same intent still pays it.
    await deliverWebhook(shop, eventFor('payment_intent.succeeded', succeeded));
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', transactionId: intent.id });
  });

  it('leaves the booking unpaid for a succeeded intent naming it that is not the booking’s own', async () => {
    const { booking } = await bookLegacyPart(shop, customer);
    await openIntent(shop, customer, booking._id);
    const stranger = await stripeFor(shop).paymentIntents.create({
      amount: Math.round(booking.price * 100),
      currency: 'usd',
      metadata: { bookingId: booking._id },
    });
    await stripeFor(shop).paymentIntents.confirm(stranger.id, { payment_method: 'pm_card_visa' });

    const response = await deliverWebhook(shop, eventFor('payment_intent.succeeded', await providerIntent(shop, stranger.id)));

    expect(response.statusCode).toBe(200);
    await expectUnpaid(booking._id);
  });

  it('leaves the booking unpaid for a “succeeded” event whose intent has not succeeded', async () => {
    const { booking } = await bookLegacyPart(shop, customer);
    const intent = await openIntent(shop, customer, booking._id);

    const response = await deliverWebhook(shop, eventFor('payment_intent.succeeded', await providerIntent(shop, intent.id)));

    expect(response.statusCode).toBe(200);
    await expectUnpaid(booking._id);
  });

  it('ignores event types it does not handle, even when they carry a succeeded intent', async () => {
    const { booking, succeeded } = await paidAtProvider();

    const response = await deliverWebhook(shop, eventFor('payment_intent.created', succeeded));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    await expectUnpaid(booking._id);
  });

  it.each([
    ['an unknown booking id', { bookingId: '00000000-0000-4000-8000-000000000000' }],
    ['a booking id that is not an id at all', { bookingId: 'order-42' }],
    ['no booking id', {}],
  ])('answers 200 ignored for a succeeded intent with %s in its metadata, and pays nothing', async (_what, metadata) => {
    const stripe = stripeFor(shop);
    const orphan = await stripe.paymentIntents.create({ amount: 37_02, currency: 'usd', metadata });
    await stripe.paymentIntents.confirm(orphan.id, { payment_method: 'pm_card_visa' });
    const paidBefore = await shop.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.status, 'paid'));

    const response = await deliverWebhook(shop, eventFor('payment_intent.succeeded', await providerIntent(shop, orphan.id)));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    const paidAfter = await shop.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.status, 'paid'));
    expect(paidAfter).toEqual(paidBefore);
    expect(await shop.database.db.select().from(bookings).where(eq(bookings.transactionId, orphan.id))).toEqual([]);
  });
});

describe('refund events naming no booking', () => {
  it.each([
    ['an unknown booking id', { bookingId: '00000000-0000-4000-8000-000000000000' }],
    ['a booking id that is not an id at all', { bookingId: 'order-42' }],
    ['no booking id', {}],
  ])('answers 200 ignored for a refund with %s in its metadata, and refunds nothing', async (_what, metadata) => {
    const refund = { object: 'refund', id: 're_namesnobooking', status: 'succeeded', amount: 100, currency: 'usd', metadata };
    const refundedBefore = await shop.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.status, 'refunded'));

    const response = await deliverWebhook(shop, eventFor('refund.updated', refund));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    const refundedAfter = await shop.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.status, 'refunded'));
    expect(refundedAfter).toEqual(refundedBefore);
  });
});

describe('payment_intent.payment_failed', () => {
  it('records the provider’s message on the booking, which stays unpaid', async () => {
    const { booking, failed } = await declinedAtProvider('4000000000000069');

    const response = await deliverWebhook(shop, eventFor('payment_intent.payment_failed', failed));

    expect(response.json()).toEqual({ received: true, outcome: 'handled' });
    expect(await shop.caller(customer.user).bookings.byId({ id: booking._id })).toMatchObject({
      status: 'unpaid',
      paid: false,
      transaction: null,
      paymentError: 'Your card has expired.',
    });
  });

  it('clears the recorded failure once the customer pays with another card', async () => {
    const { booking, intent, failed } = await declinedAtProvider();
    await deliverWebhook(shop, eventFor('payment_intent.payment_failed', failed));
    expect((await shop.caller(customer.user).bookings.byId({ id: booking._id })).paymentError).toBe('Your card was declined.');

    await payInBrowser(shop, intent);
    await shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: intent.id });

    expect(await shop.caller(customer.user).bookings.byId({ id: booking._id })).toMatchObject({
      status: 'paid',
      transaction: intent.id,
      paymentError: null,
    });
  });

  it('does not mark a paid booking as failed when the failure of an earlier attempt arrives late', async () => {
    const { booking, intent, failed } = await declinedAtProvider();
    await payInBrowser(shop, intent);
    await shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: intent.id });

    const late = await deliverWebhook(shop, eventFor('payment_intent.payment_failed', failed));

    expect(late.statusCode).toBe(200);
    expect(await shop.caller(customer.user).bookings.byId({ id: booking._id })).toMatchObject({
      status: 'paid',
      transaction: intent.id,
      paymentError: null,
    });
  });
});

describe('the emulator’s own webhook deliveries', () => {
  it('reach the listening storefront: a declined card is recorded, a good card pays the booking', async () => {
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const emulator = await startPaymentsEmulator({
      port: 0,
      ...TEST_STRIPE_KEYS,
      allowedOrigins: [STOREFRONT_ORIGIN],
      webhookUrl: `${address}/webhooks/stripe`,
    });
    try {
      // The same storefront, paying through this emulator.
      const deps = {
        ...shop.deps,
        payments: createStripeGateway({ ...TEST_STRIPE_KEYS, apiBase: emulator.url }),
      };
      const caller = createCaller({ deps, user: customer.user, session: 'valid' });
      const { booking } = await bookLegacyPart(shop, customer);
      const { paymentIntentId, clientSecret } = await caller.payments.createIntent({ bookingId: booking._id });
      const intent = { id: paymentIntentId, clientSecret };

      expect((await confirmInBrowser({ payments: emulator }, intent, { number: '4000000000009995' })).status).toBe(402);
      const declined = await waitFor(
        () => caller.bookings.byId({ id: booking._id }),
        (view) => view.paymentError !== null,
      );
      expect(declined).toMatchObject({ status: 'unpaid', paymentError: 'Your card has insufficient funds.' });

      await payInBrowser({ payments: emulator }, intent);
      const paid = await waitFor(
        () => caller.bookings.byId({ id: booking._id }),
        (view) => view.paid,
      );
      expect(paid).toMatchObject({ status: 'paid', transaction: paymentIntentId, paymentError: null });
    } finally {
      await emulator.close();
    }
  });
});

/** Polls until `done` holds (the emulator delivers in the background), for at most 10 s. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
