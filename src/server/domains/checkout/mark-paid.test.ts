// Paying as the browser does: the card is confirmed at the payments emulator, then
// bookings.markPaid (REST PATCH /booking/{id}) is believed only once the provider, asked through
// the `stripe` SDK, reports a succeeded intent that matches the booking.
import { describe, expect, test } from '../../testing/fixtures';
import { messages } from '../../../shared/messages';
import type { TestShop, TestUser } from '../../testing/test-shop';
import {
  FAILING_CARDS,
  bookLegacyPart,
  bookingRow,
  confirmInBrowser,
  openIntent,
  payInBrowser,
  recordingCaller,
  stripeFor,
} from '../../testing/payments';
import { stockOf } from '../../testing/booking-load';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema';
import { settleSucceededIntent } from './payments';

/** A booking whose intent is open at the provider, not yet paid. */
async function bookingWithIntent(shop: TestShop, customer: TestUser, options: { quantity?: number; available?: number } = {}) {
  const { booking, toolId } = await bookLegacyPart(shop, customer, options);
  const intent = await openIntent(shop, customer, booking._id);
  return { booking, toolId, intent };
}

async function expectUnpaid(shop: TestShop, bookingId: string) {
  expect(await bookingRow(shop, bookingId)).toMatchObject({ status: 'unpaid', transactionId: null, paidAt: null });
}

describe('bookings.markPaid after the browser confirms the card', () => {
  test('marks the booking paid with the PaymentIntent id once the provider reports success', async ({ shop, customer }) => {
    const { booking, toolId, intent } = await bookingWithIntent(shop, customer, { quantity: 3, available: 10 });

    const confirmed = await confirmInBrowser(shop, intent);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ id: intent.id, status: 'succeeded' });

    const paid = await shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: intent.id });

    expect(paid).toMatchObject({ _id: booking._id, status: 'paid', paid: true, transaction: intent.id, paymentError: null });
    expect(await shop.caller(customer.user).bookings.byId({ id: booking._id })).toEqual(paid);
    expect((await bookingRow(shop, booking._id)).paidAt).toBeInstanceOf(Date);
    expect(await stockOf(shop.database.db, toolId)).toBe(7);
  });

  test('answers a repeated call with the same paid booking and changes nothing, without asking the provider', async ({
    shop,
    customer,
  }) => {
    const { booking, intent } = await bookingWithIntent(shop, customer);
    await payInBrowser(shop, intent);
    const first = await shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: intent.id });
    const paidAt = (await bookingRow(shop, booking._id)).paidAt;
    const { caller, calls } = recordingCaller(shop, customer);

    const again = await caller.bookings.markPaid({ id: booking._id, transactionId: intent.id });

    expect(again).toEqual(first);
    expect(calls).toEqual([]);
    expect((await bookingRow(shop, booking._id)).paidAt).toEqual(paidAt);
  });

  test('refuses before the card is confirmed with 409 and leaves the booking unpaid', async ({ shop, customer }) => {
    const { booking, intent } = await bookingWithIntent(shop, customer);

    await expect(shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: intent.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.paymentNotSucceeded,
    });
    await expectUnpaid(shop, booking._id);
  });

  test.for(FAILING_CARDS)(
    'refuses after $label, whose message the customer sees word for word',
    async ({ card, code, message }, { shop, customer }) => {
      const { booking, toolId, intent } = await bookingWithIntent(shop, customer, { quantity: 2, available: 6 });

      const refused = await confirmInBrowser(shop, intent, card);

      expect(refused.status).toBe(402);
      expect(((await refused.json()) as { error: unknown }).error).toMatchObject({ type: 'card_error', code, message });
      const atProvider = await stripeFor(shop).paymentIntents.retrieve(intent.id);
      expect(atProvider.status).toBe('requires_payment_method');
      expect(atProvider.last_payment_error).toMatchObject({ type: 'card_error', code, message });
      await expect(shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: intent.id })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: messages.paymentNotSucceeded,
      });
      await expectUnpaid(shop, booking._id);
      expect(await stockOf(shop.database.db, toolId)).toBe(4);
    },
  );

  test('pays with a good card after a declined one', async ({ shop, customer }) => {
    const { booking, intent } = await bookingWithIntent(shop, customer);
    expect((await confirmInBrowser(shop, intent, { number: '4000000000000002' })).status).toBe(402);

    await payInBrowser(shop, intent);

    await expect(shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: intent.id })).resolves.toMatchObject({
      status: 'paid',
      transaction: intent.id,
    });
  });

  test('refuses another booking’s succeeded intent with 400 and changes neither booking', async ({ shop, customer }) => {
    const first = await bookingWithIntent(shop, customer);
    await payInBrowser(shop, first.intent);
    await shop.caller(customer.user).bookings.markPaid({ id: first.booking._id, transactionId: first.intent.id });
    const second = await bookingWithIntent(shop, customer);

    await expect(
      shop.caller(customer.user).bookings.markPaid({ id: second.booking._id, transactionId: first.intent.id }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.paymentMismatch });

    await expectUnpaid(shop, second.booking._id);
    expect(await bookingRow(shop, first.booking._id)).toMatchObject({ status: 'paid', transactionId: first.intent.id });
  });

  test('refuses a succeeded intent that is not yet recorded on any booking with 400', async ({ shop, customer }) => {
    const paidElsewhere = await bookingWithIntent(shop, customer);
    await payInBrowser(shop, paidElsewhere.intent);
    const { booking } = await bookingWithIntent(shop, customer);

    await expect(
      shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: paidElsewhere.intent.id }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.paymentMismatch });

    await expectUnpaid(shop, booking._id);
    await expectUnpaid(shop, paidElsewhere.booking._id);
  });

  test('refuses a transaction id the provider does not know, or that is not an intent id, with 400', async ({ shop, customer }) => {
    const { booking } = await bookingWithIntent(shop, customer);

    await expect(
      shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: 'pi_doesnotexist' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.paymentMismatch });
    await expect(
      shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: 'paid-trust-me' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.paymentMismatch });
    await expectUnpaid(shop, booking._id);
  });

  test('refuses a cancelled booking with 409, without asking the provider', async ({ shop, customer }) => {
    const { booking, intent } = await bookingWithIntent(shop, customer);
    await shop.caller(customer.user).bookings.cancel({ id: booking._id });
    const { caller, calls } = recordingCaller(shop, customer);

    await expect(caller.bookings.markPaid({ id: booking._id, transactionId: intent.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderCancelled,
    });
    expect(calls).toEqual([]);
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled', transactionId: null });
  });

  test('refuses another customer with 403 and a visitor with 401, even for a succeeded intent', async ({
    shop,
    customer,
    otherCustomer,
  }) => {
    const { booking, intent } = await bookingWithIntent(shop, customer);
    await payInBrowser(shop, intent);

    await expect(
      shop.caller(otherCustomer.user).bookings.markPaid({ id: booking._id, transactionId: intent.id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: messages.notYourOrder });
    await expect(shop.caller(null).bookings.markPaid({ id: booking._id, transactionId: intent.id })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: messages.signInRequired,
    });
    await expectUnpaid(shop, booking._id);
  });

  test('lets an admin record a payment only when the provider reports it succeeded', async ({ shop, customer, admin }) => {
    const { booking, intent } = await bookingWithIntent(shop, customer);

    await expect(shop.caller(admin.user).bookings.markPaid({ id: booking._id, transactionId: intent.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.paymentNotSucceeded,
    });
    await expectUnpaid(shop, booking._id);

    await payInBrowser(shop, intent);
    await expect(shop.caller(admin.user).bookings.markPaid({ id: booking._id, transactionId: intent.id })).resolves.toMatchObject({
      status: 'paid',
      transaction: intent.id,
    });
  });
});

describe('bookings.markPaid with an intent that is not the booking’s', () => {
  test('refuses another booking’s succeeded intent with 400 without asking the provider', async ({ shop, customer }) => {
    const paidOne = await bookingWithIntent(shop, customer);
    await payInBrowser(shop, paidOne.intent);
    const { booking } = await bookingWithIntent(shop, customer);
    const { caller, calls } = recordingCaller(shop, customer);

    await expect(caller.bookings.markPaid({ id: booking._id, transactionId: paidOne.intent.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.paymentMismatch,
    });
    expect(calls).toEqual([]);
    await expectUnpaid(shop, booking._id);
  });

  test('refuses with 400, not a server error, the booking’s own stored intent when the provider does not know it', async ({
    shop,
    customer,
  }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    // An intent from another provider account, say, after the shop's keys were changed.
    await shop.database.db.update(bookings).set({ paymentIntentId: 'pi_unknown_to_the_provider' }).where(eq(bookings.id, booking._id));

    await expect(
      shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: 'pi_unknown_to_the_provider' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.paymentMismatch });
    await expectUnpaid(shop, booking._id);
  });
});

describe('settling a succeeded intent on a booking read before it changed', () => {
  /** A booking whose intent succeeded, as read before anything else happened to it. */
  async function succeededBooking(customer: TestUser, shop: TestShop) {
    const { booking, intent } = await bookingWithIntent(shop, customer);
    await payInBrowser(shop, intent);
    const stale = await bookingRow(shop, booking._id);
    const succeeded = await shop.deps.payments.retrieveIntent(intent.id);
    if (!succeeded) throw new Error(`the provider does not know ${intent.id}`);
    return { stale, succeeded };
  }

  test('refuses with 409, saying so, a booking cancelled meanwhile, and leaves it cancelled', async ({ shop, customer }) => {
    const { stale, succeeded } = await succeededBooking(customer, shop);
    await shop.database.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: 'customer' })
      .where(eq(bookings.id, stale.id));

    await expect(settleSucceededIntent(shop.database.db, stale, succeeded)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderCancelled,
    });
    expect(await bookingRow(shop, stale.id)).toMatchObject({ status: 'cancelled', transactionId: null });
  });

  test('refuses with 409, saying so, a booking paid meanwhile by another payment, which it keeps', async ({ shop, customer }) => {
    const { stale, succeeded } = await succeededBooking(customer, shop);
    // As when its basket's payment was taken in another window.
    await shop.database.db
      .update(bookings)
      .set({ status: 'paid', transactionId: 'pi_its_basket', paidAt: new Date() })
      .where(eq(bookings.id, stale.id));

    await expect(settleSucceededIntent(shop.database.db, stale, succeeded)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderAlreadyPaid,
    });
    expect(await bookingRow(shop, stale.id)).toMatchObject({ status: 'paid', transactionId: 'pi_its_basket' });
  });

  test('refuses another booking’s succeeded intent with 400, and one that has not succeeded with 409', async ({ shop, customer }) => {
    const { succeeded } = await succeededBooking(customer, shop);
    const { booking, intent } = await bookingWithIntent(shop, customer);
    const open = await shop.deps.payments.retrieveIntent(intent.id);
    if (!open) throw new Error(`the provider does not know ${intent.id}`);
    const row = await bookingRow(shop, booking._id);

    await expect(settleSucceededIntent(shop.database.db, row, succeeded)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.paymentMismatch,
    });
    await expect(settleSucceededIntent(shop.database.db, row, open)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.paymentNotSucceeded,
    });
    await expectUnpaid(shop, booking._id);
  });
});

describe('PATCH /booking/{id}', () => {
  const patch = (shop: TestShop, user: TestUser | null, id: string, payload: Record<string, unknown>) =>
    shop.app.inject({ method: 'PATCH', url: `/booking/${id}`, payload, ...(user ? { headers: user.headers } : {}) });

  test('marks the owner’s booking paid after the provider confirms, and answers a repeat the same way', async ({ shop, customer }) => {
    const { booking, intent } = await bookingWithIntent(shop, customer);
    await payInBrowser(shop, intent);

    const first = await patch(shop, customer, booking._id, { transactionId: intent.id });
    const again = await patch(shop, customer, booking._id, { transactionId: intent.id });

    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ _id: booking._id, paid: true, status: 'paid', transaction: intent.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const shown = await shop.app.inject({ url: `/booking/${booking._id}`, headers: customer.headers });
    expect(shown.json()).toMatchObject({ paid: true, transaction: intent.id });
  });

  test('answers 409 while the intent has not succeeded, before and after a declined card', async ({ shop, customer }) => {
    const { booking, intent } = await bookingWithIntent(shop, customer);
    const unconfirmed = await patch(shop, customer, booking._id, { transactionId: intent.id });
    expect((await confirmInBrowser(shop, intent, { number: '4000000000009995' })).status).toBe(402);
    const declined = await patch(shop, customer, booking._id, { transactionId: intent.id });

    for (const response of [unconfirmed, declined]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: { code: 'CONFLICT', message: messages.paymentNotSucceeded } });
    }
    await expectUnpaid(shop, booking._id);
  });

  test('refuses another customer with 403 and a visitor with 401', async ({ shop, customer, otherCustomer }) => {
    const { booking, intent } = await bookingWithIntent(shop, customer);
    await payInBrowser(shop, intent);

    const asOther = await patch(shop, otherCustomer, booking._id, { transactionId: intent.id });
    const asVisitor = await patch(shop, null, booking._id, { transactionId: intent.id });

    expect(asOther.statusCode).toBe(403);
    expect(asOther.json()).toEqual({ error: { code: 'FORBIDDEN', message: messages.notYourOrder } });
    expect(asVisitor.statusCode).toBe(401);
    expect(asVisitor.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: messages.signInRequired } });
    await expectUnpaid(shop, booking._id);
  });

  test('refuses another booking’s intent with 400', async ({ shop, customer }) => {
    const paidOne = await bookingWithIntent(shop, customer);
    await payInBrowser(shop, paidOne.intent);
    const { booking } = await bookingWithIntent(shop, customer);

    const response = await patch(shop, customer, booking._id, { transactionId: paidOne.intent.id });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: messages.paymentMismatch } });
    await expectUnpaid(shop, booking._id);
  });
});

describe('a payment racing a cancel', () => {
  test('ends paid exactly once with the stock kept when markPaid and cancel race after a successful confirm', async ({
    shop,
    customer,
  }) => {
    const rounds = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const { booking, toolId, intent } = await bookingWithIntent(shop, customer, { quantity: 2, available: 5 });
        await payInBrowser(shop, intent);
        return { booking, toolId, intent };
      }),
    );

    await Promise.all(
      rounds.map(async ({ booking, toolId, intent }, index) => {
        const caller = shop.caller(customer.user);
        const pay = () => caller.bookings.markPaid({ id: booking._id, transactionId: intent.id });
        const cancel = () => caller.bookings.cancel({ id: booking._id });
        // Alternate which call starts first.
        const [paid, cancelled] = index % 2 === 0 ? await settle(pay(), cancel()) : (await settle(cancel(), pay())).reverse();

        expect(paid).toMatchObject({ status: 'fulfilled', value: { status: 'paid', transaction: intent.id } });
        expect(cancelled).toMatchObject({
          status: 'rejected',
          reason: { code: 'CONFLICT', message: messages.orderAlreadyPaid },
        });
        expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', transactionId: intent.id, cancelledAt: null });
        expect(await stockOf(shop.database.db, toolId)).toBe(3);
        expect((await stripeFor(shop).paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
      }),
    );
  });
});

function settle(...calls: Array<Promise<unknown>>) {
  return Promise.allSettled(calls);
}
