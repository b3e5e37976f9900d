// Book Now and SPEC's POST /booking place a one-line order: taxed as a sale in the shop's country,
// no shipping, held for the booking hold, paid on SPEC's payment page through the order's intent,
// invoiced when paid and refunded with a credit note, so nothing is sold without tax.
import { eq, or } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import { orderMessages } from '../../shared/order-messages';
import { bookings, emailOutbox, orders, shopSettings, taxRates, tools } from '../db/schema';
import { partFor, pdfText } from '../testing/checkout';
import { ageBooking, deliverWebhook, eventFor, form, openIntent, payInBrowser, providerIntent } from '../testing/payments';
import { expireLapsedOrders } from '../domains/checkout/order-closing';
import type { TestShop, TestUser } from '../testing/test-shop';

async function bookNow(shop: TestShop, who: TestUser, priceCents: number, quantity: number) {
  const part = await partFor(shop, priceCents);
  const booking = await shop.caller(who.user).bookings.create({ toolsId: part.id, amount: quantity, ...form });
  return { part, booking };
}

async function orderOf(shop: TestShop, id: string | null) {
  if (!id) throw new Error('the booking has no order');
  const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new Error(`no order ${id}`);
  return order;
}

/** The emails queued about the booking or its order. */
async function emailsAbout(shop: TestShop, booking: { _id: string; orderId: string | null }) {
  return shop.database.db
    .select({ kind: emailOutbox.kind, bookingId: emailOutbox.bookingId, orderId: emailOutbox.orderId })
    .from(emailOutbox)
    .where(or(eq(emailOutbox.bookingId, booking._id), eq(emailOutbox.orderId, booking.orderId ?? booking._id)));
}

/** Runs `body` with the shop's settings changed, and puts them back: the file's tests share one shop. */
async function withSettings(shop: TestShop, change: Partial<typeof shopSettings.$inferInsert>, body: () => Promise<void>) {
  const [before] = await shop.database.db.select().from(shopSettings);
  await shop.database.db.update(shopSettings).set(change);
  try {
    await body();
  } finally {
    if (before) await shop.database.db.update(shopSettings).set(before);
  }
}

describe('Book Now places a one-line order', () => {
  test('taxed at the shop’s rate inside the price, no shipping, held for 24 hours, with the booking email', async ({
    shop,
    customer,
  }) => {
    const { booking } = await bookNow(shop, customer, 119_00, 2);

    expect(booking).toMatchObject({ price: 238, orderChannel: 'book_now', status: 'unpaid' });
    const order = await orderOf(shop, booking.orderId);
    expect(order).toMatchObject({
      channel: 'book_now',
      status: 'unpaid',
      taxTreatment: 'domestic',
      taxRateBasisPoints: 1900,
      subtotalCents: 238_00,
      shippingCents: 0,
      netCents: 200_00,
      taxCents: 38_00,
      totalCents: 238_00,
      shipLine1: form.address,
      shipCountry: 'DE',
    });
    expect(order.heldUntil.getTime() - (await bookingCreatedAt(shop, booking._id))).toBe(24 * 3_600_000);
    const [line] = await shop.database.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(line).toMatchObject({ orderId: order.id, taxCents: 38_00, chargedCents: 238_00, discountCents: 0 });
    expect(await emailsAbout(shop, booking)).toEqual([{ kind: 'booking', bookingId: booking._id, orderId: null }]);
  });

  test('adds the tax on top when the shop enters prices without it, and the payment charges that', async ({ shop, customer }) => {
    await withSettings(shop, { pricesIncludeTax: false }, async () => {
      const { booking } = await bookNow(shop, customer, 100_00, 1);

      expect(await orderOf(shop, booking.orderId)).toMatchObject({ netCents: 100_00, taxCents: 19_00, totalCents: 119_00 });
      const opened = await shop.caller(customer.user).payments.createIntent({ bookingId: booking._id, price: 100 });
      expect(opened.amount).toBe(119);
    });
  });

  test('is refused whole when the shop has no tax rate for its own country: no booking, no stock taken', async ({
    shop,
    customer,
  }) => {
    const [german] = await shop.database.db.delete(taxRates).where(eq(taxRates.country, 'DE')).returning();
    const part = await partFor(shop, 10_00, 5);
    try {
      await expect(shop.caller(customer.user).bookings.create({ toolsId: part.id, amount: 2, ...form })).rejects.toMatchObject({
        code: 'PRECONDITION_FAILED',
        message: orderMessages.noTaxRate('DE'),
      });
    } finally {
      if (german) await shop.database.db.insert(taxRates).values(german);
    }

    expect(await shop.database.db.select().from(bookings).where(eq(bookings.toolId, part.id))).toEqual([]);
    const [stock] = await shop.database.db.select({ available: tools.available }).from(tools).where(eq(tools.id, part.id));
    expect(stock?.available).toBe(5);
  });

  test('is refused while the shop has no legal name to invoice with', async ({ shop, customer }) => {
    const part = await partFor(shop, 10_00);
    await withSettings(shop, { legalName: '' }, async () => {
      await expect(shop.caller(customer.user).bookings.create({ toolsId: part.id, amount: 1, ...form })).rejects.toThrow(
        orderMessages.shopNotReady,
      );
    });
  });
});

describe('a Book Now order unpaid', () => {
  test('is cancelled whole by SPEC’s Cancel: the stock comes back and one cancelled email goes', async ({ shop, customer }) => {
    const { part, booking } = await bookNow(shop, customer, 10_00, 3);

    await shop.caller(customer.user).bookings.cancel({ id: booking._id });

    expect(await orderOf(shop, booking.orderId)).toMatchObject({ status: 'cancelled' });
    expect(await stockOf(shop, part.id)).toBe(100);
    expect((await emailsAbout(shop, booking)).map((email) => email.kind).sort()).toEqual(['booking', 'cancelled']);
  });

  test('expires when its 24 hours pass, and not before', async ({ shop, customer }) => {
    const { part, booking } = await bookNow(shop, customer, 10_00, 2);
    await ageBooking(shop, booking._id, 23);
    await expireLapsedOrders(shop.database.db, shop.deps.payments, new Date());
    expect(await orderOf(shop, booking.orderId)).toMatchObject({ status: 'unpaid' });

    await ageBooking(shop, booking._id, 2);
    await expireLapsedOrders(shop.database.db, shop.deps.payments, new Date());

    expect(await orderOf(shop, booking.orderId)).toMatchObject({ status: 'expired' });
    expect(await shop.caller(customer.user).bookings.byId({ id: booking._id })).toMatchObject({
      status: 'cancelled',
      state: 'expired',
    });
    expect(await stockOf(shop, part.id)).toBe(100);
  });
});

describe('paying a Book Now order on SPEC’s payment page', () => {
  test('pays the order’s one intent, marks booking and order paid, and issues the invoice without shipping', async ({
    shop,
    customer,
  }) => {
    const { booking } = await bookNow(shop, customer, 59_50, 2);
    const intent = await openIntent(shop, customer, booking._id);
    const order = await orderOf(shop, booking.orderId);
    expect(intent.id).toBe(order.paymentIntentId);

    await payInBrowser(shop, intent);
    const paid = await shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: intent.id });

    expect(paid).toMatchObject({ paid: true, transaction: intent.id, orderChannel: 'book_now' });
    expect(await orderOf(shop, booking.orderId)).toMatchObject({ status: 'paid' });
    const invoice = await shop.caller(customer.user).orders.invoice({ id: order.id });
    const text = await pdfText(invoice.pdfBase64);
    expect(text).toContain(`SP-${order.number}`);
    expect(text).toContain('119.00');
    expect(text).toContain('19.00');
    expect(text).not.toContain('Shipping');
    expect((await emailsAbout(shop, booking)).map((email) => email.kind).sort()).toEqual(['booking', 'payment_received']);
  });

  test('is settled by the provider’s webhook when the browser never says so', async ({ shop, customer }) => {
    const { booking } = await bookNow(shop, customer, 20_00, 1);
    const intent = await openIntent(shop, customer, booking._id);
    await payInBrowser(shop, intent);

    const delivered = await deliverWebhook(shop, eventFor('payment_intent.succeeded', await providerIntent(shop, intent.id)));

    expect(delivered.statusCode).toBe(200);
    expect(await shop.caller(customer.user).bookings.byId({ id: booking._id })).toMatchObject({ paid: true, transaction: intent.id });
    expect(await orderOf(shop, booking.orderId)).toMatchObject({ status: 'paid' });
  });

  test('an admin’s refund of the booking gives back its charge with a credit note', async ({ shop, customer, admin }) => {
    const { booking } = await bookNow(shop, customer, 23_80, 1);
    const intent = await openIntent(shop, customer, booking._id);
    await payInBrowser(shop, intent);
    await shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: intent.id });

    const refunded = await shop.caller(admin.user).bookings.refund({ id: booking._id });

    expect(refunded).toMatchObject({ status: 'refunded' });
    const afterSales = await shop.caller(customer.user).orders.afterSales({ id: booking.orderId ?? '' });
    expect(afterSales.refunds).toEqual([expect.objectContaining({ kind: 'line', amount: 23.8, tax: 3.8 })]);
    expect(afterSales.refunds[0]?.creditNote?.number).toMatch(/^CN-\d{4}-\d{6}$/);
  });

  test('a line of a checkout order is still paid only with its order', async ({ shop, customer }) => {
    const { booking } = await bookNow(shop, customer, 10_00, 1);
    await shop.database.db
      .update(orders)
      .set({ channel: 'checkout' })
      .where(eq(orders.id, booking.orderId ?? ''));
    await expect(shop.caller(customer.user).payments.createIntent({ bookingId: booking._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: orderMessages.payLineWithOrder,
    });
  });
});

async function stockOf(shop: TestShop, toolId: string): Promise<number | undefined> {
  const [part] = await shop.database.db.select({ available: tools.available }).from(tools).where(eq(tools.id, toolId));
  return part?.available;
}

async function bookingCreatedAt(shop: TestShop, id: string): Promise<number> {
  const [row] = await shop.database.db.select({ createdAt: bookings.createdAt }).from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error(`no booking ${id}`);
  return row.createdAt.getTime();
}
