// A customer's orders over the public API v1 through app.inject, with a signed-in session as the
// bearer: placing an unpaid order of given lines (its stock held, the payment page's address in the
// answer and the email), reading and cancelling it, and another customer's order answering 404.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { describe, expect, test } from '../testing/fixtures';
import { apiErrorSchema } from '../../shared/public-api/errors';
import { orderPageSchema, orderQuoteSchema, orderSchema, placedOrderSchema } from '../../shared/public-api/order';
import { cartLines, emailOutbox, orders, priceBreaks } from '../db/schema';
import { renderQueuedEmail } from '../domains/email/render-queued-email';
import { berlinConsumer, fillCart, partFor, PHONE, rateId, stockOf } from '../testing/checkout';
import { TEST_SHOP_URL, type TestShop, type TestUser } from '../testing/test-shop';

async function call(shop: TestShop, who: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object | string) {
  const response = await shop.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });
  return { status: response.statusCode, body: response.json<unknown>() };
}

function expectPromised(schema: z.ZodType, body: unknown) {
  expect(schema.parse(body)).toEqual(body);
}

/** An id no part has. */
const SOME_ID = '6f1c2a9e-8b7d-4c55-9a0e-2d6f4b1e7a10';

/** A part in 11 speeds at 49.00 (5 in stock), and its variant in 12 speeds at 69.00 (4 in stock). */
async function partIn11SpeedsWith12(shop: TestShop, admin: TestUser) {
  const part = await shop.createTool({ priceCents: 49_00, available: 5, minimumOrderQuantity: 1, optionValues: { speeds: '11' } });
  const twelve = await shop.caller(admin.user).tools.addVariant({
    partId: part.id,
    optionValues: { speeds: '12' },
    sku: `api-${part.id.slice(0, 8)}`,
    price: 69,
    available: 4,
    minimumOrderQuantity: 1,
  });
  return { part, twelve };
}

async function orderRequest(shop: TestShop, lines: unknown) {
  return { address: berlinConsumer, phone: PHONE, shippingRateId: await rateId(shop, 'Standard (2–3 days)'), lines };
}

describe('POST /api/v1/orders', () => {
  test('places an unpaid order of the lines, holds their stock, and leaves the cart alone', async ({ shop, customer }) => {
    const chain = await shop.createTool({ priceCents: 20_00, available: 10, minimumOrderQuantity: 1 });
    const inCart = await shop.createTool({ priceCents: 5_00, available: 10 });
    await fillCart(shop, customer, [{ toolId: inCart.id, quantity: 1 }]);

    const placed = await call(shop, customer, 'POST', '/api/v1/orders', await orderRequest(shop, [{ partId: chain.id, quantity: 3 }]));
    expect(placed.status).toBe(201);
    expectPromised(placedOrderSchema, placed.body);
    const order = placedOrderSchema.parse(placed.body);
    expect(order).toMatchObject({ status: 'unpaid', lines: [{ partId: chain.id, quantity: 3, unitPrice: 20 }] });
    expect(order.paymentUrl).toBe(`${TEST_SHOP_URL}/orders/${order.id}/pay`);
    expect(await stockOf(shop, chain.id)).toBe(7);
    expect(
      await shop.database.db.select({ toolId: cartLines.toolId }).from(cartLines).where(eq(cartLines.userId, customer.user.id)),
    ).toEqual([{ toolId: inCart.id }]);

    // The order-placed email leads to the same payment page.
    const [queued] = await shop.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.orderId, order.id), eq(emailOutbox.kind, 'order_placed')));
    const email = await renderQueuedEmail(shop.deps, { ...queued!, bookingId: null });
    expect(email.text).toContain(order.paymentUrl);
    expect(email.html).toContain(order.paymentUrl);
  });

  test('books the variant a line names, and refuses a variant of another part with 404', async ({ shop, customer, admin }) => {
    const { part, twelve } = await partIn11SpeedsWith12(shop, admin);
    const other = await shop.createTool();
    const placed = await call(
      shop,
      customer,
      'POST',
      '/api/v1/orders',
      await orderRequest(shop, [{ partId: part.id, variantId: twelve.id, quantity: 2 }]),
    );
    expect(placed.status).toBe(201);
    expect(placedOrderSchema.parse(placed.body).lines).toMatchObject([
      { partId: part.id, variantId: twelve.id, unitPrice: 69, quantity: 2 },
    ]);
    expect(await stockOf(shop, twelve.id)).toBe(2);

    const mismatched = await call(
      shop,
      customer,
      'POST',
      '/api/v1/orders',
      await orderRequest(shop, [{ partId: other.id, variantId: twelve.id, quantity: 1 }]),
    );
    expect(mismatched.status).toBe(404);
    expectPromised(apiErrorSchema, mismatched.body);
    expect(await stockOf(shop, twelve.id)).toBe(2);
  });

  test('refuses more than the stock with 409 and changes nothing', async ({ shop, customer }) => {
    const scarce = await shop.createTool({ available: 2, minimumOrderQuantity: 1 });
    const before = await shop.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, customer.user.id));
    const refused = await call(
      shop,
      customer,
      'POST',
      '/api/v1/orders',
      await orderRequest(shop, [{ partId: scarce.id, quantity: 3 }]),
    );
    expect(refused.status).toBe(409);
    expect(apiErrorSchema.parse(refused.body).error.code).toBe('CONFLICT');
    expect(await stockOf(shop, scarce.id)).toBe(2);
    expect(await shop.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, customer.user.id))).toEqual(before);
  });

  test.for([
    ['no lines', []],
    ['a line without a part', [{ quantity: 1 }]],
    ['a quantity of 0', [{ partId: SOME_ID, quantity: 0 }]],
    [
      'the same part twice',
      [
        { partId: SOME_ID, quantity: 1 },
        { partId: SOME_ID, quantity: 1 },
      ],
    ],
    ['lines that are no list', 'three chains'],
  ] as const)('refuses %s with 400', async ([, lines], { shop, customer }) => {
    const refused = await call(shop, customer, 'POST', '/api/v1/orders', await orderRequest(shop, lines));
    expect(refused.status).toBe(400);
    expect(apiErrorSchema.parse(refused.body).error.code).toBe('BAD_REQUEST');
  });

  test('refuses a body that is no object, and a caller without key or session', async ({ shop, customer }) => {
    expect((await call(shop, customer, 'POST', '/api/v1/orders', [1, 2])).status).toBe(400);
    const anonymous = await call(shop, null, 'POST', '/api/v1/orders', await orderRequest(shop, [{ partId: SOME_ID, quantity: 1 }]));
    expect(anonymous.status).toBe(401);
    const signedOut = await call(shop, null, 'GET', '/api/v1/orders');
    expect(signedOut.status).toBe(401);
    expect(apiErrorSchema.parse(signedOut.body).error.code).toBe('UNAUTHORIZED');
  });
});

describe('POST /api/v1/orders/quote', () => {
  test('prices the lines with the methods offered, holds nothing, and its total is what placing charges', async ({
    shop,
    customer,
  }) => {
    const headset = await partFor(shop, 39_00, 20);
    await shop.database.db.insert(priceBreaks).values({ toolId: headset.id, minQuantity: 10, unitPriceCents: 35_00 });
    const lines = [{ partId: headset.id, quantity: 10 }];

    const quoted = await call(shop, customer, 'POST', '/api/v1/orders/quote', { country: 'DE', lines });
    expect(quoted.status).toBe(200);
    expectPromised(orderQuoteSchema, quoted.body);
    const quote = orderQuoteSchema.parse(quoted.body);
    expect(quote.lines).toEqual([
      { partId: headset.id, variantId: null, name: headset.name, quantity: 10, unitPrice: 35, lineTotal: 350, discount: 0 },
    ]);
    // 350.00 reaches Standard's free-shipping threshold of 150.00; Express still costs 14.90.
    expect(quote.shippingOptions.map((option) => [option.name, option.price, option.chosen])).toEqual([
      ['Standard (2–3 days)', 0, true],
      ['Express (next day)', 14.9, false],
    ]);
    expect(quote).toMatchObject({ taxRate: 19, total: 350, tax: 55.88, net: 294.12, reverseCharge: false });
    expect(await stockOf(shop, headset.id)).toBe(20);

    // Placing with a method the quote offered and its total as the expected one charges just that.
    const express = quote.shippingOptions.find((option) => !option.chosen)!;
    const requoted = orderQuoteSchema.parse(
      (await call(shop, customer, 'POST', '/api/v1/orders/quote', { country: 'DE', lines, shippingRateId: express.id })).body,
    );
    expect(requoted.total).toBe(364.9);
    const placed = await call(shop, customer, 'POST', '/api/v1/orders', {
      address: berlinConsumer,
      phone: PHONE,
      shippingRateId: express.id,
      expectedTotal: requoted.total,
      lines,
    });
    expect(placed.status).toBe(201);
    expect(placedOrderSchema.parse(placed.body)).toMatchObject({
      total: 364.9,
      shipping: { method: 'Express (next day)', amount: 14.9 },
    });
  });

  test('names a variant’s line by its part and variant', async ({ shop, customer, admin }) => {
    const { part, twelve } = await partIn11SpeedsWith12(shop, admin);
    const quoted = await call(shop, customer, 'POST', '/api/v1/orders/quote', {
      country: 'DE',
      lines: [{ partId: part.id, variantId: twelve.id, quantity: 2 }],
    });
    expect(orderQuoteSchema.parse(quoted.body).lines).toMatchObject([{ partId: part.id, variantId: twelve.id, unitPrice: 69 }]);
  });

  test('refuses a part not in the catalogue (404), more than the stock (409), and nobody (401)', async ({ shop, customer }) => {
    const scarce = await shop.createTool({ available: 2, minimumOrderQuantity: 1 });
    const quote = (lines: unknown, who: TestUser | null = customer) =>
      call(shop, who, 'POST', '/api/v1/orders/quote', { country: 'DE', lines });
    expect((await quote([{ partId: SOME_ID, quantity: 1 }])).status).toBe(404);
    const tooMany = await quote([{ partId: scarce.id, quantity: 3 }]);
    expect(tooMany.status).toBe(409);
    expectPromised(apiErrorSchema, tooMany.body);
    expect((await quote([{ partId: scarce.id, quantity: 1 }], null)).status).toBe(401);
    expect((await quote([])).status).toBe(400);
  });
});

describe('GET /api/v1/orders, GET /api/v1/orders/{id}, POST /api/v1/orders/{id}/cancel', () => {
  test('lists, reads and cancels the caller’s own orders; another customer’s answer 404', async ({
    shop,
    customer,
    otherCustomer,
  }) => {
    const part = await shop.createTool({ priceCents: 8_00, available: 5, minimumOrderQuantity: 1 });
    const placed = placedOrderSchema.parse(
      (await call(shop, customer, 'POST', '/api/v1/orders', await orderRequest(shop, [{ partId: part.id, quantity: 1 }]))).body,
    );

    const list = await call(shop, customer, 'GET', '/api/v1/orders?limit=100');
    expect(list.status).toBe(200);
    expectPromised(orderPageSchema, list.body);
    expect(orderPageSchema.parse(list.body).items.map((order) => order.id)).toContain(placed.id);

    const read = await call(shop, customer, 'GET', `/api/v1/orders/${placed.id}`);
    expect(read.status).toBe(200);
    expectPromised(orderSchema, read.body);

    for (const [method, url] of [
      ['GET', `/api/v1/orders/${placed.id}`],
      ['POST', `/api/v1/orders/${placed.id}/cancel`],
    ] as const) {
      const refused = await call(shop, otherCustomer, method, url);
      expect(refused.status).toBe(404);
      expect(apiErrorSchema.parse(refused.body).error.code).toBe('NOT_FOUND');
    }
    expect(await stockOf(shop, part.id)).toBe(4);

    const cancelled = await call(shop, customer, 'POST', `/api/v1/orders/${placed.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expectPromised(orderSchema, cancelled.body);
    expect(orderSchema.parse(cancelled.body).status).toBe('cancelled');
    expect(await stockOf(shop, part.id)).toBe(5);
  });

  test('refuses an order id that is no id with 400', async ({ shop, customer }) => {
    const refused = await call(shop, customer, 'GET', '/api/v1/orders/42');
    expect(refused.status).toBe(400);
    expectPromised(apiErrorSchema, refused.body);
  });
});
