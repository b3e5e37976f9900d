// Checkout: the cart priced for where it goes (EU VAT, shipping zones, price breaks, discount
// codes), placed as one order whose lines are bookings, held until its deadline, paid with one
// PaymentIntent at the payments emulator, and closed whole when cancelled or expired.
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import { orderMessages } from '../../shared/order-messages';
import {
  bookings,
  cartLines,
  discountUses,
  emailOutbox,
  orders,
  priceBreaks,
  shippingZoneCountries,
  shopSettings,
} from '../db/schema';
import { expireLapsedOrders } from '../domains/checkout/order-closing';
import {
  addDiscountCode,
  berlinConsumer,
  fillCart,
  LYON_VAT_ID,
  lyonBikeShop,
  openForCheckout,
  partFor,
  payOrder,
  PHONE,
  rateId,
  stockOf,
} from '../testing/checkout';
import { deliverWebhook, eventFor, payInBrowser, providerIntent } from '../testing/payments';

async function emailsOf(shop: Parameters<typeof openForCheckout>[0], orderId: string) {
  return shop.database.db.select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
}

describe('orders.quote', () => {
  test('prices a German consumer’s cart with VAT included, the cheapest shipping and the price break', async ({ shop, customer }) => {
    await openForCheckout(shop);
    const headset = await partFor(shop, 39_00);
    await shop.database.db.insert(priceBreaks).values({ toolId: headset.id, minQuantity: 10, unitPriceCents: 35_00 });
    await fillCart(shop, customer, [{ toolId: headset.id, quantity: 10 }]);

    const quote = await shop.caller(customer.user).orders.quote({ country: 'DE' });

    expect(quote.lines).toMatchObject([{ toolsId: headset.id, quantity: 10, unitPrice: 35, lineTotal: 350 }]);
    // 350.00 reaches the free-shipping threshold of 150.00 for Standard; Express still costs 14.90.
    expect(quote.shippingOptions.map((option) => [option.name, option.price, option.chosen])).toEqual([
      ['Standard (2–3 days)', 0, true],
      ['Express (next day)', 14.9, false],
    ]);
    expect(quote).toMatchObject({ taxTreatment: 'domestic', taxRate: 19, total: 350, tax: 55.88, net: 294.12, reverseCharge: false });
  });

  test('charges a French bike shop with a French VAT ID no VAT (reverse charge), net of the German VAT', async ({
    shop,
    customer,
  }) => {
    await openForCheckout(shop);
    const part = await partFor(shop, 119_00);
    await fillCart(shop, customer, [{ toolId: part.id, quantity: 2 }]);

    const quote = await shop.caller(customer.user).orders.quote({ country: 'FR', vatId: LYON_VAT_ID });

    expect(quote).toMatchObject({ taxTreatment: 'reverse_charge', reverseCharge: true, tax: 0, vatId: LYON_VAT_ID });
    // 238.00 with 19 % German VAT is 200.00 net; EU standard shipping 12.90 is 10.84 net.
    expect(quote.net).toBe(210.84);
    expect(quote.total).toBe(210.84);
  });

  test('does not count a VAT ID from another country than the one shipped to', async ({ shop, customer }) => {
    await openForCheckout(shop);
    const part = await partFor(shop, 10_00);
    await fillCart(shop, customer, [{ toolId: part.id, quantity: 1 }]);

    const quote = await shop.caller(customer.user).orders.quote({ country: 'AT', vatId: LYON_VAT_ID });

    expect(quote).toMatchObject({ taxTreatment: 'eu_shop_rate', vatId: null, taxRate: 19 });
  });

  test('refuses an empty cart and a country without a shipping zone, and sells abroad tax-free as an export', async ({ shop }) => {
    await openForCheckout(shop);
    const shopper = await shop.createUser('user');
    await expect(shop.caller(shopper.user).orders.quote({ country: 'DE' })).rejects.toThrow(orderMessages.cartEmpty);
    const part = await partFor(shop, 10_00);
    await fillCart(shop, shopper, [{ toolId: part.id, quantity: 1 }]);

    await expect(shop.caller(shopper.user).orders.quote({ country: 'US' })).resolves.toMatchObject({ taxTreatment: 'export', tax: 0 });
    await shop.database.db.delete(shippingZoneCountries).where(eq(shippingZoneCountries.country, 'NO'));
    await expect(shop.caller(shopper.user).orders.quote({ country: 'NO' })).rejects.toThrow(orderMessages.noShippingTo('NO'));
  });

  test('refuses to sell while the shop has no legal name for its invoices', async ({ shop }) => {
    await openForCheckout(shop);
    const shopper = await shop.createUser('user');
    const part = await partFor(shop, 10_00);
    await fillCart(shop, shopper, [{ toolId: part.id, quantity: 1 }]);
    const [settings] = await shop.database.db.select({ legalName: shopSettings.legalName }).from(shopSettings);
    await shop.database.db.update(shopSettings).set({ legalName: '' });
    try {
      await expect(shop.caller(shopper.user).orders.quote({ country: 'DE' })).rejects.toThrow(orderMessages.shopNotReady);
    } finally {
      await shop.database.db.update(shopSettings).set({ legalName: settings?.legalName ?? '' });
    }
  });
});

describe('orders.place', () => {
  test('turns the cart into one order: lines as bookings, stock taken, code held, cart emptied, one email', async ({
    shop,
    customer,
  }) => {
    await openForCheckout(shop);
    const first = await partFor(shop, 39_00);
    const second = await partFor(shop, 12_50);
    await addDiscountCode(shop, { code: 'SPRING15', value: 15_00 });
    await fillCart(shop, customer, [
      { toolId: first.id, quantity: 3 },
      { toolId: second.id, quantity: 2 },
    ]);
    const shippingRateId = await rateId(shop, 'Standard (2–3 days)');
    const quote = await shop.caller(customer.user).orders.quote({ country: 'DE', shippingRateId, discountCode: 'spring15' });

    const placedAt = Date.now();
    const order = await shop.caller(customer.user).orders.place({
      address: berlinConsumer,
      phone: PHONE,
      shippingRateId,
      discountCode: 'spring15',
      expectedTotal: quote.total,
    });

    expect(order.number).toMatch(/^SP-1\d{4,}$/);
    expect(order).toMatchObject({ status: 'unpaid', total: quote.total, subtotal: 142, discount: { code: 'SPRING15', amount: 21.3 } });
    // 142.00 − 15 % (21.30) + standard shipping 5.90, VAT included.
    expect(order.total).toBe(126.6);
    expect(new Date(order.heldUntil).getTime() - placedAt).toBeGreaterThan(29 * 60_000);
    expect(new Date(order.heldUntil).getTime() - placedAt).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    expect(order.lines.map((line) => [line.toolsId, line.quantity, line.status]).sort()).toEqual(
      [
        [first.id, 3, 'unpaid'],
        [second.id, 2, 'unpaid'],
      ].sort(),
    );
    expect(await stockOf(shop, first.id)).toBe(97);
    expect(await stockOf(shop, second.id)).toBe(98);
    expect(await shop.database.db.select().from(cartLines).where(eq(cartLines.userId, customer.user.id))).toEqual([]);
    expect(await emailsOf(shop, order._id)).toEqual([{ kind: 'order_placed' }]);
    const [use] = await shop.database.db
      .select({ status: discountUses.status })
      .from(discountUses)
      .where(eq(discountUses.orderId, order._id));
    expect(use?.status).toBe('held');
    // One intent for the whole order, for its total.
    const [stored] = await shop.database.db.select({ intent: orders.paymentIntentId }).from(orders).where(eq(orders.id, order._id));
    const intent = await providerIntent(shop, stored?.intent ?? '');
    expect(intent.amount).toBe(Math.round(order.total * 100));
    expect(intent.metadata).toEqual({ orderId: order._id });
  });

  test('refuses a total that changed since the customer looked, and changes nothing', async ({ shop }) => {
    await openForCheckout(shop);
    const shopper = await shop.createUser('user');
    const part = await partFor(shop, 20_00);
    await fillCart(shop, shopper, [{ toolId: part.id, quantity: 2 }]);
    const shippingRateId = await rateId(shop, 'Standard (2–3 days)');

    await expect(
      shop.caller(shopper.user).orders.place({ address: berlinConsumer, phone: PHONE, shippingRateId, expectedTotal: 1 }),
    ).rejects.toThrow(orderMessages.totalChanged);

    expect(await stockOf(shop, part.id)).toBe(100);
    expect(await shop.database.db.select().from(orders).where(eq(orders.userId, shopper.user.id))).toEqual([]);
  });

  test('refuses a line beyond the stock, naming the part', async ({ shop }) => {
    await openForCheckout(shop);
    const shopper = await shop.createUser('user');
    const part = await partFor(shop, 20_00, 3);
    await fillCart(shop, shopper, [{ toolId: part.id, quantity: 4 }]);
    const shippingRateId = await rateId(shop, 'Standard (2–3 days)');

    await expect(shop.caller(shopper.user).orders.place({ address: berlinConsumer, phone: PHONE, shippingRateId })).rejects.toThrow(
      orderMessages.quantityUnavailable(part.name, 3),
    );
    expect(await stockOf(shop, part.id)).toBe(3);
  });

  test('gives a code’s last use to exactly one of two checkouts at once', async ({ shop }) => {
    await openForCheckout(shop);
    await addDiscountCode(shop, { code: 'LASTONE', maxUses: 1 });
    const part = await partFor(shop, 50_00, 1_000);
    const shippingRateId = await rateId(shop, 'Standard (2–3 days)');
    const shoppers = [await shop.createUser('user'), await shop.createUser('user')];
    for (const shopper of shoppers) await fillCart(shop, shopper, [{ toolId: part.id, quantity: 3 }]);

    const results = await Promise.allSettled(
      shoppers.map((shopper) =>
        shop.caller(shopper.user).orders.place({ address: berlinConsumer, phone: PHONE, shippingRateId, discountCode: 'LASTONE' }),
      ),
    );

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(String(refused?.reason)).toContain(orderMessages.discountUsedUp);
    expect(await stockOf(shop, part.id)).toBe(997);
  });
});

describe('paying an order', () => {
  test('marks the order and every line paid with one intent, spends the code, one payment email', async ({ shop, customer }) => {
    await openForCheckout(shop);
    const part = await partFor(shop, 30_00);
    await fillCart(shop, customer, [{ toolId: part.id, quantity: 5 }]);
    const shippingRateId = await rateId(shop, 'Standard (2–3 days)');
    const order = await shop
      .caller(customer.user)
      .orders.place({ address: berlinConsumer, phone: PHONE, shippingRateId, discountCode: 'WELCOME10' });

    const paid = await payOrder(shop, customer, order);

    expect(paid.status).toBe('paid');
    expect(paid.transaction).toMatch(/^pi_/);
    expect(paid.lines.every((line) => line.status === 'paid')).toBe(true);
    const lines = await shop.database.db
      .select({ transactionId: bookings.transactionId })
      .from(bookings)
      .where(eq(bookings.orderId, order._id));
    expect(lines).toEqual([{ transactionId: paid.transaction }]);
    expect((await emailsOf(shop, order._id)).map((email) => email.kind).sort()).toEqual(['order_placed', 'payment_received']);
    const [use] = await shop.database.db
      .select({ status: discountUses.status })
      .from(discountUses)
      .where(eq(discountUses.orderId, order._id));
    expect(use?.status).toBe('spent');
  });

  test('refuses to pay a line of an order on its own', async ({ shop }) => {
    await openForCheckout(shop);
    const shopper = await shop.createUser('user');
    const part = await partFor(shop, 30_00);
    await fillCart(shop, shopper, [{ toolId: part.id, quantity: 1 }]);
    const order = await shop.caller(shopper.user).orders.place({
      address: berlinConsumer,
      phone: PHONE,
      shippingRateId: await rateId(shop, 'Standard (2–3 days)'),
    });
    const bookingId = order.lines[0]?.bookingId ?? '';

    await expect(shop.caller(shopper.user).payments.createIntent({ bookingId })).rejects.toThrow(orderMessages.payLineWithOrder);
  });

  test('settles from the signed webhook alone, once however often it comes', async ({ shop }) => {
    await openForCheckout(shop);
    const shopper = await shop.createUser('user');
    const part = await partFor(shop, 30_00);
    await fillCart(shop, shopper, [{ toolId: part.id, quantity: 1 }]);
    const order = await shop.caller(shopper.user).orders.place({
      address: berlinConsumer,
      phone: PHONE,
      shippingRateId: await rateId(shop, 'Express (next day)'),
    });
    const { paymentIntentId, clientSecret } = await shop.caller(shopper.user).orders.intent({ id: order._id });
    await payInBrowser(shop, { id: paymentIntentId, clientSecret });
    const event = eventFor('payment_intent.succeeded', await providerIntent(shop, paymentIntentId));

    expect((await deliverWebhook(shop, event)).statusCode).toBe(200);
    expect((await deliverWebhook(shop, event)).statusCode).toBe(200);

    expect(await shop.caller(shopper.user).orders.byId({ id: order._id })).toMatchObject({
      status: 'paid',
      transaction: paymentIntentId,
    });
    expect((await emailsOf(shop, order._id)).filter((email) => email.kind === 'payment_received')).toHaveLength(1);
  });
});

describe('closing an order', () => {
  test('cancelling one line cancels the whole order, returns the stock and releases the code', async ({ shop }) => {
    await openForCheckout(shop);
    const shopper = await shop.createUser('user');
    const first = await partFor(shop, 30_00);
    const second = await partFor(shop, 40_00);
    await fillCart(shop, shopper, [
      { toolId: first.id, quantity: 4 },
      { toolId: second.id, quantity: 1 },
    ]);
    const order = await shop.caller(shopper.user).orders.place({
      address: berlinConsumer,
      phone: PHONE,
      shippingRateId: await rateId(shop, 'Standard (2–3 days)'),
      discountCode: 'WELCOME10',
    });
    const { paymentIntentId } = await shop.caller(shopper.user).orders.intent({ id: order._id });

    await shop.caller(shopper.user).bookings.cancel({ id: order.lines[0]?.bookingId ?? '' });

    const closed = await shop.caller(shopper.user).orders.byId({ id: order._id });
    expect(closed.status).toBe('cancelled');
    expect(closed.lines.map((line) => line.status)).toEqual(['cancelled', 'cancelled']);
    expect(await stockOf(shop, first.id)).toBe(100);
    expect(await stockOf(shop, second.id)).toBe(100);
    expect((await providerIntent(shop, paymentIntentId)).status).toBe('canceled');
    const [use] = await shop.database.db
      .select({ status: discountUses.status })
      .from(discountUses)
      .where(eq(discountUses.orderId, order._id));
    expect(use?.status).toBe('released');
    expect((await emailsOf(shop, order._id)).map((email) => email.kind).sort()).toEqual(['cancelled', 'order_placed']);
  });

  test('expires an order whose hold passed: the stock comes back and it can no longer be paid', async ({ shop }) => {
    await openForCheckout(shop);
    const shopper = await shop.createUser('user');
    const part = await partFor(shop, 25_00);
    await fillCart(shop, shopper, [{ toolId: part.id, quantity: 2 }]);
    const order = await shop.caller(shopper.user).orders.place({
      address: lyonBikeShop,
      phone: PHONE,
      vatId: LYON_VAT_ID,
      shippingRateId: await rateId(shop, 'Standard (3–6 days)'),
    });
    await shop.database.db
      .update(orders)
      .set({ heldUntil: new Date(Date.now() - 1_000) })
      .where(eq(orders.id, order._id));

    const outcome = await expireLapsedOrders(shop.database.db, shop.deps.payments, new Date());

    expect(outcome).toMatchObject({ expired: 1, failed: 0 });
    expect(await shop.caller(shopper.user).orders.byId({ id: order._id })).toMatchObject({ status: 'expired' });
    expect(await stockOf(shop, part.id)).toBe(100);
    await expect(shop.caller(shopper.user).orders.intent({ id: order._id })).rejects.toThrow(orderMessages.orderClosed('expired'));
    const expiredLines = await shop.database.db
      .select({ reason: bookings.cancelReason })
      .from(bookings)
      .where(and(eq(bookings.orderId, order._id), eq(bookings.status, 'cancelled')));
    expect(expiredLines).toEqual([{ reason: 'expired' }]);
  });
});
