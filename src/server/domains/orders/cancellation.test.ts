// The one cancellation path (cancelBooking) where it meets the provider: a card confirmed while the
// cancel runs, an intent opened while it runs, two cancels at once, and hold expiry meeting the same
// race inside its claim's transaction. The stock must come back at most once, and only when no
// money was taken.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from '../../testing/fixtures';
import { messages } from '../../../shared/messages';
import { auditEvents, bookings } from '../../db/schema';
import { PaymentsUnavailableError, type PaymentsGateway } from '../../payments/payments-gateway';
import { createCaller } from '../../routers/index';
import { stockOf } from '../../testing/booking-load';
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
import type { TestShop, TestUser } from '../../testing/test-shop';
import { cancelBooking } from './cancellation';
import { expireStaleHolds } from './hold-expiry';

/**
 * The shop's gateway, with `before` run just before its first cancelIntent reaches the provider
 * and `after` just after it: the moments another request can slip into a cancel.
 */
function gatewayInterrupted(
  shop: TestShop,
  hooks: { before?: () => Promise<unknown>; after?: () => Promise<unknown> },
): PaymentsGateway {
  const real = shop.deps.payments;
  let interrupted = false;
  return {
    ...real,
    cancelIntent: async (id) => {
      const first = !interrupted;
      interrupted = true;
      if (first) await hooks.before?.();
      const cancelled = await real.cancelIntent(id);
      if (first) await hooks.after?.();
      return cancelled;
    },
  };
}

/** A tRPC caller for `user` whose procedures use `payments`. */
function callerWith(shop: TestShop, payments: PaymentsGateway, { user }: TestUser) {
  return createCaller({ deps: { ...shop.deps, payments }, user, session: 'valid' });
}

async function providerStatus(shop: TestShop, intentId: string): Promise<string> {
  return (await stripeFor(shop).paymentIntents.retrieve(intentId)).status;
}

async function auditsOf(shop: TestShop, bookingId: string) {
  const rows = await shop.database.db.select({ action: auditEvents.action, subject: auditEvents.subject }).from(auditEvents);
  return rows.filter((row) => row.subject.includes(bookingId));
}

describe('cancelling while the customer pays', () => {
  test('settles the booking as paid and refuses the cancel when the card is confirmed between its look and its cancel', async ({
    shop,
    customer,
  }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 3, available: 10 });
    const intent = await openIntent(shop, customer, booking._id);
    const payments = gatewayInterrupted(shop, { before: () => payInBrowser(shop, intent) });

    await expect(callerWith(shop, payments, customer).bookings.cancel({ id: booking._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderAlreadyPaid,
    });

    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', transactionId: intent.id, cancelledAt: null });
    expect(await stockOf(shop.database.db, toolId)).toBe(7);
    expect(await providerStatus(shop, intent.id)).toBe('succeeded');
  });

  test('cancels a booking whose intent the provider no longer knows', async ({ shop, customer }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 3, available: 10 });
    await shop.database.db.update(bookings).set({ paymentIntentId: 'pi_forgottenbytheprovider0' }).where(eq(bookings.id, booking._id));

    await shop.caller(customer.user).bookings.cancel({ id: booking._id });

    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled', transactionId: null });
    expect(await stockOf(shop.database.db, toolId)).toBe(10);
  });

  test('keeps the booking unpaid and its stock held when the provider fails to cancel an intent nobody paid', async ({
    shop,
    customer,
  }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 3, available: 10 });
    const intent = await openIntent(shop, customer, booking._id);
    const payments: PaymentsGateway = {
      ...shop.deps.payments,
      cancelIntent: () => Promise.reject(new PaymentsUnavailableError('the provider is away')),
    };

    await expect(callerWith(shop, payments, customer).bookings.cancel({ id: booking._id })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });

    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'unpaid', transactionId: null, cancelledAt: null });
    expect(await stockOf(shop.database.db, toolId)).toBe(7);
    expect(await providerStatus(shop, intent.id)).toBe('requires_payment_method');
  });

  test('ends either paid or cancelled, never both, with the stock released at most once, when the card is confirmed as the customer cancels', async ({
    shop,
    customer,
  }) => {
    const rounds = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 2, available: 5 });
        return { booking, toolId, intent: await openIntent(shop, customer, booking._id) };
      }),
    );

    const endings = await Promise.all(
      rounds.map(async ({ booking, toolId, intent }, index) => {
        const pay = () => confirmInBrowser(shop, intent);
        const cancel = () => shop.caller(customer.user).bookings.cancel({ id: booking._id });
        // Alternate which call starts first.
        const [confirmed, cancelled] =
          index % 2 === 0 ? await Promise.allSettled([pay(), cancel()]) : (await Promise.allSettled([cancel(), pay()])).reverse();
        const row = await bookingRow(shop, booking._id);
        const paidEnding = {
          confirmStatus: 200,
          cancel: { status: 'rejected', reason: { code: 'CONFLICT', message: messages.orderAlreadyPaid } },
          row: { status: 'paid', transactionId: intent.id, cancelledAt: null },
          stock: 3,
          provider: 'succeeded',
        };
        const cancelledEnding = {
          confirmStatus: 400,
          cancel: { status: 'fulfilled', value: { deletedCount: 1 } },
          row: { status: 'cancelled', transactionId: null, cancelReason: 'customer' },
          stock: 5,
          provider: 'canceled',
        };
        const expected = row.status === 'paid' ? paidEnding : cancelledEnding;
        expect(confirmed).toMatchObject({ status: 'fulfilled', value: { status: expected.confirmStatus } });
        expect(cancelled).toMatchObject(expected.cancel);
        expect(row).toMatchObject(expected.row);
        expect(await stockOf(shop.database.db, toolId)).toBe(expected.stock);
        expect(await providerStatus(shop, intent.id)).toBe(expected.provider);
        return row.status;
      }),
    );
    expect(endings.every((status) => status === 'paid' || status === 'cancelled')).toBe(true);
  });

  test('closes an intent the customer opened while the cancel ran, so neither can be paid', async ({ shop, customer }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 2, available: 6 });
    const first = await openIntent(shop, customer, booking._id);
    let second: Awaited<ReturnType<typeof openIntent>> | undefined;
    // Once the first intent is canceled, payments.createIntent replaces it with a new one.
    const payments = gatewayInterrupted(shop, { after: async () => (second = await openIntent(shop, customer, booking._id)) });

    await expect(callerWith(shop, payments, customer).bookings.cancel({ id: booking._id })).resolves.toEqual({ deletedCount: 1 });

    if (!second) throw new Error('no intent was opened during the cancel');
    expect(second.id).not.toBe(first.id);
    expect(await providerStatus(shop, first.id)).toBe('canceled');
    expect(await providerStatus(shop, second.id)).toBe('canceled');
    expect((await confirmInBrowser(shop, second)).status).toBe(400);
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled', paymentIntentId: second.id });
    expect(await stockOf(shop.database.db, toolId)).toBe(6);
  });
});

describe('what a cancel costs the provider', () => {
  test('cancels a booking that never opened an intent without asking the provider', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    const { caller, calls } = recordingCaller(shop, customer);

    await caller.bookings.cancel({ id: booking._id });

    expect(calls).toEqual([]);
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled' });
  });

  test('only looks at an intent the provider already closed, then cancels the booking', async ({ shop, customer }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 3, available: 10 });
    const intent = await openIntent(shop, customer, booking._id);
    await stripeFor(shop).paymentIntents.cancel(intent.id);
    const { caller, calls } = recordingCaller(shop, customer);

    await caller.bookings.cancel({ id: booking._id });

    expect(calls).toEqual(['retrieveIntent']);
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(shop.database.db, toolId)).toBe(10);
  });

  test('only looks at an intent the card already paid, then settles the booking and refuses the cancel', async ({
    shop,
    customer,
  }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    const intent = await openIntent(shop, customer, booking._id);
    await payInBrowser(shop, intent);
    const { caller, calls } = recordingCaller(shop, customer);

    await expect(caller.bookings.cancel({ id: booking._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderAlreadyPaid,
    });

    expect(calls).toEqual(['retrieveIntent']);
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', transactionId: intent.id });
  });

  test('refuses a paid order, and one cancelled already, without asking the provider', async ({ shop, customer }) => {
    const { booking: paid } = await paidLegacyBooking(shop, customer);
    const { booking: cancelled } = await bookLegacyPart(shop, customer);
    await openIntent(shop, customer, cancelled._id);
    await shop.caller(customer.user).bookings.cancel({ id: cancelled._id });
    const { caller, calls } = recordingCaller(shop, customer);

    await expect(caller.bookings.cancel({ id: paid._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderAlreadyPaid,
    });
    await expect(caller.bookings.cancel({ id: cancelled._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderCancelled,
    });
    expect(calls).toEqual([]);
  });
});

describe('an intent closed by someone else during the cancel', () => {
  test('cancels the booking when another request closed its intent between the look and the cancel', async ({ shop, customer }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 3, available: 10 });
    const intent = await openIntent(shop, customer, booking._id);
    const payments = gatewayInterrupted(shop, { before: () => stripeFor(shop).paymentIntents.cancel(intent.id) });

    await callerWith(shop, payments, customer).bookings.cancel({ id: booking._id });

    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(shop.database.db, toolId)).toBe(10);
  });

  test('answers 503, changing nothing, when the cancel fails and the provider then no longer knows the intent', async ({
    shop,
    customer,
  }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    await openIntent(shop, customer, booking._id);
    let looks = 0;
    const payments: PaymentsGateway = {
      ...shop.deps.payments,
      retrieveIntent: async (id) => (looks++ === 0 ? shop.deps.payments.retrieveIntent(id) : null),
      cancelIntent: () => Promise.reject(new PaymentsUnavailableError('the provider is away')),
    };

    await expect(callerWith(shop, payments, customer).bookings.cancel({ id: booking._id })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'unpaid' });
  });
});

describe('two cancels at once', () => {
  test('cancels once when the owner and an admin cancel together: the stock comes back once, and the loser is told it is cancelled', async ({
    shop,
    customer,
    admin,
  }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 4, available: 10 });
    const intent = await openIntent(shop, customer, booking._id);

    const outcomes = await Promise.allSettled([
      shop.caller(customer.user).bookings.cancel({ id: booking._id }),
      shop.caller(admin.user).bookings.cancel({ id: booking._id }),
    ]);

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
      reason: { code: 'CONFLICT', message: messages.orderCancelled },
    });
    expect(await stockOf(shop.database.db, toolId)).toBe(10);
    expect(await providerStatus(shop, intent.id)).toBe('canceled');
    const { cancelReason } = await bookingRow(shop, booking._id);
    // The admin's cancel is audited only when it was the one that happened.
    expect((await auditsOf(shop, booking._id)).map((row) => row.action)).toEqual(cancelReason === 'admin' ? ['order.cancel'] : []);
  });
});

describe('two cancels that both read the booking unpaid', () => {
  test('releases the stock once: the cancel statement itself refuses a booking no longer unpaid', async ({ shop, customer }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 4, available: 10 });
    // What each of two racing requests holds: the booking as it was before either cancelled it.
    const asRead = await bookingRow(shop, booking._id);

    const outcomes = await Promise.allSettled([
      cancelBooking(shop.database.db, shop.deps.payments, asRead, { reason: 'customer' }),
      cancelBooking(shop.database.db, shop.deps.payments, asRead, { reason: 'customer' }),
    ]);

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
      reason: { code: 'CONFLICT', message: messages.orderCancelled },
    });
    expect(await stockOf(shop.database.db, toolId)).toBe(10);
  });
});

describe('hold expiry on the same path', () => {
  test('settles an expiring booking as paid when its card is confirmed between the look and the cancel', async ({
    shop,
    customer,
  }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 3, available: 10 });
    const intent = await openIntent(shop, customer, booking._id);
    await shop.database.db
      .update(bookings)
      .set({ createdAt: sql`now() - interval '2 days'` })
      .where(eq(bookings.id, booking._id));
    const payments = gatewayInterrupted(shop, { before: () => payInBrowser(shop, intent) });

    expect(await expireStaleHolds(shop.database.db, payments, { olderThanMs: 86_400_000 })).toEqual({
      expired: 0,
      settledPaid: 1,
      failed: 0,
    });

    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', transactionId: intent.id, cancelReason: null });
    expect(await stockOf(shop.database.db, toolId)).toBe(7);
    expect(await auditsOf(shop, booking._id)).toEqual([]);
  });
});
