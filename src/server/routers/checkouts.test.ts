// The basket: several unpaid orders paid with one PaymentIntent for their sum, confirmed at the
// payments emulator as the browser does and settled once, from the browser's word re-checked with
// the provider or from the signed webhook; a basket whose order was cancelled or expired can no
// longer be charged.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import { MAX_BASKET_ORDERS } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { bookings, checkoutBookings, checkouts, emailOutbox, paymentEvents, returnedPayments } from '../db/schema';
import { PaymentsUnavailableError, type PaymentEvent, type PaymentsGateway } from '../payments/payments-gateway';
import { cancelBooking } from '../domains/orders/cancellation';
import { closeCheckoutsOpenedMeanwhile, handleCheckoutEvent } from '../domains/checkout/basket';
import { expireStaleHolds } from '../domains/orders/hold-expiry';
import {
  ageBooking,
  bookPart,
  bookingRow,
  confirmInBrowser,
  deliverWebhook,
  eventFor,
  form,
  payInBrowser,
  providerIntent,
  recordingCaller,
  recordingPayments,
  stripeFor,
  type OpenedIntent,
} from '../testing/payments';
import type { TestShop, TestUser } from '../testing/test-shop';
import { createCaller } from '.';

/** Two unpaid orders of `who`: 3 × $12.34 and 2 × $5.00. */
async function twoOrders(shop: TestShop, customer: TestUser, who: TestUser = customer) {
  const first = await bookPart(shop, who, { priceCents: 12_34, quantity: 3 });
  const second = await bookPart(shop, who, { priceCents: 5_00, quantity: 2 });
  return [first.booking, second.booking] as const;
}

/** A checkout of the bookings with its intent, as the checkout page opens it. */
async function openBasket(shop: TestShop, who: TestUser, bookingIds: string[]): Promise<{ checkoutId: string; intent: OpenedIntent }> {
  const { checkoutId } = await shop.caller(who.user).checkouts.create({ bookingIds });
  const { paymentIntentId, clientSecret } = await shop.caller(who.user).checkouts.intent({ id: checkoutId });
  return { checkoutId, intent: { id: paymentIntentId, clientSecret } };
}

async function paymentEmails(shop: TestShop, bookingIds: string[]) {
  return shop.database.db
    .select({ bookingId: emailOutbox.bookingId })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.bookingId, bookingIds), eq(emailOutbox.kind, 'payment_received')));
}

async function expectAllUnpaid(shop: TestShop, bookingIds: string[]) {
  for (const id of bookingIds) {
    expect(await bookingRow(shop, id)).toMatchObject({ status: 'unpaid', transactionId: null, paidAt: null });
  }
}

async function expectPaidBy(shop: TestShop, bookingIds: string[], intentId: string) {
  for (const id of bookingIds) {
    expect(await bookingRow(shop, id)).toMatchObject({ status: 'paid', transactionId: intentId });
  }
  expect((await paymentEmails(shop, bookingIds)).map((email) => email.bookingId).sort()).toEqual([...bookingIds].sort());
}

describe('checkouts.basket', () => {
  test('lists only the caller’s unpaid orders, oldest first, with their total', async ({ shop, customer, otherCustomer }) => {
    const shopper = await shop.createUser('user');
    const [first, second] = await twoOrders(shop, customer, shopper);
    const cancelled = await bookPart(shop, shopper);
    await shop.caller(shopper.user).bookings.cancel({ id: cancelled.booking._id });
    await twoOrders(shop, customer, otherCustomer);

    const basket = await shop.caller(shopper.user).checkouts.basket();

    expect(basket.items.map((item) => item._id)).toEqual([first._id, second._id]);
    expect(basket.total).toBe(47.02);
    expect(basket.more).toBe(false);
  });

  test('shows the oldest orders a basket can pay, and says when more wait behind them', async ({ shop }) => {
    const shopper = await shop.createUser('user');
    const part = await shop.createTool({ minimumOrderQuantity: 1, available: 1_000 });
    const booked: string[] = [];
    const book = async () =>
      booked.push((await shop.caller(shopper.user).bookings.create({ toolsId: part.id, amount: 1, ...form }))._id);
    while (booked.length < MAX_BASKET_ORDERS) await book();

    const full = await shop.caller(shopper.user).checkouts.basket();
    expect(full.items.map((item) => item._id)).toEqual(booked);
    expect(full.more).toBe(false);

    await book();
    const overflowing = await shop.caller(shopper.user).checkouts.basket();
    expect(overflowing.items.map((item) => item._id)).toEqual(booked.slice(0, MAX_BASKET_ORDERS));
    expect(overflowing.more).toBe(true);
  });
});

describe('paying a basket', () => {
  test('charges one PaymentIntent for the sum and marks every order paid with its id after the browser confirms', async ({
    shop,
    customer,
  }) => {
    const [first, second] = await twoOrders(shop, customer);
    const ids = [first._id, second._id];
    const { checkoutId, intent } = await openBasket(shop, customer, ids);

    const atProvider = await stripeFor(shop).paymentIntents.retrieve(intent.id);
    expect(atProvider).toMatchObject({ amount: 47_02, currency: 'usd', metadata: { checkoutId } });
    await payInBrowser(shop, intent);
    const paid = await shop.caller(customer.user).checkouts.confirm({ id: checkoutId, transactionId: intent.id });

    expect(paid).toMatchObject({ _id: checkoutId, status: 'paid', total: 47.02, transaction: intent.id });
    await expect(shop.caller(customer.user).checkouts.intent({ id: checkoutId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.checkoutPaid,
    });
    expect(paid.items.map((item) => [item._id, item.paid, item.transaction])).toEqual([
      [first._id, true, intent.id],
      [second._id, true, intent.id],
    ]);
    await expectPaidBy(shop, ids, intent.id);
    // The single-order page shows the same transaction id.
    expect(await shop.caller(customer.user).bookings.byId({ id: first._id })).toMatchObject({ paid: true, transaction: intent.id });
    // A repeat changes nothing and queues no second receipt.
    await expect(shop.caller(customer.user).checkouts.confirm({ id: checkoutId, transactionId: intent.id })).resolves.toEqual(paid);
    expect(await paymentEmails(shop, ids)).toHaveLength(2);
    expect((await shop.caller(customer.user).checkouts.basket()).items.map((item) => item._id)).not.toContain(first._id);
  });

  test('settles from the signed webhook alone, once however often it is delivered', async ({ shop, customer }) => {
    const [first, second] = await twoOrders(shop, customer);
    const ids = [first._id, second._id];
    const { checkoutId, intent } = await openBasket(shop, customer, ids);
    await payInBrowser(shop, intent);
    const succeeded = eventFor('payment_intent.succeeded', await providerIntent(shop, intent.id));

    const delivered = await deliverWebhook(shop, succeeded);
    const again = await deliverWebhook(shop, succeeded);
    const anotherEvent = await deliverWebhook(shop, eventFor('payment_intent.succeeded', await providerIntent(shop, intent.id)));

    expect(delivered.json()).toEqual({ received: true, outcome: 'handled' });
    expect(again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(anotherEvent.json()).toEqual({ received: true, outcome: 'handled' });
    await expectPaidBy(shop, ids, intent.id);
    expect(await paymentEmails(shop, ids)).toHaveLength(2);
    // The browser's confirmation arriving late finds it paid.
    await expect(shop.caller(customer.user).checkouts.confirm({ id: checkoutId, transactionId: intent.id })).resolves.toMatchObject({
      status: 'paid',
    });
    expect(await paymentEmails(shop, ids)).toHaveLength(2);
  });

  test('pays every order once when the browser and the webhook settle at the same time, twice over', async ({ shop, customer }) => {
    const [first, second] = await twoOrders(shop, customer);
    const ids = [first._id, second._id];
    const { checkoutId, intent } = await openBasket(shop, customer, ids);
    await payInBrowser(shop, intent);
    const succeeded = eventFor('payment_intent.succeeded', await providerIntent(shop, intent.id));

    const results = await Promise.allSettled([
      shop.caller(customer.user).checkouts.confirm({ id: checkoutId, transactionId: intent.id }),
      shop.caller(customer.user).checkouts.confirm({ id: checkoutId, transactionId: intent.id }),
      deliverWebhook(shop, succeeded),
      deliverWebhook(shop, eventFor('payment_intent.succeeded', await providerIntent(shop, intent.id))),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    await expectPaidBy(shop, ids, intent.id);
    expect(await paymentEmails(shop, ids)).toHaveLength(2);
    const [row] = await shop.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(row).toMatchObject({ status: 'paid', paymentIntentId: intent.id });
  });

  test('closes an earlier basket of the same orders, so only the later one can take the money', async ({ shop, customer }) => {
    const [first, second] = await twoOrders(shop, customer);
    const ids = [first._id, second._id];
    const earlier = await openBasket(shop, customer, ids);

    const later = await openBasket(shop, customer, ids);

    expect(later.intent.id).not.toBe(earlier.intent.id);
    expect((await stripeFor(shop).paymentIntents.retrieve(earlier.intent.id)).status).toBe('canceled');
    const refused = await confirmInBrowser(shop, earlier.intent);
    expect(refused.status).toBe(400);
    await expectAllUnpaid(shop, ids);
    await payInBrowser(shop, later.intent);
    await shop.caller(customer.user).checkouts.confirm({ id: later.checkoutId, transactionId: later.intent.id });
    await expectPaidBy(shop, ids, later.intent.id);
    await expect(shop.caller(customer.user).checkouts.intent({ id: earlier.checkoutId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.checkoutClosed,
    });
  });

  test('takes one payment when two baskets of the same orders open at the same time', async ({ shop, customer }) => {
    const [first, second] = await twoOrders(shop, customer);
    const ids = [first._id, second._id];

    const opened = await Promise.allSettled([openBasket(shop, customer, ids), openBasket(shop, customer, ids)]);

    const intents = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    for (const result of opened) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'CONFLICT' });
    }
    const rows = await shop.database.db.select().from(checkouts).where(eq(checkouts.userId, customer.user.id));
    const payable = [];
    for (const row of rows.filter((checkout) => checkout.status === 'open' && checkout.paymentIntentId)) {
      const intent = await stripeFor(shop).paymentIntents.retrieve(row.paymentIntentId!);
      if (intent.status !== 'canceled' && intent.metadata.checkoutId === row.id) payable.push(row);
    }
    expect(payable.filter((row) => intents.some((opened) => opened.checkoutId === row.id))).toHaveLength(1);
    const charges = await Promise.all(intents.map(({ intent }) => confirmInBrowser(shop, intent)));
    expect(charges.map((charge) => charge.status).filter((status) => status === 200)).toHaveLength(1);
    const winner = intents[charges.findIndex((charge) => charge.status === 200)]!;
    await shop.caller(customer.user).checkouts.confirm({ id: winner.checkoutId, transactionId: winner.intent.id });
    await expectPaidBy(shop, ids, winner.intent.id);
  });

  test('closes the orders’ own open intents when a basket opens, and the basket when one is paid alone', async ({
    shop,
    customer,
  }) => {
    const [first, second] = await twoOrders(shop, customer);
    const alone = await shop.caller(customer.user).payments.createIntent({ bookingId: first._id });

    const basket = await openBasket(shop, customer, [first._id, second._id]);
    expect((await stripeFor(shop).paymentIntents.retrieve(alone.paymentIntentId)).status).toBe('canceled');

    const againAlone = await shop.caller(customer.user).payments.createIntent({ bookingId: first._id });
    expect((await stripeFor(shop).paymentIntents.retrieve(basket.intent.id)).status).toBe('canceled');
    await payInBrowser(shop, { id: againAlone.paymentIntentId, clientSecret: againAlone.clientSecret });
    await shop.caller(customer.user).bookings.markPaid({ id: first._id, transactionId: againAlone.paymentIntentId });
    expect(await bookingRow(shop, first._id)).toMatchObject({ status: 'paid', transactionId: againAlone.paymentIntentId });
    await expectAllUnpaid(shop, [second._id]);
  });

  test('leaves every order unpaid after a declined card, with the provider’s message', async ({ shop, customer }) => {
    const [first, second] = await twoOrders(shop, customer);
    const ids = [first._id, second._id];
    const { checkoutId, intent } = await openBasket(shop, customer, ids);

    const declined = await confirmInBrowser(shop, intent, { number: '4000000000000002' });

    expect(declined.status).toBe(402);
    expect(((await declined.json()) as { error: unknown }).error).toMatchObject({ message: 'Your card was declined.' });
    await expect(shop.caller(customer.user).checkouts.confirm({ id: checkoutId, transactionId: intent.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.paymentNotSucceeded,
    });
    const failed = await deliverWebhook(shop, eventFor('payment_intent.payment_failed', await providerIntent(shop, intent.id)));
    expect(failed.json()).toEqual({ received: true, outcome: 'handled' });
    await expectAllUnpaid(shop, ids);
    expect(await paymentEmails(shop, ids)).toHaveLength(0);
    // The same basket can still be paid with another card.
    await payInBrowser(shop, intent);
    await shop.caller(customer.user).checkouts.confirm({ id: checkoutId, transactionId: intent.id });
    await expectPaidBy(shop, ids, intent.id);
  });

  test('refuses an intent that is not the basket’s with 400 and changes nothing', async ({ shop, customer }) => {
    const [first, second] = await twoOrders(shop, customer);
    const { checkoutId, intent } = await openBasket(shop, customer, [first._id]);
    const other = await openBasket(shop, customer, [second._id]);
    await payInBrowser(shop, other.intent);

    await expect(
      shop.caller(customer.user).checkouts.confirm({ id: checkoutId, transactionId: other.intent.id }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.paymentMismatch,
    });
    await expectAllUnpaid(shop, [first._id]);
    expect(intent.id).not.toBe(other.intent.id);
  });

  test('answers 503 and leaves no basket open while the provider cannot make its intent', async ({ shop, customer }) => {
    const shopper = await shop.createUser('user');
    const [first, second] = await twoOrders(shop, customer, shopper);
    const ids = [first._id, second._id];
    const away: PaymentsGateway = {
      ...shop.deps.payments,
      createCheckoutIntent: () => Promise.reject(new PaymentsUnavailableError('connection refused')),
    };
    const caller = createCaller({ deps: { ...shop.deps, payments: away }, user: shopper.user, session: 'valid' });

    await expect(caller.checkouts.create({ bookingIds: ids })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

    const baskets = await shop.database.db
      .select({ status: checkouts.status })
      .from(checkouts)
      .where(eq(checkouts.userId, shopper.user.id));
    expect(baskets).toEqual([{ status: 'closed' }]);
    await expectAllUnpaid(shop, ids);
    // Once the provider answers, the same orders go into a new basket.
    const { intent } = await openBasket(shop, shopper, ids);
    expect(intent.id).toMatch(/^pi_/);
  });

  test('pays nothing from a signed event whose intent differs from the basket’s in its id, amount or currency', async ({
    shop,
    customer,
  }) => {
    const [first, second] = await twoOrders(shop, customer);
    const ids = [first._id, second._id];
    const { intent } = await openBasket(shop, customer, ids);
    await payInBrowser(shop, intent);
    const genuine = await providerIntent(shop, intent.id);

    for (const altered of [
      { ...genuine, id: 'pi_notthebasketsintent0000' },
      { ...genuine, amount: genuine.amount - 1 },
      { ...genuine, currency: 'eur' },
    ]) {
      expect((await deliverWebhook(shop, eventFor('payment_intent.succeeded', altered))).statusCode).toBe(200);
      await expectAllUnpaid(shop, ids);
    }
    expect((await deliverWebhook(shop, eventFor('payment_intent.succeeded', genuine))).statusCode).toBe(200);
    await expectPaidBy(shop, ids, intent.id);
  });
});

describe('a basket whose order is cancelled or expires', () => {
  const cancelOne: Array<{
    label: string;
    cancel: (shop: TestShop, admin: TestUser, bookingId: string, who: TestUser) => Promise<unknown>;
    reason: string;
  }> = [
    {
      label: 'the customer cancels',
      cancel: (shop, _admin, id, who) => shop.caller(who.user).bookings.cancel({ id }),
      reason: 'customer',
    },
    { label: 'an admin cancels', cancel: (shop, admin, id) => shop.caller(admin.user).bookings.cancel({ id }), reason: 'admin' },
    {
      label: 'its hold expires',
      cancel: async (shop, _admin, id) => {
        await ageBooking(shop, id, 25);
        await expireStaleHolds(shop.database.db, shop.deps.payments, { olderThanMs: 24 * 3_600_000 });
      },
      reason: 'expired',
    },
    {
      label: 'the customer’s account is removed',
      cancel: (shop, admin, _id, who) => shop.caller(admin.user).users.remove({ id: who.user.id }),
      reason: 'account_removed',
    },
  ];

  test.for(cancelOne)(
    'closes the basket’s intent when $label, so nothing can be charged',
    async ({ cancel, reason }, { shop, customer, admin }) => {
      const shopper = await shop.createUser('user');
      const [first, second] = await twoOrders(shop, customer, shopper);
      const { checkoutId, intent } = await openBasket(shop, shopper, [first._id, second._id]);

      await cancel(shop, admin, first._id, shopper);

      expect(await bookingRow(shop, first._id)).toMatchObject({ status: 'cancelled', cancelReason: reason });
      expect((await stripeFor(shop).paymentIntents.retrieve(intent.id)).status).toBe('canceled');
      const charged = await confirmInBrowser(shop, intent);
      expect(charged.status).toBe(400);
      expect((await stripeFor(shop).paymentIntents.retrieve(intent.id)).status).toBe('canceled');
      if (reason !== 'account_removed') {
        await expect(shop.caller(shopper.user).checkouts.intent({ id: checkoutId })).rejects.toMatchObject({
          code: 'CONFLICT',
          message: messages.checkoutClosed,
        });
        await expect(shop.caller(shopper.user).checkouts.byId({ id: checkoutId })).resolves.toMatchObject({ status: 'closed' });
      }
      expect(await bookingRow(shop, second._id)).toMatchObject({ transactionId: null });
    },
  );

  test('changes nothing while the provider cannot close the basket’s intent', async ({ shop, customer }) => {
    const [first, second] = await twoOrders(shop, customer);
    const { checkoutId, intent } = await openBasket(shop, customer, [first._id, second._id]);
    const unreachable: PaymentsGateway = {
      ...shop.deps.payments,
      cancelIntent: () => Promise.reject(new PaymentsUnavailableError('connection refused')),
    };

    await expect(
      cancelBooking(shop.database.db, unreachable, await bookingRow(shop, first._id), { reason: 'customer' }),
    ).rejects.toBeInstanceOf(PaymentsUnavailableError);

    await expectAllUnpaid(shop, [first._id, second._id]);
    expect((await stripeFor(shop).paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
    await expect(shop.caller(customer.user).checkouts.byId({ id: checkoutId })).resolves.toMatchObject({ status: 'open' });
  });

  test('lets the other orders be paid in a new basket', async ({ shop, customer }) => {
    const [first, second] = await twoOrders(shop, customer);
    await openBasket(shop, customer, [first._id, second._id]);
    await shop.caller(customer.user).bookings.cancel({ id: first._id });

    const { checkoutId, intent } = await openBasket(shop, customer, [second._id]);
    await payInBrowser(shop, intent);
    await shop.caller(customer.user).checkouts.confirm({ id: checkoutId, transactionId: intent.id });

    await expectPaidBy(shop, [second._id], intent.id);
    expect((await stripeFor(shop).paymentIntents.retrieve(intent.id)).amount).toBe(10_00);
  });

  test('refuses the cancel and settles the basket when its card payment already went through', async ({ shop, customer }) => {
    const [first, second] = await twoOrders(shop, customer);
    const { intent } = await openBasket(shop, customer, [first._id, second._id]);
    await payInBrowser(shop, intent);

    await expect(shop.caller(customer.user).bookings.cancel({ id: first._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderAlreadyPaid,
    });

    await expectPaidBy(shop, [first._id, second._id], intent.id);
  });

  test('settles the basket instead of expiring its order when the card payment already went through', async ({ shop, customer }) => {
    const [first, second] = await twoOrders(shop, customer);
    const { intent } = await openBasket(shop, customer, [first._id, second._id]);
    await payInBrowser(shop, intent);
    await ageBooking(shop, first._id, 25);

    const outcome = await expireStaleHolds(shop.database.db, shop.deps.payments, { olderThanMs: 24 * 3_600_000 });

    expect(outcome).toMatchObject({ settledPaid: 1, failed: 0 });
    await expectPaidBy(shop, [first._id, second._id], intent.id);
  });

  test('refuses to pay a basket whose order a payment elsewhere made no longer unpaid, closing its intent', async ({
    shop,
    customer,
  }) => {
    const [first, second] = await twoOrders(shop, customer);
    const { checkoutId, intent } = await openBasket(shop, customer, [first._id, second._id]);
    // Paid by some other means the basket did not see (written straight to the database).
    await shop.database.db
      .update(bookings)
      .set({ status: 'paid', transactionId: 'pi_test_paid_elsewhere', paidAt: new Date() })
      .where(eq(bookings.id, second._id));

    await expect(shop.caller(customer.user).checkouts.intent({ id: checkoutId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.checkoutClosed,
    });
    expect((await stripeFor(shop).paymentIntents.retrieve(intent.id)).status).toBe('canceled');
  });
});

describe('who may open and pay a basket', () => {
  test('refuses another customer’s order with 403 and opens nothing', async ({ shop, customer, otherCustomer }) => {
    const [mine] = await twoOrders(shop, customer);
    const [theirs] = await twoOrders(shop, customer, otherCustomer);
    const before = await shop.database.db.select({ id: checkouts.id }).from(checkouts);

    await expect(shop.caller(customer.user).checkouts.create({ bookingIds: [mine._id, theirs._id] })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.notYourOrder,
    });

    expect(await shop.database.db.select({ id: checkouts.id }).from(checkouts)).toHaveLength(before.length);
    await expectAllUnpaid(shop, [mine._id, theirs._id]);
  });

  test('refuses a paid or cancelled order with 409, an unknown one with 404, and bad lists with 400', async ({ shop, customer }) => {
    const [first, second] = await twoOrders(shop, customer);
    const { checkoutId, intent } = await openBasket(shop, customer, [first._id]);
    await payInBrowser(shop, intent);
    await shop.caller(customer.user).checkouts.confirm({ id: checkoutId, transactionId: intent.id });
    const cancelled = await bookPart(shop, customer);
    await shop.caller(customer.user).bookings.cancel({ id: cancelled.booking._id });
    const create = (bookingIds: string[]) => shop.caller(customer.user).checkouts.create({ bookingIds });

    await expect(create([first._id, second._id])).rejects.toMatchObject({ code: 'CONFLICT', message: messages.basketOrderNotUnpaid });
    await expect(create([cancelled.booking._id])).rejects.toMatchObject({ code: 'CONFLICT', message: messages.basketOrderNotUnpaid });
    await expect(create(['5f0c6a56-0b7a-4c3e-9a43-3c1f9d9f0c11'])).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(create([])).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.basketNeedsOrders });
    await expect(create([second._id, second._id])).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.basketOrdersRepeated,
    });
    await expectAllUnpaid(shop, [second._id]);
  });

  test('shows and pays a basket only for its owner', async ({ shop, customer, otherCustomer, admin }) => {
    const [first] = await twoOrders(shop, customer);
    const { checkoutId, intent } = await openBasket(shop, customer, [first._id]);
    await payInBrowser(shop, intent);

    for (const who of [otherCustomer, admin]) {
      await expect(shop.caller(who.user).checkouts.byId({ id: checkoutId })).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(shop.caller(who.user).checkouts.confirm({ id: checkoutId, transactionId: intent.id })).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: messages.checkoutNotYours,
      });
    }
    await expect(shop.caller(null).checkouts.basket()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expectAllUnpaid(shop, [first._id]);
  });
});

describe('what a basket costs the provider', () => {
  test('answers a paid basket’s page, and its confirmation repeated, without asking the provider', async ({ shop, customer }) => {
    const [first] = await twoOrders(shop, customer);
    const { checkoutId, intent } = await openBasket(shop, customer, [first._id]);
    await payInBrowser(shop, intent);
    await shop.caller(customer.user).checkouts.confirm({ id: checkoutId, transactionId: intent.id });
    const { caller, calls } = recordingCaller(shop, customer);

    await expect(caller.checkouts.intent({ id: checkoutId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.checkoutPaid,
    });
    await caller.checkouts.confirm({ id: checkoutId, transactionId: intent.id });
    await expect(caller.checkouts.confirm({ id: checkoutId, transactionId: 'pi_notthisbasketsintent00' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.paymentMismatch,
    });

    expect(calls).toEqual([]);
    await expectPaidBy(shop, [first._id], intent.id);
  });

  test('answers a closed basket’s page without asking the provider', async ({ shop, customer }) => {
    const [first] = await twoOrders(shop, customer);
    const earlier = await openBasket(shop, customer, [first._id]);
    await openBasket(shop, customer, [first._id]);
    const { caller, calls } = recordingCaller(shop, customer);

    await expect(caller.checkouts.intent({ id: earlier.checkoutId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.checkoutClosed,
    });
    expect(calls).toEqual([]);
  });

  test('refuses a basket of a paid order, or one too large to pay, before asking the provider anything', async ({
    shop,
    customer,
  }) => {
    const [first, second] = await twoOrders(shop, customer);
    const { checkoutId, intent } = await openBasket(shop, customer, [first._id]);
    await payInBrowser(shop, intent);
    await shop.caller(customer.user).checkouts.confirm({ id: checkoutId, transactionId: intent.id });
    const { caller, calls } = recordingCaller(shop, customer);

    await expect(caller.checkouts.create({ bookingIds: [first._id, second._id] })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.basketOrderNotUnpaid,
    });
    // Over the most one payment may take (a shop whose hold limits allow it): raised in the database.
    const [third, fourth] = await twoOrders(shop, customer);
    await shop.database.db
      .update(bookings)
      .set({ totalCents: 50_000_000 })
      .where(inArray(bookings.id, [third._id, fourth._id]));
    await expect(caller.checkouts.create({ bookingIds: [third._id, fourth._id] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.basketTooLarge,
    });
    expect(calls).toEqual([]);
    await expectAllUnpaid(shop, [second._id, third._id, fourth._id]);
  });
});

describe('a basket whose payment the provider already knows more about', () => {
  test('settles the basket instead of showing its card form when the card was already charged', async ({ shop, customer }) => {
    const [first, second] = await twoOrders(shop, customer);
    const { checkoutId, intent } = await openBasket(shop, customer, [first._id, second._id]);
    await payInBrowser(shop, intent);

    await expect(shop.caller(customer.user).checkouts.intent({ id: checkoutId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.checkoutPaid,
    });
    await expectPaidBy(shop, [first._id, second._id], intent.id);
  });

  test('closes the basket when the provider no longer lets its intent be paid', async ({ shop, customer }) => {
    const [first] = await twoOrders(shop, customer);
    const { checkoutId, intent } = await openBasket(shop, customer, [first._id]);
    await stripeFor(shop).paymentIntents.cancel(intent.id);

    await expect(shop.caller(customer.user).checkouts.intent({ id: checkoutId })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.checkoutClosed,
    });
    await expect(shop.caller(customer.user).checkouts.byId({ id: checkoutId })).resolves.toMatchObject({ status: 'closed' });
    await expectAllUnpaid(shop, [first._id]);
  });

  test('refuses a basket of an order its own card payment already paid, settling that payment', async ({ shop, customer }) => {
    const { booking } = await bookPart(shop, customer);
    const own = await shop.caller(customer.user).payments.createIntent({ bookingId: booking._id });
    await payInBrowser(shop, { id: own.paymentIntentId, clientSecret: own.clientSecret });
    const { caller, calls } = recordingCaller(shop, customer);

    await expect(caller.checkouts.create({ bookingIds: [booking._id] })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.basketOrderNotUnpaid,
    });
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', transactionId: own.paymentIntentId });
    expect(calls).not.toContain('createCheckoutIntent');
  });

  test('refuses a new basket of orders an earlier basket’s card payment already paid, settling that basket', async ({
    shop,
    customer,
  }) => {
    const [first, second] = await twoOrders(shop, customer);
    const earlier = await openBasket(shop, customer, [first._id, second._id]);
    await payInBrowser(shop, earlier.intent);

    await expect(shop.caller(customer.user).checkouts.create({ bookingIds: [first._id, second._id] })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.basketOrderNotUnpaid,
    });
    await expectPaidBy(shop, [first._id, second._id], earlier.intent.id);
  });

  test('refuses to pay an order alone when its basket’s card payment already paid it', async ({ shop, customer }) => {
    const [first, second] = await twoOrders(shop, customer);
    const { intent } = await openBasket(shop, customer, [first._id, second._id]);
    await payInBrowser(shop, intent);
    const { caller, calls } = recordingCaller(shop, customer);

    await expect(caller.payments.createIntent({ bookingId: first._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderAlreadyPaid,
    });
    await expectPaidBy(shop, [first._id, second._id], intent.id);
    expect(calls).not.toContain('createIntent');
  });

  test('refuses a basket whose order is cancelled while its intent is being made, and closes that intent', async ({
    shop,
    customer,
  }) => {
    const [first, second] = await twoOrders(shop, customer);
    let madeIntentId = '';
    // A cancel that gets to the orders while the provider makes the basket's intent.
    const payments: PaymentsGateway = {
      ...shop.deps.payments,
      createCheckoutIntent: async (request) => {
        await shop.database.db
          .update(bookings)
          .set({ status: 'cancelled', cancelledAt: new Date() })
          .where(eq(bookings.id, second._id));
        const made = await shop.deps.payments.createCheckoutIntent(request);
        madeIntentId = made.id;
        return made;
      },
    };
    const caller = createCaller({ deps: { ...shop.deps, payments }, user: customer.user, session: 'valid' });

    await expect(caller.checkouts.create({ bookingIds: [first._id, second._id] })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.basketOrderNotUnpaid,
    });
    expect((await stripeFor(shop).paymentIntents.retrieve(madeIntentId)).status).toBe('canceled');
    // The basket was stored before its intent was made; it is closed, and never names that intent.
    const baskets = await shop.database.db
      .select({ status: checkouts.status, paymentIntentId: checkouts.paymentIntentId })
      .from(checkouts)
      .innerJoin(checkoutBookings, eq(checkoutBookings.checkoutId, checkouts.id))
      .where(eq(checkoutBookings.bookingId, first._id));
    expect(baskets).toEqual([{ status: 'closed', paymentIntentId: null }]);
    await expectAllUnpaid(shop, [first._id]);
  });

  test('closes, after a cancel, a basket of the order that got its intent while the cancel ran', async ({ shop, customer }) => {
    const [first, second] = await twoOrders(shop, customer);
    const { checkoutId, intent } = await openBasket(shop, customer, [first._id, second._id]);
    // Another basket of it is still being opened: stored, but without its intent yet.
    const [opening] = await shop.database.db
      .insert(checkouts)
      .values({ userId: customer.user.id, totalCents: 1 })
      .returning({ id: checkouts.id });
    await shop.database.db.insert(checkoutBookings).values({ checkoutId: opening!.id, bookingId: first._id });
    // The cancel statement has run; the basket opened meanwhile still has its intent.
    await shop.database.db.update(bookings).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(bookings.id, first._id));

    await closeCheckoutsOpenedMeanwhile(shop.database.db, shop.deps.payments, first._id);

    await expect(shop.caller(customer.user).checkouts.byId({ id: checkoutId })).resolves.toMatchObject({ status: 'closed' });
    expect((await stripeFor(shop).paymentIntents.retrieve(intent.id)).status).toBe('canceled');
    const [stillOpening] = await shop.database.db
      .select({ status: checkouts.status })
      .from(checkouts)
      .where(eq(checkouts.id, opening!.id));
    expect(stillOpening).toEqual({ status: 'closed' });
  });

  test('refuses a confirmation naming another intent, or one the provider does not know, with 400', async ({ shop, customer }) => {
    const [first, second] = await twoOrders(shop, customer);
    const { checkoutId, intent } = await openBasket(shop, customer, [first._id]);
    const other = await openBasket(shop, customer, [second._id]);
    const { caller, calls } = recordingCaller(shop, customer);

    await expect(caller.checkouts.confirm({ id: checkoutId, transactionId: other.intent.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.paymentMismatch,
    });
    expect(calls).toEqual([]);

    const unknown = 'pi_unknowntotheprovider00';
    await shop.database.db.update(checkouts).set({ paymentIntentId: unknown }).where(eq(checkouts.id, checkoutId));
    await expect(caller.checkouts.confirm({ id: checkoutId, transactionId: unknown })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.paymentMismatch,
    });
    await expectAllUnpaid(shop, [first._id]);
    expect(intent.id).not.toBe(unknown);
  });

  test('opens a basket of orders without intents of their own with one provider call', async ({ shop, customer }) => {
    const [first, second] = await twoOrders(shop, customer);
    const { caller, calls } = recordingCaller(shop, customer);

    await caller.checkouts.create({ bookingIds: [first._id, second._id] });

    expect(calls).toEqual(['createCheckoutIntent']);
  });
});

describe('signed events about a basket', () => {
  const handle = (shop: TestShop, event: PaymentEvent) =>
    handleCheckoutEvent(shop.database.db, shop.deps.payments, shop.deps.metrics, event);
  const eventId = () => `evt_basket_${Math.random().toString(36).slice(2)}`;

  async function paidBasketIntent(shop: TestShop, customer: TestUser) {
    const [first, second] = await twoOrders(shop, customer);
    const ids = [first._id, second._id];
    const { checkoutId, intent } = await openBasket(shop, customer, ids);
    await payInBrowser(shop, intent);
    const view = await shop.deps.payments.retrieveIntent(intent.id);
    if (!view) throw new Error('the provider lost the intent');
    return { ids, checkoutId, view };
  }

  async function recorded(shop: TestShop, id: string) {
    return shop.database.db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, id));
  }

  test('ignores, without recording, an event with no intent, one naming no basket, and one of another type', async ({
    shop,
    customer,
  }) => {
    const { ids, view } = await paidBasketIntent(shop, customer);
    const ignored: PaymentEvent[] = [
      { id: eventId(), type: 'payment_intent.succeeded', intent: null, refund: null },
      { id: eventId(), type: 'payment_intent.succeeded', intent: { ...view, checkoutId: null }, refund: null },
      { id: eventId(), type: 'payment_intent.created', intent: view, refund: null },
    ];
    for (const event of ignored) {
      expect(await handle(shop, event)).toBe('ignored');
      expect(await recorded(shop, event.id)).toEqual([]);
    }
    await expectAllUnpaid(shop, ids);
  });

  test('records but ignores an event naming a basket that is not the shop’s, or no id at all', async ({ shop, customer }) => {
    const { ids, view } = await paidBasketIntent(shop, customer);
    for (const checkoutId of ['5f0c6a56-0b7a-4c3e-9a43-3c1f9d9f0c11', 'not-a-basket-id']) {
      const event: PaymentEvent = { id: eventId(), type: 'payment_intent.succeeded', intent: { ...view, checkoutId }, refund: null };
      expect(await handle(shop, event)).toBe('ignored');
      expect(await recorded(shop, event.id)).toHaveLength(1);
    }
    await expectAllUnpaid(shop, ids);
  });

  test('handles an event whose intent does not match the basket without paying or refunding anything', async ({ shop, customer }) => {
    const { ids, view } = await paidBasketIntent(shop, customer);
    const { payments, calls } = recordingPayments(shop);
    const altered: PaymentEvent = {
      id: eventId(),
      type: 'payment_intent.succeeded',
      intent: { ...view, amountCents: view.amountCents - 1 },
      refund: null,
    };

    expect(await handleCheckoutEvent(shop.database.db, payments, shop.deps.metrics, altered)).toBe('handled');

    await expectAllUnpaid(shop, ids);
    expect(calls).toEqual([]);
    expect(await shop.database.db.select().from(returnedPayments).where(eq(returnedPayments.paymentIntentId, view.id))).toEqual([]);
  });

  test('refunds nothing when settling fails for a reason other than a closed basket, and lets the event come again', async ({
    shop,
    customer,
  }) => {
    const { ids, checkoutId, view } = await paidBasketIntent(shop, customer);
    const { payments, calls } = recordingPayments(shop);
    // The database refuses to mark this basket paid, as a failure mid-settlement would.
    const db = shop.database.db;
    await db.execute(
      sql.raw(`create function refuse_settling() returns trigger language plpgsql as $$
        begin raise exception 'settling refused by the test'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_settling before update on checkouts for each row
        when (new.id = '${checkoutId}') execute function refuse_settling()`),
    );
    const event: PaymentEvent = { id: eventId(), type: 'payment_intent.succeeded', intent: view, refund: null };
    try {
      const failure = await handleCheckoutEvent(db, payments, shop.deps.metrics, event).then(
        () => null,
        (error: unknown) => error,
      );
      expect(String((failure as Error | null)?.cause)).toMatch(/settling refused by the test/);
    } finally {
      await db.execute(sql.raw('drop trigger refuse_settling on checkouts'));
      await db.execute(sql.raw('drop function refuse_settling()'));
    }

    expect(calls).toEqual([]);
    await expectAllUnpaid(shop, ids);
    expect(await recorded(shop, event.id)).toEqual([]);
    expect(await shop.database.db.select().from(returnedPayments).where(eq(returnedPayments.paymentIntentId, view.id))).toEqual([]);
  });

  test('handles an event that says succeeded about an intent that has not, paying nothing', async ({ shop, customer }) => {
    const [first] = await twoOrders(shop, customer);
    const { intent } = await openBasket(shop, customer, [first._id]);
    const unpaid = await shop.deps.payments.retrieveIntent(intent.id);
    if (!unpaid) throw new Error('the provider lost the intent');

    expect(await handle(shop, { id: eventId(), type: 'payment_intent.succeeded', intent: unpaid, refund: null })).toBe('handled');
    await expectAllUnpaid(shop, [first._id]);
  });
});
