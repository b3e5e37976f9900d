// Part variants (docs/decisions/0052): lists show one entry per part with its lowest price and its
// variants' stock summed; a booking takes the chosen variant's stock only and names its options;
// REST POST /booking books the default variant unless the body names one; admins add, edit and
// retire variants.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { messages } from '../../shared/messages';
import { auditEvents, bookings, tools } from '../db/schema';
import { berlinConsumer, fillCart, openForCheckout, PHONE, rateId, stockOf } from '../testing/checkout';
import { describe, expect, test } from '../testing/fixtures';
import { usingPostgres } from '../testing/test-database';
import type { TestShop, TestUser } from '../testing/test-shop';

const form = { phone: '+1 555 0100', address: '1 Chainring Road, Portland' };

/** A cassette in 11 speeds (the part's own row, $49, 40 in stock) and 12 speeds ($69, 25 in stock). */
async function cassette(shop: TestShop, admin: TestUser) {
  const part = await shop.createTool({
    name: `Cassette ${Math.random().toString(36).slice(2, 8)}`,
    priceCents: 49_00,
    available: 40,
    minimumOrderQuantity: 2,
    optionValues: { speeds: '11' },
  });
  const twelve = await shop.caller(admin.user).tools.addVariant({
    partId: part.id,
    optionValues: { speeds: '12' },
    sku: `cs-12-${Math.random().toString(36).slice(2, 8)}`,
    price: 69,
    available: 25,
    minimumOrderQuantity: 1,
  });
  return { part, twelve };
}

async function listedEntry(shop: TestShop, id: string) {
  const page = await shop.caller(null).tools.list({ limit: 100 });
  return page.items.find((item) => item._id === id);
}

describe('listing parts with variants', () => {
  test('lists one entry per part, with its lowest price and its stock summed over its variants', async ({ shop, admin }) => {
    const { part, twelve } = await cassette(shop, admin);
    const cheaper = await shop.caller(admin.user).tools.addVariant({
      partId: part.id,
      optionValues: { speeds: '10' },
      price: 39.5,
      available: 5,
      minimumOrderQuantity: 1,
    });

    const page = await shop.caller(null).tools.list({ limit: 100 });
    expect(page.items.filter((item) => [part.id, twelve.id, cheaper.id].includes(item._id))).toEqual([
      expect.objectContaining({ _id: part.id, price: 39.5, available: 70, variantCount: 3 }),
    ]);
    const found = await shop.caller(null).tools.search({ q: part.name, sort: 'price-asc' });
    expect(found.items.map((item) => [item._id, item.price])).toEqual([[part.id, 39.5]]);
    // A variant has no page of its own: its part's page offers it.
    await expect(shop.caller(null).tools.byId({ id: twelve.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test('carries the variants on the part page, the part’s own row first', async ({ shop, admin }) => {
    const { part, twelve } = await cassette(shop, admin);
    const view = await shop.caller(null).tools.byId({ id: part.id });
    expect(view.variants).toEqual([
      {
        id: part.id,
        sku: null,
        optionValues: { speeds: '11' },
        price: 49,
        available: 40,
        minimumOrderQuantity: 2,
        img: '/images/parts/placeholder.svg',
      },
      {
        id: twelve.id,
        sku: twelve.sku,
        optionValues: { speeds: '12' },
        price: 69,
        available: 25,
        minimumOrderQuantity: 1,
        img: '/images/parts/placeholder.svg',
      },
    ]);
    expect(twelve.sku).toMatch(/^CS-12-/);
  });

  test('shows a variant’s stock change on its part’s listing at once (the read cache is dropped)', async ({
    shop,
    admin,
    customer,
  }) => {
    const { part, twelve } = await cassette(shop, admin);
    expect(await listedEntry(shop, part.id)).toMatchObject({ available: 65 });

    await shop.caller(admin.user).tools.updateVariant({
      id: twelve.id,
      version: 1,
      availableWas: 25,
      optionValues: { speeds: '12' },
      price: 69,
      available: 30,
      minimumOrderQuantity: 1,
    });
    expect(await listedEntry(shop, part.id)).toMatchObject({ available: 70 });

    await shop.caller(customer.user).bookings.create({ toolsId: part.id, variantId: twelve.id, amount: 4, ...form });
    expect(await listedEntry(shop, part.id)).toMatchObject({ available: 66 });
  });

  test('leaves a retired variant out of its part’s figures and page', async ({ shop, admin }) => {
    const { part, twelve } = await cassette(shop, admin);
    await shop.caller(admin.user).tools.retireVariant({ id: twelve.id });
    expect(await listedEntry(shop, part.id)).toMatchObject({ price: 49, available: 40, variantCount: 1 });
    expect((await shop.caller(null).tools.byId({ id: part.id })).variants.map((variant) => variant.id)).toEqual([part.id]);
  });
});

describe('booking a variant', () => {
  test('takes the chosen variant’s stock only and names its options', async ({ shop, admin, customer }) => {
    const { part, twelve } = await cassette(shop, admin);
    const booking = await shop.caller(customer.user).bookings.create({ toolsId: twelve.id, amount: 3, price: 207, ...form });

    expect(booking).toMatchObject({ toolsId: twelve.id, toolsName: `${part.name} — 12 speeds`, price: 207 });
    expect(await stockOf(shop, twelve.id)).toBe(22);
    expect(await stockOf(shop, part.id)).toBe(40);
    expect(await listedEntry(shop, part.id)).toMatchObject({ available: 62 });
  });

  test('refuses a variant of another part with a sentence, and books nothing', async ({ shop, admin, customer }) => {
    const { part } = await cassette(shop, admin);
    const other = await cassette(shop, admin);
    await expect(
      shop.caller(customer.user).bookings.create({ toolsId: part.id, variantId: other.twelve.id, amount: 2, ...form }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.variantNotOfPart });
    expect(await stockOf(shop, other.twelve.id)).toBe(25);
    expect(await stockOf(shop, part.id)).toBe(40);
  });

  test('checks out a cart of two variants of one part, each line named by its options', async ({ shop, admin, customer }) => {
    await openForCheckout(shop);
    const { part, twelve } = await cassette(shop, admin);
    await fillCart(shop, customer, [
      { toolId: part.id, quantity: 2 },
      { toolId: twelve.id, quantity: 1 },
    ]);
    const cart = await shop.caller(customer.user).cart.view();
    expect(cart.lines.map((line) => [line.name, line.partId]).sort()).toEqual([
      [`${part.name} — 11 speeds`, part.id],
      [`${part.name} — 12 speeds`, part.id],
    ]);

    const shippingRateId = await rateId(shop, 'Standard (2–3 days)');
    const order = await shop.caller(customer.user).orders.place({ address: berlinConsumer, phone: PHONE, shippingRateId });
    expect(order.lines.map((line) => line.name).sort()).toEqual([`${part.name} — 11 speeds`, `${part.name} — 12 speeds`]);
    expect(await stockOf(shop, part.id)).toBe(38);
    expect(await stockOf(shop, twelve.id)).toBe(24);
    expect(await listedEntry(shop, part.id)).toMatchObject({ available: 62 });
  });
});

describe('racing for a variant', () => {
  // Whether such a race can deadlock depends on timing it cannot force: the lock order test below proves that.
  test('never oversells when bookings of a variant race checkouts of its part and itself', async ({ shop, admin }) => {
    await openForCheckout(shop);
    const { part, twelve } = await cassette(shop, admin);
    const shippingRateId = await rateId(shop, 'Standard (2–3 days)');
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => shop.createUser('user')));
    const bookers = await Promise.all(Array.from({ length: 4 }, () => shop.createUser('user')));
    for (const shopper of shoppers) {
      await fillCart(shop, shopper, [
        { toolId: part.id, quantity: 8 },
        { toolId: twelve.id, quantity: 5 },
      ]);
    }

    // Eight customers want 5 of the 25 twelve-speed cassettes each: five of them get them.
    const results = await Promise.allSettled([
      ...shoppers.map((shopper) => shop.caller(shopper.user).orders.place({ address: berlinConsumer, phone: PHONE, shippingRateId })),
      ...bookers.map((booker) => shop.caller(booker.user).bookings.create({ toolsId: twelve.id, amount: 5, ...form })),
    ]);
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as { code?: string }] : []));
    expect(refusals.map((refusal) => refusal.code)).toEqual(['CONFLICT', 'CONFLICT', 'CONFLICT']);
    const placedOrders = results.slice(0, shoppers.length).filter((result) => result.status === 'fulfilled').length;
    expect(await stockOf(shop, twelve.id)).toBe(0);
    expect(await stockOf(shop, part.id)).toBe(40 - 8 * placedOrders);
    expect(await listedEntry(shop, part.id)).toMatchObject({ available: 40 - 8 * placedOrders });
  });
});

describe('the order rows are locked in', () => {
  test.skipIf(!usingPostgres())(
    'locks a variant before its part, as a booking of the variant does, so a checkout never deadlocks with one',
    async ({ shop, customer }) => {
      await openForCheckout(shop);
      // The part's id sorts first, so locking in id order alone would take the part before its variant.
      const [partId, variantId] = [randomUUID(), randomUUID()].sort();
      const part = await shop.createTool({ id: partId, available: 10, minimumOrderQuantity: 1, optionValues: { speeds: '11' } });
      const variant = await shop.createTool({
        id: variantId,
        variantOf: part.id,
        available: 10,
        minimumOrderQuantity: 1,
        optionValues: { speeds: '12' },
      });
      await fillCart(shop, customer, [
        { toolId: part.id, quantity: 1 },
        { toolId: variant.id, quantity: 1 },
      ]);
      const shippingRateId = await rateId(shop, 'Standard (2–3 days)');

      // A booking of the variant half done on another connection: the variant's row is taken, its part's not yet.
      const other = postgres(shop.database.url ?? '', { max: 1, onnotice: () => {} });
      let placing: Promise<unknown> = Promise.resolve();
      try {
        await other.begin(async (tx) => {
          await tx`select id from tools where id = ${variant.id} for update`;
          placing = shop.caller(customer.user).orders.place({ address: berlinConsumer, phone: PHONE, shippingRateId });
          placing.catch(() => undefined);
          await new Promise((resolve) => setTimeout(resolve, 300));
          // The booking takes the stock: the trigger then takes the part's row, which the checkout must not hold.
          await tx`update tools set available = available - 1 where id = ${variant.id}`;
        });
      } finally {
        await other.end();
      }
      await expect(placing).resolves.toMatchObject({ status: 'unpaid' });
      expect(await stockOf(shop, variant.id)).toBe(8);
      expect(await listedEntry(shop, part.id)).toMatchObject({ available: 17 });
    },
  );
});

describe('REST POST /booking', () => {
  async function postBooking(who: TestUser, body: Record<string, unknown>) {
    return shop_.app.inject({
      method: 'POST',
      url: '/booking',
      headers: who.headers,
      payload: { phone: 5550100, address: 'Main St 1', ...body },
    });
  }
  let shop_: TestShop;

  test('books a part’s default variant without variantId, and the named one with it', async ({ shop, admin, customer }) => {
    shop_ = shop;
    const { part, twelve } = await cassette(shop, admin);

    const byDefault = await postBooking(customer, { toolsId: part.id, amount: 2 });
    expect(byDefault.statusCode).toBe(201);
    expect(byDefault.json()).toMatchObject({ toolsId: part.id, toolsName: `${part.name} — 11 speeds`, price: 98 });
    expect(await stockOf(shop, part.id)).toBe(38);

    const named = await postBooking(customer, { toolsId: part.id, variantId: twelve.id, amount: 1 });
    expect(named.statusCode).toBe(201);
    expect(named.json()).toMatchObject({ toolsId: twelve.id, toolsName: `${part.name} — 12 speeds`, price: 69 });
    expect(await stockOf(shop, twelve.id)).toBe(24);
  });

  test('answers 400 with a sentence for a variant of another part, and books nothing', async ({ shop, admin, customer }) => {
    shop_ = shop;
    const { part } = await cassette(shop, admin);
    const other = await cassette(shop, admin);
    const before = await shop.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, customer.user.id));

    const refused = await postBooking(customer, { toolsId: part.id, variantId: other.twelve.id, amount: 2 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { message: messages.variantNotOfPart } });
    const after = await shop.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, customer.user.id));
    expect(after).toHaveLength(before.length);
  });
});

describe('admins editing variants', () => {
  test('adds, edits and retires a variant, each audited, and refuses an edit from an old version', async ({ shop, admin }) => {
    const { part, twelve } = await cassette(shop, admin);
    const caller = shop.caller(admin.user);
    const edit = {
      id: twelve.id,
      availableWas: 25,
      optionValues: { speeds: '12' },
      price: 65,
      available: 20,
      minimumOrderQuantity: 1,
    };

    const saved = await caller.tools.updateVariant({ ...edit, version: 1 });
    expect(saved).toMatchObject({ price: 65, available: 20, version: 2, name: `${part.name} — 12 speeds`, isDefault: false });
    await expect(caller.tools.updateVariant({ ...edit, version: 1 })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.partEditConflict,
    });
    await caller.tools.retireVariant({ id: twelve.id });
    await expect(caller.tools.retireVariant({ id: part.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const audited = await shop.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.actorEmail, admin.user.email));
    expect(audited.map((event) => event.action)).toEqual(
      expect.arrayContaining(['part.variant_add', 'part.variant_edit', 'part.variant_retire']),
    );
    expect((await caller.tools.adminVariants({ partId: part.id })).map((variant) => variant.id)).toEqual([part.id]);
  });

  test('refuses a taken SKU, options that do not match the part’s, and repeated options', async ({ shop, admin }) => {
    const { part, twelve } = await cassette(shop, admin);
    const caller = shop.caller(admin.user);
    const variant = { partId: part.id, price: 10, available: 1, minimumOrderQuantity: 1 };

    await expect(caller.tools.addVariant({ ...variant, optionValues: { speeds: '10' }, sku: twelve.sku })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.skuTaken(twelve.sku ?? ''),
    });
    await expect(caller.tools.addVariant({ ...variant, optionValues: { size: 'M' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.variantOptionsMismatch('speeds'),
    });
    await expect(caller.tools.addVariant({ ...variant, optionValues: { speeds: '12' } })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.variantOptionsRepeated,
    });
    await expect(caller.tools.addVariant({ ...variant, optionValues: { gears: '3' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.optionUnknown('gears'),
    });
    const plain = await shop.createTool();
    await expect(caller.tools.addVariant({ ...variant, partId: plain.id, optionValues: { speeds: '9' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.partOptionsFirst,
    });
    const [count] = await shop.database.db.select({ id: tools.id }).from(tools).where(eq(tools.variantOf, plain.id));
    expect(count).toBeUndefined();
    expect(await shop.caller(admin.user).tools.adminVariants({ partId: part.id })).toHaveLength(2);
  });

  test('hides and retires a part’s variants with it', async ({ shop, admin, customer }) => {
    const { part, twelve } = await cassette(shop, admin);
    await shop.caller(admin.user).tools.setHidden({ id: part.id, hidden: true });
    await expect(
      shop.caller(customer.user).bookings.create({ toolsId: part.id, variantId: twelve.id, amount: 2, ...form }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await shop.caller(admin.user).tools.setHidden({ id: part.id, hidden: false });
    await shop.caller(admin.user).tools.remove({ id: part.id });
    const [row] = await shop.database.db.select({ removedAt: tools.removedAt }).from(tools).where(eq(tools.id, twelve.id));
    expect(row?.removedAt).not.toBeNull();
  });
});
