// Opening a PaymentIntent for a booking (payments.createIntent, POST /create-payment-intent) and
// cancelling a booking that has one, checked at the payments emulator through the `stripe` SDK.
import { describe, expect, test } from '../../testing/fixtures';
import { messages } from '../../../shared/messages';
import type { TestShop, TestUser } from '../../testing/test-shop';
import {
  bookLegacyPart,
  bookingRow,
  confirmInBrowser,
  openIntent,
  paidLegacyBooking,
  payInBrowser,
  recordingCaller,
  stripeFor,
} from '../../testing/payments';
import { stockOf } from '../../testing/booking-load';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema';
import type { PaymentsGateway } from '../../payments/payments-gateway';
import { createCaller } from '../../routers/index';

async function cancelledBooking(shop: TestShop, customer: TestUser) {
  const { booking } = await bookLegacyPart(shop, customer);
  await shop.caller(customer.user).bookings.cancel({ id: booking._id });
  return booking;
}

describe('payments.createIntent', () => {
  test('opens one PaymentIntent for the server’s total in cents, in USD, naming the booking', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer, { priceCents: 12_34, quantity: 3 });

    const opened = await shop.caller(customer.user).payments.createIntent({ bookingId: booking._id });

    expect(opened).toEqual({
      clientSecret: expect.any(String) as unknown,
      paymentIntentId: expect.stringMatching(/^pi_/) as unknown,
      amount: 37.02,
    });
    const intent = await stripeFor(shop).paymentIntents.retrieve(opened.paymentIntentId);
    expect(intent).toMatchObject({
      id: opened.paymentIntentId,
      amount: 37_02,
      currency: 'usd',
      metadata: { bookingId: booking._id },
      client_secret: opened.clientSecret,
      receipt_email: customer.user.email,
      status: 'requires_payment_method',
    });
    expect((await bookingRow(shop, booking._id)).paymentIntentId).toBe(opened.paymentIntentId);
  });

  test('returns the same PaymentIntent and client secret on a second call', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    const first = await shop.caller(customer.user).payments.createIntent({ bookingId: booking._id });

    const second = await shop.caller(customer.user).payments.createIntent({ bookingId: booking._id });

    expect(second).toEqual(first);
  });

  test('keeps the same PaymentIntent after a declined card, so the customer can try another', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    const first = await openIntent(shop, customer, booking._id);
    expect((await confirmInBrowser(shop, first, { number: '4000000000000002' })).status).toBe(402);

    const again = await openIntent(shop, customer, booking._id);

    expect(again).toEqual(first);
    await payInBrowser(shop, again);
  });

  test('opens a new PaymentIntent that can be paid when the booking’s intent was cancelled at the provider', async ({
    shop,
    customer,
  }) => {
    // e.g. an operator cancelled it in the dashboard, or a cancel stopped between the provider and our write.
    const { booking } = await bookLegacyPart(shop, customer);
    const first = await openIntent(shop, customer, booking._id);
    await stripeFor(shop).paymentIntents.cancel(first.id);

    const replacement = await openIntent(shop, customer, booking._id);

    expect(replacement.id).not.toBe(first.id);
    expect(await stripeFor(shop).paymentIntents.retrieve(replacement.id)).toMatchObject({
      status: 'requires_payment_method',
      amount: Math.round(booking.price * 100),
      metadata: { bookingId: booking._id },
    });
    expect((await bookingRow(shop, booking._id)).paymentIntentId).toBe(replacement.id);
    await payInBrowser(shop, replacement);
    await expect(
      shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: replacement.id }),
    ).resolves.toMatchObject({ status: 'paid', transaction: replacement.id });
  });

  test('accepts the total the customer was shown and refuses one that disagrees with the server', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer, { priceCents: 10_00, quantity: 2 });

    await expect(shop.caller(customer.user).payments.createIntent({ bookingId: booking._id, price: 19.99 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.priceChanged,
    });
    expect((await bookingRow(shop, booking._id)).paymentIntentId).toBeNull();

    const opened = await shop.caller(customer.user).payments.createIntent({ bookingId: booking._id, price: 20 });
    expect((await stripeFor(shop).paymentIntents.retrieve(opened.paymentIntentId)).amount).toBe(20_00);
  });

  test('refuses another customer’s booking with 403 and opens nothing', async ({ shop, customer, otherCustomer }) => {
    const { booking } = await bookLegacyPart(shop, customer);

    await expect(shop.caller(otherCustomer.user).payments.createIntent({ bookingId: booking._id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.notYourOrder,
    });
    expect((await bookingRow(shop, booking._id)).paymentIntentId).toBeNull();
  });

  test('refuses an admin with 403: only the owner pays', async ({ shop, customer, admin }) => {
    const { booking } = await bookLegacyPart(shop, customer);

    await expect(shop.caller(admin.user).payments.createIntent({ bookingId: booking._id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.notYourOrder,
    });
    expect((await bookingRow(shop, booking._id)).paymentIntentId).toBeNull();
  });

  test('asks a visitor to sign in', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer);

    await expect(shop.caller(null).payments.createIntent({ bookingId: booking._id })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: messages.signInRequired,
    });
    expect((await bookingRow(shop, booking._id)).paymentIntentId).toBeNull();
  });

  test('refuses a paid booking with 409, without asking the provider', async ({ shop, customer }) => {
    const { booking } = await paidLegacyBooking(shop, customer);
    const { caller, calls } = recordingCaller(shop, customer);

    await expect(caller.payments.createIntent({ bookingId: booking._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderAlreadyPaid,
    });
    expect(calls).toEqual([]);
  });

  test('refuses a cancelled booking with 409, without asking the provider', async ({ shop, customer }) => {
    const booking = await cancelledBooking(shop, customer);
    const { caller, calls } = recordingCaller(shop, customer);

    await expect(caller.payments.createIntent({ bookingId: booking._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderCancelled,
    });
    expect(calls).toEqual([]);
    expect((await bookingRow(shop, booking._id)).paymentIntentId).toBeNull();
  });

  test('refuses an unknown booking with 404', async ({ shop, customer }) => {
    await expect(
      shop.caller(customer.user).payments.createIntent({ bookingId: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: messages.orderNotFound });
  });

  test('settles the booking and answers 409 when its intent already succeeded at the provider', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    const intent = await openIntent(shop, customer, booking._id);
    await payInBrowser(shop, intent);

    await expect(shop.caller(customer.user).payments.createIntent({ bookingId: booking._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderAlreadyPaid,
    });
    expect(await shop.caller(customer.user).bookings.byId({ id: booking._id })).toMatchObject({
      status: 'paid',
      paid: true,
      transaction: intent.id,
    });
  });
});

describe('payments.createIntent asks the provider only what it must', () => {
  test('opens a booking’s first PaymentIntent with one call to the provider', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    const { caller, calls } = recordingCaller(shop, customer);

    await caller.payments.createIntent({ bookingId: booking._id });

    expect(calls).toEqual(['createIntent']);
  });

  test('opens a new PaymentIntent, instead of failing, when the provider does not know the booking’s stored one', async ({
    shop,
    customer,
  }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    // An intent from another provider account, say, after the shop's keys were changed.
    await shop.database.db.update(bookings).set({ paymentIntentId: 'pi_unknown_to_the_provider' }).where(eq(bookings.id, booking._id));

    const opened = await openIntent(shop, customer, booking._id);

    expect(opened.id).toMatch(/^pi_/);
    expect(opened.id).not.toBe('pi_unknown_to_the_provider');
    expect((await bookingRow(shop, booking._id)).paymentIntentId).toBe(opened.id);
    await payInBrowser(shop, opened);
  });
});

describe('a booking cancelled or paid while its PaymentIntent is being opened', () => {
  /** A caller whose provider opens the intent, then `meanwhile` happens before the answer arrives. */
  function openingWhile(shop: TestShop, customer: TestUser, meanwhile: () => Promise<unknown>) {
    const real = shop.deps.payments;
    const opened: string[] = [];
    const payments: PaymentsGateway = {
      ...real,
      createIntent: async (request) => {
        const intent = await real.createIntent(request);
        opened.push(intent.id);
        await meanwhile();
        return intent;
      },
    };
    return { caller: createCaller({ deps: { ...shop.deps, payments }, user: customer.user, session: 'valid' }), opened };
  }

  test('refuses with 409 a booking the customer cancelled meanwhile, and cancels the new intent so it can never take money', async ({
    shop,
    customer,
  }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 2, available: 10 });
    const { caller, opened } = openingWhile(shop, customer, () => shop.caller(customer.user).bookings.cancel({ id: booking._id }));

    await expect(caller.payments.createIntent({ bookingId: booking._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderCancelled,
    });

    const [intentId = ''] = opened;
    expect((await stripeFor(shop).paymentIntents.retrieve(intentId)).status).toBe('canceled');
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled', paymentIntentId: null });
    expect(await stockOf(shop.database.db, toolId)).toBe(10);
  });

  test('refuses with 409 a booking paid meanwhile by another payment, and cancels the new intent', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    // As when its basket's payment is taken in another window.
    const { caller, opened } = openingWhile(shop, customer, () =>
      shop.database.db
        .update(bookings)
        .set({ status: 'paid', transactionId: 'pi_its_basket', paidAt: new Date() })
        .where(eq(bookings.id, booking._id)),
    );

    await expect(caller.payments.createIntent({ bookingId: booking._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderAlreadyPaid,
    });

    const [intentId = ''] = opened;
    expect((await stripeFor(shop).paymentIntents.retrieve(intentId)).status).toBe('canceled');
    expect(await bookingRow(shop, booking._id)).toMatchObject({
      status: 'paid',
      transactionId: 'pi_its_basket',
      paymentIntentId: null,
    });
  });
});

describe('POST /create-payment-intent', () => {
  const post = (shop: TestShop, user: TestUser | null, payload: Record<string, unknown>) =>
    shop.app.inject({ method: 'POST', url: '/create-payment-intent', payload, ...(user ? { headers: user.headers } : {}) });

  test('answers the owner with the client secret of the booking’s one PaymentIntent', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer, { priceCents: 7_50, quantity: 4 });

    const first = await post(shop, customer, { bookingId: booking._id, price: 30 });
    const second = await post(shop, customer, { bookingId: booking._id });

    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/) as unknown });
    expect(second.json()).toEqual(first.json());
    const { paymentIntentId } = await bookingRow(shop, booking._id);
    const intent = await stripeFor(shop).paymentIntents.retrieve(paymentIntentId ?? '');
    expect(intent).toMatchObject({
      client_secret: first.json<{ clientSecret: string }>().clientSecret,
      amount: 30_00,
      currency: 'usd',
      metadata: { bookingId: booking._id },
    });
  });

  test('refuses a price that disagrees with the server’s total with 400', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer, { priceCents: 7_50, quantity: 4 });

    const response = await post(shop, customer, { bookingId: booking._id, price: 3 });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: messages.priceChanged } });
    expect((await bookingRow(shop, booking._id)).paymentIntentId).toBeNull();
  });

  test('refuses another customer and an admin with 403, and a visitor with 401', async ({ shop, customer, otherCustomer, admin }) => {
    const { booking } = await bookLegacyPart(shop, customer);

    const asOther = await post(shop, otherCustomer, { bookingId: booking._id });
    const asAdmin = await post(shop, admin, { bookingId: booking._id });
    const asVisitor = await post(shop, null, { bookingId: booking._id });

    expect(asOther.statusCode).toBe(403);
    expect(asOther.json()).toEqual({ error: { code: 'FORBIDDEN', message: messages.notYourOrder } });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toEqual({ error: { code: 'FORBIDDEN', message: messages.notYourOrder } });
    expect(asVisitor.statusCode).toBe(401);
    expect(asVisitor.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: messages.signInRequired } });
    expect((await bookingRow(shop, booking._id)).paymentIntentId).toBeNull();
  });

  test('refuses paid and cancelled bookings with 409', async ({ shop, customer }) => {
    const { booking: paid } = await paidLegacyBooking(shop, customer);
    const cancelled = await cancelledBooking(shop, customer);

    const forPaid = await post(shop, customer, { bookingId: paid._id });
    const forCancelled = await post(shop, customer, { bookingId: cancelled._id });

    expect(forPaid.statusCode).toBe(409);
    expect(forPaid.json()).toEqual({ error: { code: 'CONFLICT', message: messages.orderAlreadyPaid } });
    expect(forCancelled.statusCode).toBe(409);
    expect(forCancelled.json()).toEqual({ error: { code: 'CONFLICT', message: messages.orderCancelled } });
  });
});

describe('cancelling a booking that has a PaymentIntent', () => {
  test('cancels the open intent at the provider, so it can no longer be paid, and returns the stock', async ({ shop, customer }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 3, available: 10 });
    const intent = await openIntent(shop, customer, booking._id);
    expect(await stockOf(shop.database.db, toolId)).toBe(7);

    await expect(shop.caller(customer.user).bookings.cancel({ id: booking._id })).resolves.toEqual({ deletedCount: 1 });

    expect((await stripeFor(shop).paymentIntents.retrieve(intent.id)).status).toBe('canceled');
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled', transactionId: null });
    expect(await stockOf(shop.database.db, toolId)).toBe(10);
    const lateConfirm = await confirmInBrowser(shop, intent);
    expect(lateConfirm.status).toBe(400);
    expect(((await lateConfirm.json()) as { error: { code: string } }).error.code).toBe('payment_intent_unexpected_state');
  });

  test('cancels the intent too when an admin cancels through DELETE /booking', async ({ shop, customer, admin }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 2, available: 5 });
    const intent = await openIntent(shop, customer, booking._id);

    const response = await shop.app.inject({ method: 'DELETE', url: `/booking?amount=${booking._id}`, headers: admin.headers });

    expect(response.statusCode).toBe(200);
    expect((await stripeFor(shop).paymentIntents.retrieve(intent.id)).status).toBe('canceled');
    expect((await bookingRow(shop, booking._id)).status).toBe('cancelled');
    expect(await stockOf(shop.database.db, toolId)).toBe(5);
  });

  test('does not cancel an intent that already succeeded: it settles the booking as paid and answers 409', async ({
    shop,
    customer,
  }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 3, available: 10 });
    const intent = await openIntent(shop, customer, booking._id);
    // The provider took the money but the browser's call to mark the booking paid never came.
    await payInBrowser(shop, intent);

    await expect(shop.caller(customer.user).bookings.cancel({ id: booking._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderAlreadyPaid,
    });

    expect((await stripeFor(shop).paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    expect(await shop.caller(customer.user).bookings.byId({ id: booking._id })).toMatchObject({
      status: 'paid',
      paid: true,
      transaction: intent.id,
    });
    expect(await stockOf(shop.database.db, toolId)).toBe(7);
  });

  test('answers 409 through DELETE /booking too when the intent already succeeded', async ({ shop, customer }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 1, available: 4 });
    const intent = await openIntent(shop, customer, booking._id);
    await payInBrowser(shop, intent);

    const response = await shop.app.inject({ method: 'DELETE', url: `/booking?amount=${booking._id}`, headers: customer.headers });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: { code: 'CONFLICT', message: messages.orderAlreadyPaid } });
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', transactionId: intent.id });
    expect(await stockOf(shop.database.db, toolId)).toBe(3);
  });
});
