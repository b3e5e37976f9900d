// Refunds through the tRPC caller and the payments webhook, against the payments emulator: who may
// refund, what a refund changes (status, stock, email, audit, metric), the orders that cannot be
// refunded, a booking marked refunded exactly once however the answers race, and nothing changed
// while the provider is away.
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import { messages } from '../../shared/messages';
import { bookings } from '../db/schema';
import { handlePaymentEvent } from '../domains/checkout/payments';
import { stockOf } from '../testing/booking-load';
import {
  appWithPayments,
  bookLegacyPart,
  bookingRow,
  deliverWebhook,
  eventFor,
  openIntent,
  paidBasket,
  paidLegacyBooking,
  payInBrowser,
  providerIntent,
  recordedEvent,
  stripeFor,
  unreachablePayments,
} from '../testing/payments';
import { outsideRefundAudits, refundEmails, refundAudits, refundsCounted } from '../testing/refunds';
import type { TestShop, TestUser } from '../testing/test-shop';
import { createCaller } from '.';

/** The refund the provider makes for the booking, made as the shop's gateway makes it. */
function refundAtProvider(shop: TestShop, bookingId: string, paymentIntentId: string, amountCents: number) {
  return shop.deps.payments.refundPayment({ bookingId, paymentIntentId, amountCents });
}

/** The refund.created (or refund.updated) event the provider sends for a refund, as plain JSON. */
async function refundCreatedEvent(shop: TestShop, refundId: string, type = 'refund.created') {
  const refund = JSON.parse(JSON.stringify(await stripeFor(shop).refunds.retrieve(refundId))) as unknown;
  return eventFor(type, refund);
}

describe('bookings.refund', () => {
  test('refunds a paid order in full: refunded at the provider, stock back, email queued, audited and counted', async ({
    shop,
    customer,
    admin,
  }) => {
    const { booking, toolId, intent } = await paidLegacyBooking(shop, customer);
    const stockBefore = await stockOf(shop.database.db, toolId);
    const countedBefore = await refundsCounted(shop, 'admin');

    const refunded = await shop.caller(admin.user).bookings.refund({ id: booking._id });

    expect(refunded).toMatchObject({ status: 'refunded', state: 'refunded', transaction: intent.id, paid: false });
    expect(refunded.refundedAt).not.toBeNull();
    const row = await bookingRow(shop, booking._id);
    const refund = await stripeFor(shop).refunds.retrieve(row.refundId ?? '');
    expect(refund).toMatchObject({
      status: 'succeeded',
      amount: Math.round(booking.price * 100),
      payment_intent: intent.id,
      metadata: { bookingId: booking._id },
    });
    expect(await stockOf(shop.database.db, toolId)).toBe(stockBefore + booking.amount);
    expect(await refundEmails(shop, booking._id)).toBe(1);
    const [audit, ...more] = await refundAudits(shop, booking._id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ actorId: admin.user.id, actorEmail: admin.user.email });
    expect(audit?.subject).toContain(`$${booking.price.toFixed(2)} refunded as ${refund.id}`);
    expect(await refundsCounted(shop, 'admin')).toBe(countedBefore + 1);
  });

  test('shows the customer the refunded order with its date', async ({ shop, customer, admin }) => {
    const { booking } = await paidLegacyBooking(shop, customer);
    await shop.caller(admin.user).bookings.refund({ id: booking._id });

    const mine = await shop.caller(customer.user).bookings.mine({});

    expect(mine.items.find((order) => order._id === booking._id)).toMatchObject({
      state: 'refunded',
      refundedAt: expect.any(String) as unknown,
    });
  });

  test('keeps a shipped order’s stock with the customer: a refund after shipping releases none', async ({ shop, customer, admin }) => {
    const { booking, toolId } = await paidLegacyBooking(shop, customer);
    await shop.caller(admin.user).bookings.ship({ id: booking._id });
    const stockBefore = await stockOf(shop.database.db, toolId);

    const refunded = await shop.caller(admin.user).bookings.refund({ id: booking._id });

    expect(refunded).toMatchObject({ status: 'refunded', shippedAt: expect.any(String) as unknown });
    expect(await stockOf(shop.database.db, toolId)).toBe(stockBefore);
  });

  test('refuses a customer, even the order’s owner, and a visitor, and changes nothing', async ({ shop, customer }) => {
    const { booking } = await paidLegacyBooking(shop, customer);

    await expect(shop.caller(customer.user).bookings.refund({ id: booking._id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(shop.caller(null).bookings.refund({ id: booking._id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', refundId: null });
  });

  test.for([
    ['an unpaid order', 'unpaid', messages.refundNeedsPayment],
    ['a cancelled order', 'cancelled', messages.refundNotCancelled],
    ['an order already refunded', 'refunded', messages.orderRefunded],
  ] as const)(
    'refuses %s with 409 and a sentence, and asks the provider nothing',
    async ([, status, message], { shop, customer, admin }) => {
      const { booking, toolId } = await bookLegacyPart(shop, customer);
      if (status === 'cancelled') await shop.caller(customer.user).bookings.cancel({ id: booking._id });
      if (status === 'refunded') {
        const paid = await paidLegacyBooking(shop, customer);
        await shop.caller(admin.user).bookings.refund({ id: paid.booking._id });
        Object.assign(booking, paid.booking);
      }
      const before = await bookingRow(shop, booking._id);
      const stockBefore = await stockOf(shop.database.db, toolId);

      await expect(shop.caller(admin.user).bookings.refund({ id: booking._id })).rejects.toMatchObject({ code: 'CONFLICT', message });

      expect(await bookingRow(shop, booking._id)).toEqual(before);
      expect(await stockOf(shop.database.db, toolId)).toBe(stockBefore);
      expect(await refundEmails(shop, booking._id)).toBe(status === 'refunded' ? 1 : 0);
    },
  );

  test('refuses an order that does not exist with 404', async ({ shop, admin }) => {
    await expect(shop.caller(admin.user).bookings.refund({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.orderNotFound,
    });
  });

  test('answers 503 with a clear sentence, and changes nothing, while the provider cannot be reached', async ({
    shop,
    customer,
    admin,
  }) => {
    const { booking, toolId } = await paidLegacyBooking(shop, customer);
    const stockBefore = await stockOf(shop.database.db, toolId);
    const caller = createCaller({ deps: { ...shop.deps, payments: await unreachablePayments() }, user: admin.user, session: 'valid' });

    await expect(caller.bookings.refund({ id: booking._id })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: messages.refundsUnavailable,
    });

    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', refundId: null, refundedAt: null });
    expect(await stockOf(shop.database.db, toolId)).toBe(stockBefore);
    expect(await refundEmails(shop, booking._id)).toBe(0);
    expect(await refundAudits(shop, booking._id)).toEqual([]);
  });
});

describe('exactly once', () => {
  test('marks the order once when the admin’s answer and the refund webhook race', async ({ shop, customer, admin }) => {
    const { booking, toolId, intent } = await paidLegacyBooking(shop, customer);
    const stockBefore = await stockOf(shop.database.db, toolId);
    const countedBefore = await refundsCounted(shop, 'admin');
    // The provider made the refund; its webhook and the admin's call (replaying it) now race.
    const refund = await refundAtProvider(shop, booking._id, intent.id, Math.round(booking.price * 100));
    const event = await refundCreatedEvent(shop, refund.id);

    // Whichever reads the order first wins: the admin's call marks it, or finds it marked by the
    // webhook already and says so (409); neither marks it twice.
    const [answer, delivery] = await Promise.all([
      shop
        .caller(admin.user)
        .bookings.refund({ id: booking._id })
        .then(
          (refunded) => refunded.status,
          (error: unknown) => (error instanceof TRPCError && error.code === 'CONFLICT' ? error.message : error),
        ),
      deliverWebhook(shop, event),
    ]);

    expect(['refunded', messages.orderRefunded]).toContain(answer);
    expect(delivery.statusCode).toBe(200);
    expect(['refunded', 'handled']).toContain(delivery.json<{ outcome: string }>().outcome);
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'refunded', refundId: refund.id });
    expect(await stockOf(shop.database.db, toolId)).toBe(stockBefore + booking.amount);
    expect(await refundEmails(shop, booking._id)).toBe(1);
    expect(await refundsCounted(shop, 'admin')).toBe(countedBefore + 1);
    expect(await recordedEvent(shop, event.id)).toMatchObject({ type: 'refund.created', bookingId: booking._id });
  });

  test('marks the order from the webhook alone, and a repeated delivery changes nothing', async ({ shop, customer }) => {
    const { booking, toolId, intent } = await paidLegacyBooking(shop, customer);
    const stockBefore = await stockOf(shop.database.db, toolId);
    const refund = await refundAtProvider(shop, booking._id, intent.id, Math.round(booking.price * 100));
    const event = await refundCreatedEvent(shop, refund.id);

    const first = await deliverWebhook(shop, event);
    const again = await deliverWebhook(shop, event);

    expect(first.json()).toEqual({ received: true, outcome: 'refunded' });
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'refunded', refundId: refund.id });
    expect(await stockOf(shop.database.db, toolId)).toBe(stockBefore + booking.amount);
    expect(await refundEmails(shop, booking._id)).toBe(1);
  });

  test('makes one provider refund for two admins refunding at once', async ({ shop, customer, admin }) => {
    const { booking, toolId, intent } = await paidLegacyBooking(shop, customer);
    const stockBefore = await stockOf(shop.database.db, toolId);

    const results = await Promise.allSettled([
      shop.caller(admin.user).bookings.refund({ id: booking._id }),
      shop.caller(admin.user).bookings.refund({ id: booking._id }),
    ]);

    expect(results.some((result) => result.status === 'fulfilled')).toBe(true);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'CONFLICT', message: messages.orderRefunded });
    }
    const row = await bookingRow(shop, booking._id);
    expect(row.status).toBe('refunded');
    expect(await stockOf(shop.database.db, toolId)).toBe(stockBefore + booking.amount);
    expect(await refundEmails(shop, booking._id)).toBe(1);
    // Had a second refund been made, the provider would have nothing left; it has only this one.
    const audits = await refundAudits(shop, booking._id);
    expect(audits.every((audit) => audit.subject.endsWith(`refunded as ${String(row.refundId)}`))).toBe(true);
    await expect(stripeFor(shop).refunds.create({ payment_intent: intent.id, amount: 1 })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
  });

  test('lets a refund win over a customer’s cancel of the paid order, which is refused', async ({ shop, customer, admin }) => {
    const { booking, toolId } = await paidLegacyBooking(shop, customer);
    const stockBefore = await stockOf(shop.database.db, toolId);

    const [cancel, refund] = await Promise.allSettled([
      shop.caller(customer.user).bookings.cancel({ id: booking._id }),
      shop.caller(admin.user).bookings.refund({ id: booking._id }),
    ]);

    expect(cancel.status).toBe('rejected');
    expect(refund.status).toBe('fulfilled');
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'refunded', cancelledAt: null });
    expect(await stockOf(shop.database.db, toolId)).toBe(stockBefore + booking.amount);
  });

  test('refuses to cancel a refunded order, saying it was refunded, and changes nothing', async ({ shop, customer, admin }) => {
    const { booking, toolId } = await paidLegacyBooking(shop, customer);
    await shop.caller(admin.user).bookings.refund({ id: booking._id });
    const stockAfterRefund = await stockOf(shop.database.db, toolId);

    for (const who of [customer, admin]) {
      await expect(shop.caller(who.user).bookings.cancel({ id: booking._id })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: messages.orderRefunded,
      });
    }
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'refunded', cancelledAt: null });
    expect(await stockOf(shop.database.db, toolId)).toBe(stockAfterRefund);
  });

  test('lets a cancel win over a refund of the unpaid order: no refund, stock back once', async ({ shop, customer, admin }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 2, available: 10 });

    const [cancel, refund] = await Promise.allSettled([
      shop.caller(customer.user).bookings.cancel({ id: booking._id }),
      shop.caller(admin.user).bookings.refund({ id: booking._id }),
    ]);

    expect(cancel.status).toBe('fulfilled');
    expect(refund).toMatchObject({ status: 'rejected', reason: { code: 'CONFLICT' } });
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled', refundId: null });
    expect(await stockOf(shop.database.db, toolId)).toBe(10);
  });
});

describe('refund webhooks', () => {
  test('go by the refund’s own booking id: a refund naming another booking marks neither', async ({ shop, customer }) => {
    const first = await paidLegacyBooking(shop, customer);
    const second = await paidLegacyBooking(shop, customer);
    // A whole refund of the first booking's payment that names the second booking: the intent's
    // metadata names the first, which must not count. Not the shop's own refund: it is recorded.
    const refund = await refundAtProvider(shop, second.booking._id, first.intent.id, Math.round(first.booking.price * 100));

    const response = await deliverWebhook(shop, await refundCreatedEvent(shop, refund.id));

    expect(response.json()).toEqual({ received: true, outcome: 'refund_outside_shop' });
    expect(await bookingRow(shop, first.booking._id)).toMatchObject({ status: 'paid', refundId: null });
    expect(await bookingRow(shop, second.booking._id)).toMatchObject({ status: 'paid', refundId: null });
  });

  test('take charge.refunded for the record only: the charge names no one booking', async ({ shop, customer }) => {
    const { booking, intent } = await paidLegacyBooking(shop, customer);
    const intentAtProvider = await stripeFor(shop).paymentIntents.retrieve(intent.id);
    const charge = {
      id: intentAtProvider.latest_charge,
      object: 'charge',
      amount: intentAtProvider.amount,
      amount_refunded: intentAtProvider.amount,
      refunded: true,
      payment_intent: intent.id,
      metadata: { bookingId: booking._id },
    };

    const response = await deliverWebhook(shop, eventFor('charge.refunded', charge));

    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', refundId: null });
  });

  test('change nothing for a refund that has not succeeded', async ({ shop, customer }) => {
    const { booking, intent } = await paidLegacyBooking(shop, customer);
    const refund = await refundAtProvider(shop, booking._id, intent.id, Math.round(booking.price * 100));
    const pending = {
      ...(JSON.parse(JSON.stringify(await stripeFor(shop).refunds.retrieve(refund.id))) as object),
      status: 'pending',
    };

    const response = await deliverWebhook(shop, eventFor('refund.updated', pending));

    expect(response.json()).toEqual({ received: true, outcome: 'handled' });
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', refundId: null });
  });
});

/** A basket of two orders, 3 × $12.34 and 2 × $5.00 (each of a part with 10 in stock), paid with one intent. */
async function paidBasketOfTwo(shop: TestShop, customer: TestUser) {
  const {
    bookings: [first, second],
    intent,
  } = await paidBasket(shop, customer, [
    { priceCents: 12_34, quantity: 3 },
    { priceCents: 5_00, quantity: 2 },
  ]);
  if (!first || !second) throw new Error('the basket has two orders');
  return { first, second, intent };
}

/** A dollar of the payment refunded outside the shop, the refund naming the order, and its event delivered. */
async function partialRefundNaming(shop: TestShop, bookingId: string, paymentIntentId: string) {
  const partial = await stripeFor(shop).refunds.create({ payment_intent: paymentIntentId, amount: 1_00, metadata: { bookingId } });
  const response = await deliverWebhook(shop, await refundCreatedEvent(shop, partial.id));
  return { refundId: partial.id, outcome: response.json<{ outcome: string }>().outcome };
}

describe('a basket refunded one order at a time', () => {
  test('refunds each order its own total against the basket’s payment, keyed by the order, leaving the others paid', async ({
    shop,
    customer,
    admin,
  }) => {
    const { first, second, intent } = await paidBasketOfTwo(shop, customer);
    const stripe = stripeFor(shop);
    const countedBefore = await refundsCounted(shop, 'admin');

    await shop.caller(admin.user).bookings.refund({ id: first.booking._id });

    const firstRow = await bookingRow(shop, first.booking._id);
    expect(firstRow).toMatchObject({ status: 'refunded', transactionId: intent.id });
    expect(await bookingRow(shop, second.booking._id)).toMatchObject({ status: 'paid', refundId: null });
    expect(await stripe.refunds.retrieve(firstRow.refundId ?? '')).toMatchObject({
      amount: 37_02,
      payment_intent: intent.id,
      metadata: { bookingId: first.booking._id },
    });

    await shop.caller(admin.user).bookings.refund({ id: second.booking._id });

    const secondRow = await bookingRow(shop, second.booking._id);
    expect(secondRow).toMatchObject({ status: 'refunded', transactionId: intent.id });
    expect(secondRow.refundId).not.toBe(firstRow.refundId);
    expect(await stripe.refunds.retrieve(secondRow.refundId ?? '')).toMatchObject({
      amount: 10_00,
      payment_intent: intent.id,
      metadata: { bookingId: second.booking._id },
    });
    expect([await stockOf(shop.database.db, first.toolId), await stockOf(shop.database.db, second.toolId)]).toEqual([10, 10]);
    expect([await refundEmails(shop, first.booking._id), await refundEmails(shop, second.booking._id)]).toEqual([1, 1]);
    expect(await refundsCounted(shop, 'admin')).toBe(countedBefore + 2);

    // The provider's events of the shop's own refunds change nothing more and record nothing else.
    for (const row of [firstRow, secondRow]) {
      const response = await deliverWebhook(shop, await refundCreatedEvent(shop, row.refundId ?? ''));
      expect(response.json()).toEqual({ received: true, outcome: 'handled' });
      expect(await outsideRefundAudits(shop, row.refundId ?? '')).toEqual([]);
    }
  });
});

describe('a refund made outside the shop, in the provider’s dashboard', () => {
  test('never marks an order refunded for part of a payment, and records it for the admin once', async ({ shop, customer }) => {
    const { first, second, intent } = await paidBasketOfTwo(shop, customer);
    // What the dashboard makes: part of the payment back, with no metadata of the shop's.
    const partial = await stripeFor(shop).refunds.create({ payment_intent: intent.id, amount: 5_00 });

    const response = await deliverWebhook(shop, await refundCreatedEvent(shop, partial.id));

    expect(response.json()).toEqual({ received: true, outcome: 'refund_outside_shop' });
    for (const { booking, toolId } of [first, second]) {
      expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', refundId: null, refundedAt: null });
      expect(await stockOf(shop.database.db, toolId)).toBe(10 - booking.amount);
      expect(await refundEmails(shop, booking._id)).toBe(0);
    }
    const audits = await outsideRefundAudits(shop, partial.id);
    expect(audits).toEqual([expect.objectContaining({ actorId: null, actorEmail: 'system' })]);
    for (const named of ['$5.00', intent.id, first.booking._id, second.booking._id]) expect(audits[0]?.subject).toContain(named);

    // The same refund told again, as refund.updated, is recorded once.
    const again = await deliverWebhook(shop, await refundCreatedEvent(shop, partial.id, 'refund.updated'));
    expect(again.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await outsideRefundAudits(shop, partial.id)).toHaveLength(1);
  });

  test('does not mark an order refunded for part of its total even when the refund names it', async ({ shop, customer }) => {
    const { booking, intent } = await paidLegacyBooking(shop, customer);

    const partial = await partialRefundNaming(shop, booking._id, intent.id);

    expect(partial.outcome).toBe('refund_outside_shop');
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', refundId: null });
    expect(await outsideRefundAudits(shop, partial.refundId)).toHaveLength(1);
  });

  test('records nothing for a refund that has not succeeded', async ({ shop, customer }) => {
    const { intent } = await paidLegacyBooking(shop, customer);
    const partial = await stripeFor(shop).refunds.create({ payment_intent: intent.id, amount: 1_00 });
    const pending = {
      ...(JSON.parse(JSON.stringify(await stripeFor(shop).refunds.retrieve(partial.id))) as object),
      status: 'pending',
    };

    const response = await deliverWebhook(shop, eventFor('refund.created', pending));

    expect(response.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await outsideRefundAudits(shop, partial.id)).toEqual([]);
  });
});

describe('a payment that arrives after its booking was cancelled', () => {
  async function paidAfterCancel(shop: TestShop, customer: TestUser) {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 2, available: 10 });
    const intent = await openIntent(shop, customer, booking._id);
    await payInBrowser(shop, intent);
    // The cancel raced the card: the booking is cancelled with its intent, which has succeeded.
    await shop.database.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: 'customer' })
      .where(eq(bookings.id, booking._id));
    return { booking, toolId, intent, succeeded: await providerIntent(shop, intent.id) };
  }

  test('is refunded automatically: the booking stays cancelled and records the refund, audited as the system', async ({
    shop,
    customer,
  }) => {
    const { booking, intent, succeeded } = await paidAfterCancel(shop, customer);
    const countedBefore = await refundsCounted(shop, 'automatic');
    const event = eventFor('payment_intent.succeeded', succeeded);

    const response = await deliverWebhook(shop, event);

    expect(response.json()).toEqual({ received: true, outcome: 'refunded_automatically' });
    const row = await bookingRow(shop, booking._id);
    expect(row).toMatchObject({ status: 'cancelled', transactionId: null });
    expect(row.refundedAt).not.toBeNull();
    expect(await stripeFor(shop).refunds.retrieve(row.refundId ?? '')).toMatchObject({
      status: 'succeeded',
      payment_intent: intent.id,
      metadata: { bookingId: booking._id },
    });
    expect(await refundAudits(shop, booking._id)).toEqual([expect.objectContaining({ actorId: null, actorEmail: 'system' })]);
    expect(await refundEmails(shop, booking._id)).toBe(1);
    expect(await refundsCounted(shop, 'automatic')).toBe(countedBefore + 1);
    expect((await deliverWebhook(shop, event)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await refundEmails(shop, booking._id)).toBe(1);
  });

  test('is answered 503 by the webhook while the provider is away, for the provider to send again', async ({ shop, customer }) => {
    const { booking, succeeded } = await paidAfterCancel(shop, customer);
    const event = eventFor('payment_intent.succeeded', succeeded);
    const outage = await appWithPayments(shop, await unreachablePayments());
    try {
      const response = await deliverWebhook({ ...shop, app: outage }, event);

      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: messages.refundsUnavailable } });
    } finally {
      await outage.close();
    }
    expect(await recordedEvent(shop, event.id)).toBeNull();
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled', refundId: null });
  });

  test('is left to an operator when the provider refuses the refund, as for a payment already refunded by hand', async ({
    shop,
    customer,
  }) => {
    const { booking, intent, succeeded } = await paidAfterCancel(shop, customer);
    await stripeFor(shop).refunds.create({ payment_intent: intent.id });
    const event = eventFor('payment_intent.succeeded', succeeded);

    const response = await deliverWebhook(shop, event);

    expect(response.json()).toEqual({ received: true, outcome: 'refund_refused' });
    expect(await recordedEvent(shop, event.id)).toMatchObject({ bookingId: booking._id });
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled', refundId: null });
    expect(await refundEmails(shop, booking._id)).toBe(0);
  });

  test('is not recorded as refunded for a refund of part of it made outside the shop, which is recorded for the admin', async ({
    shop,
    customer,
  }) => {
    const { booking, intent } = await paidAfterCancel(shop, customer);

    const partial = await partialRefundNaming(shop, booking._id, intent.id);

    expect(partial.outcome).toBe('refund_outside_shop');
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled', refundId: null, refundedAt: null });
    expect(await refundEmails(shop, booking._id)).toBe(0);
    expect(await outsideRefundAudits(shop, partial.refundId)).toHaveLength(1);
  });

  test('is forgotten while the provider is away, so the provider’s retry of the event refunds it', async ({ shop, customer }) => {
    const { booking, intent, succeeded } = await paidAfterCancel(shop, customer);
    const event = eventFor('payment_intent.succeeded', succeeded);
    const view = await shop.deps.payments.retrieveIntent(intent.id);
    const away = await unreachablePayments();

    await expect(
      handlePaymentEvent(shop.database.db, away, shop.deps.metrics, shop.deps.log, {
        id: event.id,
        type: event.type,
        intent: view,
        refund: null,
      }),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: messages.refundsUnavailable });

    expect(await recordedEvent(shop, event.id)).toBeNull();
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled', refundId: null });

    expect((await deliverWebhook(shop, event)).json()).toEqual({ received: true, outcome: 'refunded_automatically' });
    expect((await bookingRow(shop, booking._id)).refundId).toMatch(/^re_/);
  });
});
