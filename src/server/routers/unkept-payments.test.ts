// Money that arrives for an order that can no longer take it is given back whole, through the
// signed webhook and the payments emulator: a basket's payment after the basket closed, and the
// race of paying one order in a basket in one window and alone in another (baskets opened before
// the checkout replaced them, domains/checkout/legacy-baskets.ts). Each is refunded once,
// recorded, audited as the shop and counted; while the provider is away the webhook answers 503
// and the provider's retry refunds it.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import { messages } from '../../shared/messages';
import { auditEvents, bookings, checkouts, emailOutbox, returnedPayments } from '../db/schema';
import { handlePaymentEvent, intentForBooking } from '../domains/checkout/payments';
import {
  appWithPayments,
  bookLegacyPart,
  bookingRow,
  deliverWebhook,
  eventFor,
  openLegacyBasket,
  payInBrowser,
  providerIntent,
  recordedEvent,
  stripeFor,
  unreachablePayments,
  type OpenedIntent,
} from '../testing/payments';
import { outsideRefundAudits } from '../testing/refunds';
import type { TestShop, TestUser } from '../testing/test-shop';

/** Two unpaid orders: 3 × $12.34 and 2 × $5.00, $47.02 together. */
async function twoOrders(shop: TestShop, customer: TestUser) {
  const first = await bookLegacyPart(shop, customer, { priceCents: 12_34, quantity: 3 });
  const second = await bookLegacyPart(shop, customer, { priceCents: 5_00, quantity: 2 });
  return [first.booking._id, second.booking._id] as const;
}

/** A basket of the bookings with its intent, as one was opened before the checkout replaced baskets. */
const openBasket = openLegacyBasket;

/**
 * The order's own intent, made by a second window that looked for baskets holding the order just
 * before the first window's basket recorded its intent: both can now take the money.
 */
async function ownIntentAlongside(shop: TestShop, bookingId: string): Promise<OpenedIntent> {
  const intent = await intentForBooking(shop.database.db, shop.deps.payments, await bookingRow(shop, bookingId));
  return { id: intent.id, clientSecret: intent.clientSecret };
}

async function succeededEvent(shop: TestShop, intentId: string) {
  return eventFor('payment_intent.succeeded', await providerIntent(shop, intentId));
}

async function returned(shop: TestShop, intentId: string) {
  const [row] = await shop.database.db.select().from(returnedPayments).where(eq(returnedPayments.paymentIntentId, intentId));
  return row ?? null;
}

async function systemRefundAudits(shop: TestShop, intentId: string) {
  const rows = await shop.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'order.refund'));
  return rows.filter((row) => row.subject.includes(intentId));
}

async function counted(shop: TestShop, name: 'sprocket_refunds_total' | 'sprocket_refunded_cents_total'): Promise<number> {
  const metric = await shop.deps.metrics.registry.getSingleMetric(name)?.get();
  return metric?.values.find((value) => value.labels.source === 'automatic')?.value ?? 0;
}

async function paymentEmails(shop: TestShop, bookingId: string): Promise<number> {
  const rows = await shop.database.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, 'payment_received')));
  return rows.length;
}

/** The provider has refunded all of the intent: not one more cent can be refunded. */
async function expectWhollyRefunded(shop: TestShop, intentId: string) {
  await expect(stripeFor(shop).refunds.create({ payment_intent: intentId, amount: 1 })).rejects.toMatchObject({
    code: 'charge_already_refunded',
  });
}

/** The payment that paid the order is still held: an admin can refund the order's share of it. */
async function expectKept(shop: TestShop, admin: TestUser, bookingId: string) {
  const { transactionId } = await bookingRow(shop, bookingId);
  expect(await returned(shop, transactionId ?? '')).toBeNull();
  await expect(shop.caller(admin.user).bookings.refund({ id: bookingId })).resolves.toMatchObject({
    status: 'refunded',
    transaction: transactionId,
  });
}

describe('a basket paid after one of its orders was cancelled', () => {
  /** The cancel raced the card: the basket's intent succeeded, then the order was cancelled and the basket closed. */
  async function basketPaidAfterCancel(customer: TestUser, shop: TestShop) {
    const [first, second] = await twoOrders(shop, customer);
    const { checkoutId, intent } = await openBasket(shop, customer, [first, second]);
    await payInBrowser(shop, intent);
    await shop.database.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: 'customer' })
      .where(eq(bookings.id, first));
    await shop.database.db.update(checkouts).set({ status: 'closed' }).where(eq(checkouts.id, checkoutId));
    return { first, second, checkoutId, intent };
  }

  test('is refunded whole at the provider, once however often the event comes, and no order is paid', async ({ shop, customer }) => {
    const { first, second, checkoutId, intent } = await basketPaidAfterCancel(customer, shop);
    const refundsBefore = await counted(shop, 'sprocket_refunds_total');
    const centsBefore = await counted(shop, 'sprocket_refunded_cents_total');
    const event = await succeededEvent(shop, intent.id);

    const delivered = await deliverWebhook(shop, event);
    const again = await deliverWebhook(shop, event);
    const anotherEvent = await deliverWebhook(shop, await succeededEvent(shop, intent.id));

    expect(delivered.json()).toEqual({ received: true, outcome: 'refunded_automatically' });
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(anotherEvent.json()).toEqual({ received: true, outcome: 'refunded_automatically' });
    const row = await returned(shop, intent.id);
    expect(row).toMatchObject({ checkoutId, bookingId: null, amountCents: 47_02 });
    expect(await stripeFor(shop).refunds.retrieve(row?.refundId ?? '')).toMatchObject({
      status: 'succeeded',
      amount: 47_02,
      payment_intent: intent.id,
      metadata: { checkoutId },
    });
    await expectWhollyRefunded(shop, intent.id);
    expect(await bookingRow(shop, first)).toMatchObject({ status: 'cancelled', transactionId: null, refundId: null });
    expect(await bookingRow(shop, second)).toMatchObject({ status: 'unpaid', transactionId: null, paidAt: null });
    expect(await paymentEmails(shop, second)).toBe(0);
    const audits = await systemRefundAudits(shop, intent.id);
    expect(audits).toEqual([expect.objectContaining({ actorId: null, actorEmail: 'system' })]);
    expect(audits[0]?.subject).toContain(`basket ${checkoutId}`);
    expect(audits[0]?.subject).toContain(`$47.02 refunded as ${row?.refundId ?? ''}`);
    expect(await counted(shop, 'sprocket_refunds_total')).toBe(refundsBefore + 1);
    expect(await counted(shop, 'sprocket_refunded_cents_total')).toBe(centsBefore + 47_02);
  });

  test('is answered 503 while the provider is away, remembered by nobody, and refunded on the retry', async ({ shop, customer }) => {
    const { second, checkoutId, intent } = await basketPaidAfterCancel(customer, shop);
    const event = await succeededEvent(shop, intent.id);
    const app = await appWithPayments(shop, await unreachablePayments());

    try {
      const response = await deliverWebhook({ ...shop, app }, event);

      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: messages.refundsUnavailable } });
    } finally {
      await app.close();
    }
    expect(await recordedEvent(shop, event.id)).toBeNull();
    expect(await returned(shop, intent.id)).toBeNull();

    const retried = await deliverWebhook(shop, event);

    expect(retried.json()).toEqual({ received: true, outcome: 'refunded_automatically' });
    expect(await returned(shop, intent.id)).toMatchObject({ checkoutId });
    await expectWhollyRefunded(shop, intent.id);
    expect(await bookingRow(shop, second)).toMatchObject({ status: 'unpaid' });
  });

  test('is left to an operator when the provider refuses the refund, as for a payment refunded by hand', async ({
    shop,
    customer,
  }) => {
    const { intent } = await basketPaidAfterCancel(customer, shop);
    await stripeFor(shop).refunds.create({ payment_intent: intent.id });
    const event = await succeededEvent(shop, intent.id);

    const response = await deliverWebhook(shop, event);

    expect(response.json()).toEqual({ received: true, outcome: 'refund_refused' });
    expect(await recordedEvent(shop, event.id)).not.toBeNull();
    expect(await returned(shop, intent.id)).toBeNull();
  });
});

describe('one order paid in a basket in one window and alone in another', () => {
  /** Both windows' intents took the money at the provider; the server has settled neither yet. */
  async function paidTwice(customer: TestUser, shop: TestShop) {
    const [first, second] = await twoOrders(shop, customer);
    const basket = await openBasket(shop, customer, [first, second]);
    const alone = await ownIntentAlongside(shop, first);
    await payInBrowser(shop, basket.intent);
    await payInBrowser(shop, alone);
    return { first, second, basket, alone };
  }

  test('keeps the basket’s payment and refunds the order’s own when the basket settled first', async ({ shop, customer, admin }) => {
    const { first, second, basket, alone } = await paidTwice(customer, shop);
    expect((await deliverWebhook(shop, await succeededEvent(shop, basket.intent.id))).statusCode).toBe(200);
    const refundsBefore = await counted(shop, 'sprocket_refunds_total');
    const event = await succeededEvent(shop, alone.id);

    const delivered = await deliverWebhook(shop, event);
    const again = await deliverWebhook(shop, event);

    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toEqual({ received: true, outcome: 'refunded_automatically' });
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    for (const id of [first, second]) {
      expect(await bookingRow(shop, id)).toMatchObject({ status: 'paid', transactionId: basket.intent.id, refundId: null });
      expect(await paymentEmails(shop, id)).toBe(1);
    }
    const row = await returned(shop, alone.id);
    expect(row).toMatchObject({ bookingId: first, checkoutId: null, amountCents: 37_02 });
    expect(await stripeFor(shop).refunds.retrieve(row?.refundId ?? '')).toMatchObject({
      status: 'succeeded',
      amount: 37_02,
      payment_intent: alone.id,
      metadata: { secondPaymentOfBookingId: first },
    });
    await expectWhollyRefunded(shop, alone.id);
    expect(await systemRefundAudits(shop, alone.id)).toEqual([expect.objectContaining({ actorEmail: 'system' })]);
    expect(await counted(shop, 'sprocket_refunds_total')).toBe(refundsBefore + 1);
    // The provider's event of that refund is the shop's own: not recorded as made outside the shop.
    const refunded = JSON.parse(JSON.stringify(await stripeFor(shop).refunds.retrieve(row?.refundId ?? ''))) as unknown;
    expect((await deliverWebhook(shop, eventFor('refund.created', refunded))).json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await outsideRefundAudits(shop, row?.refundId ?? '')).toEqual([]);
    // The browser's word for the refunded payment is a clear 409, never a 500.
    await expect(shop.caller(customer.user).bookings.markPaid({ id: first, transactionId: alone.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderAlreadyPaid,
    });
    // The booking's own refund key was left free: the basket's payment can still be refunded for it.
    await expectKept(shop, admin, first);
  });

  test('keeps the order’s own payment and refunds the basket’s when the order settled first, leaving the other unpaid', async ({
    shop,
    customer,
    admin,
  }) => {
    const { first, second, basket, alone } = await paidTwice(customer, shop);
    await shop.caller(customer.user).bookings.markPaid({ id: first, transactionId: alone.id });

    const delivered = await deliverWebhook(shop, await succeededEvent(shop, basket.intent.id));

    expect(delivered.json()).toEqual({ received: true, outcome: 'refunded_automatically' });
    expect(await bookingRow(shop, first)).toMatchObject({ status: 'paid', transactionId: alone.id });
    expect(await bookingRow(shop, second)).toMatchObject({ status: 'unpaid', transactionId: null });
    expect(await returned(shop, basket.intent.id)).toMatchObject({ checkoutId: basket.checkoutId, amountCents: 47_02 });
    await expectWhollyRefunded(shop, basket.intent.id);
    await expectKept(shop, admin, first);
  });

  test('pays the order once and refunds the other payment when both events arrive at the same moment', async ({
    shop,
    customer,
    admin,
  }) => {
    const { first, basket, alone } = await paidTwice(customer, shop);

    const responses = await Promise.all([
      deliverWebhook(shop, await succeededEvent(shop, basket.intent.id)),
      deliverWebhook(shop, await succeededEvent(shop, alone.id)),
    ]);

    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(responses.map((response) => response.json<{ outcome: string }>().outcome).sort()).toEqual([
      'handled',
      'refunded_automatically',
    ]);
    const paid = await bookingRow(shop, first);
    expect(paid.status).toBe('paid');
    expect(await paymentEmails(shop, first)).toBe(1);
    const kept = paid.transactionId ?? '';
    const given = kept === alone.id ? basket.intent.id : alone.id;
    expect([alone.id, basket.intent.id]).toContain(kept);
    await expectWhollyRefunded(shop, given);
    const rows = await shop.database.db
      .select()
      .from(returnedPayments)
      .where(inArray(returnedPayments.paymentIntentId, [alone.id, basket.intent.id]));
    expect(rows.map((row) => row.paymentIntentId)).toEqual([given]);
    await expectKept(shop, admin, first);
  });

  test('is forgotten while the provider is away, so the provider’s retry refunds the second payment', async ({ shop, customer }) => {
    const { first, basket, alone } = await paidTwice(customer, shop);
    expect((await deliverWebhook(shop, await succeededEvent(shop, basket.intent.id))).statusCode).toBe(200);
    const event = await succeededEvent(shop, alone.id);
    const view = await shop.deps.payments.retrieveIntent(alone.id);
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
    expect(await returned(shop, alone.id)).toBeNull();
    expect((await deliverWebhook(shop, event)).json()).toEqual({ received: true, outcome: 'refunded_automatically' });
    await expectWhollyRefunded(shop, alone.id);
    expect(await bookingRow(shop, first)).toMatchObject({ status: 'paid', transactionId: basket.intent.id });
  });
});
