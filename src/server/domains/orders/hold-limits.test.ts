// One customer cannot take the stock from everyone else: unpaid bookings, units and value held
// are capped per customer, the cap holds when bookings race, and paying, cancelling or the hold
// expiring frees the allowance again.
import { eq } from 'drizzle-orm';
import { describe, expect, test } from '../../testing/fixtures';
import { MAX_ORDER_TOTAL_CENTS } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { orderMessages } from '../../../shared/order-messages';
import { bookings } from '../../db/schema';
import { expireLapsedOrders } from '../checkout/order-closing';
import type { HoldLimits } from './hold-limits';
import { ageBooking, form, openIntent, payInBrowser } from '../../testing/payments';
import { stockOf } from '../../testing/booking-load';
import { berlinConsumer, fillCart, openForCheckout, PHONE, rateId } from '../../testing/checkout';
import { usingPostgres } from '../../testing/test-database';
import type { TestShop, TestUser } from '../../testing/test-shop';

const limits: HoldLimits = { bookings: 3, units: 20, valueCents: 500_00 };

test.override('shopOptions', { holdLimits: limits });

/** A part with plenty of stock at $10 a unit, bookable one unit at a time. */
const plentifulPart = (shop: TestShop, priceCents = 10_00) =>
  shop.createTool({ priceCents, minimumOrderQuantity: 1, available: 1_000 });

const book = (shop: TestShop, customer: TestUser, toolsId: string, amount: number) =>
  shop.caller(customer.user).bookings.create({ toolsId, amount, ...form });

async function unpaidOf(shop: TestShop, customer: TestUser) {
  const rows = await shop.database.db
    .select({ quantity: bookings.quantity, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.userId, customer.user.id));
  return rows.filter((row) => row.status === 'unpaid');
}

describe('hold limits per customer', () => {
  test('refuses a fourth unpaid booking with 412, saying to pay or cancel, and takes no stock', async ({ shop }) => {
    const customer = await shop.createUser();
    const part = await plentifulPart(shop);
    for (let i = 0; i < limits.bookings; i++) await book(shop, customer, part.id, 1);

    await expect(book(shop, customer, part.id, 1)).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: messages.holdLimitBookings(limits.bookings),
    });
    expect(messages.holdLimitBookings(3)).toMatch(/Pay or cancel an unpaid order/);
    expect(await stockOf(shop.database.db, part.id)).toBe(1_000 - limits.bookings);
    expect(await unpaidOf(shop, customer)).toHaveLength(limits.bookings);
  });

  test('answers POST /booking past the limit with 412 and the same sentence, never a 5xx', async ({ shop }) => {
    const customer = await shop.createUser();
    const part = await plentifulPart(shop);
    for (let i = 0; i < limits.bookings; i++) await book(shop, customer, part.id, 1);

    const response = await shop.app.inject({
      method: 'POST',
      url: '/booking',
      headers: customer.headers,
      payload: { toolsId: part.id, amount: 1, ...form },
    });
    expect(response.statusCode).toBe(412);
    expect(response.json()).toMatchObject({ error: { message: messages.holdLimitBookings(limits.bookings) } });
    const trpc = await shop.app.inject({
      method: 'POST',
      url: '/trpc/bookings.create',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ toolsId: part.id, amount: 1, ...form }),
    });
    expect(trpc.statusCode).toBe(412);
    expect(trpc.json()).toMatchObject({ error: { data: { code: 'PRECONDITION_FAILED' } } });
  });

  test('refuses a booking that would hold more units than allowed, but books up to the limit', async ({ shop }) => {
    const customer = await shop.createUser();
    const part = await plentifulPart(shop, 1_00);
    await book(shop, customer, part.id, 15);

    await expect(book(shop, customer, part.id, 6)).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: messages.holdLimitUnits(limits.units),
    });
    await book(shop, customer, part.id, 5);
    expect(await stockOf(shop.database.db, part.id)).toBe(1_000 - 20);
  });

  test('refuses a booking that would hold more value than allowed', async ({ shop }) => {
    const customer = await shop.createUser();
    const part = await plentifulPart(shop, 100_00);
    await book(shop, customer, part.id, 4);

    await expect(book(shop, customer, part.id, 2)).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: messages.holdLimitValue(limits.valueCents),
    });
    expect(messages.holdLimitValue(limits.valueCents)).toContain('$500.00');
    await book(shop, customer, part.id, 1);
    expect(await stockOf(shop.database.db, part.id)).toBe(1_000 - 5);
  });

  test('names the number of bookings first, then the units, when a booking would pass several limits', async ({ shop }) => {
    const customer = await shop.createUser();
    const part = await plentifulPart(shop, 100_00);
    await book(shop, customer, part.id, 2);
    await book(shop, customer, part.id, 2);
    // Value is at $400 of $500 and units at 4 of 20: 17 more units pass both.
    await expect(book(shop, customer, part.id, 17)).rejects.toMatchObject({ message: messages.holdLimitUnits(limits.units) });
    await book(shop, customer, part.id, 1);
    // Now three bookings are held as well: that is named, not the units or the value.
    await expect(book(shop, customer, part.id, 17)).rejects.toMatchObject({ message: messages.holdLimitBookings(limits.bookings) });
  });

  test('refuses a part priced at the largest payable total over the value limit, not as out of stock or too large', async ({
    shop,
  }) => {
    const customer = await shop.createUser();
    // The last unit, at exactly the most a card payment can be: bookable but for the value limit.
    const dear = await shop.createTool({ priceCents: MAX_ORDER_TOTAL_CENTS, minimumOrderQuantity: 1, available: 1 });

    await expect(book(shop, customer, dear.id, 1)).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: messages.holdLimitValue(limits.valueCents),
    });
    expect(await stockOf(shop.database.db, dear.id)).toBe(1);
  });

  test("counts only the customer's own holds: another customer still books", async ({ shop }) => {
    const greedy = await shop.createUser();
    const other = await shop.createUser();
    const part = await plentifulPart(shop);
    for (let i = 0; i < limits.bookings; i++) await book(shop, greedy, part.id, 1);

    await expect(book(shop, other, part.id, 1)).resolves.toMatchObject({ status: 'unpaid' });
  });

  test('still says out of stock, not the hold limit, when the part cannot be booked anyway', async ({ shop }) => {
    const customer = await shop.createUser();
    const part = await plentifulPart(shop);
    for (let i = 0; i < limits.bookings; i++) await book(shop, customer, part.id, 1);
    const scarce = await shop.createTool({ minimumOrderQuantity: 1, available: 1 });

    await expect(book(shop, customer, scarce.id, 2)).rejects.toMatchObject({ code: 'CONFLICT', message: messages.outOfStock(1) });
  });

  test('frees the allowance when an unpaid order is cancelled', async ({ shop }) => {
    const customer = await shop.createUser();
    const part = await plentifulPart(shop);
    const held = [];
    for (let i = 0; i < limits.bookings; i++) held.push(await book(shop, customer, part.id, 1));
    await shop.caller(customer.user).bookings.cancel({ id: held[0]!._id });

    await expect(book(shop, customer, part.id, 1)).resolves.toMatchObject({ status: 'unpaid' });
  });

  test('frees the allowance when an order is paid', async ({ shop }) => {
    const customer = await shop.createUser();
    const part = await plentifulPart(shop);
    const held = [];
    for (let i = 0; i < limits.bookings; i++) held.push(await book(shop, customer, part.id, 1));
    const intent = await openIntent(shop, customer, held[0]!._id);
    await payInBrowser(shop, intent);
    await shop.caller(customer.user).bookings.markPaid({ id: held[0]!._id, transactionId: intent.id });

    await expect(book(shop, customer, part.id, 1)).resolves.toMatchObject({ status: 'unpaid' });
  });

  test('frees the allowance when a hold expires', async ({ shop }) => {
    const customer = await shop.createUser();
    const part = await plentifulPart(shop);
    const held = [];
    for (let i = 0; i < limits.bookings; i++) held.push(await book(shop, customer, part.id, 1));
    await ageBooking(shop, held[0]!._id, 48);
    await expireLapsedOrders(shop.database.db, shop.deps.payments, new Date());

    await expect(book(shop, customer, part.id, 1)).resolves.toMatchObject({ status: 'unpaid' });
  });
});

describe.skipIf(!usingPostgres())('hold limits under concurrent bookings (Postgres)', () => {
  test('lets no more than the allowed bookings through when one customer sends 12 at once', async ({ shop }) => {
    const customer = await shop.createUser();
    const part = await plentifulPart(shop);

    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => book(shop, customer, part.id, 1)));

    const booked = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(booked).toHaveLength(limits.bookings);
    for (const outcome of refused) {
      expect(outcome.reason).toMatchObject({ code: 'PRECONDITION_FAILED', message: messages.holdLimitBookings(limits.bookings) });
    }
    expect(await unpaidOf(shop, customer)).toHaveLength(limits.bookings);
    expect(await stockOf(shop.database.db, part.id)).toBe(1_000 - limits.bookings);
  });

  test('never holds more units than allowed when bookings of 7 race', async ({ shop }) => {
    const customer = await shop.createUser();
    const part = await plentifulPart(shop, 1_00);

    await Promise.allSettled(Array.from({ length: 8 }, () => book(shop, customer, part.id, 7)));

    const held = await unpaidOf(shop, customer);
    expect(held.reduce((units, row) => units + row.quantity, 0)).toBe(14);
    expect(await stockOf(shop.database.db, part.id)).toBe(1_000 - 14);
  });

  test('counts an order placed at checkout as one hold, whatever its lines, for Book Now and the next checkout', async ({ shop }) => {
    await openForCheckout(shop);
    const customer = await shop.createUser('user');
    const parts = [await plentifulPart(shop, 5_00), await plentifulPart(shop, 5_00), await plentifulPart(shop, 5_00)];
    await fillCart(
      shop,
      customer,
      parts.map((part) => ({ toolId: part.id, quantity: 1 })),
    );
    await shop.caller(customer.user).orders.place({
      address: berlinConsumer,
      phone: PHONE,
      shippingRateId: await rateId(shop, 'Standard (2–3 days)'),
    });

    // Three unpaid lines, one hold: two Book Now bookings still fit under the limit of three holds.
    await book(shop, customer, parts[0]!.id, 1);
    await book(shop, customer, parts[1]!.id, 1);
    await expect(book(shop, customer, parts[2]!.id, 1)).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: messages.holdLimitBookings(limits.bookings),
    });
    await fillCart(shop, customer, [{ toolId: parts[2]!.id, quantity: 1 }]);
    await expect(
      shop
        .caller(customer.user)
        .orders.place({ address: berlinConsumer, phone: PHONE, shippingRateId: await rateId(shop, 'Standard (2–3 days)') }),
    ).rejects.toThrow(orderMessages.holdLimitOrders(limits.bookings));
  });
});
