// The cart through the tRPC caller: adding, changing and removing lines within Book Now's rules and
// the cart's size, quantity prices, what a line tells once its part changed, the visitor's preview,
// bringing a visitor's lines into the account, and one customer's cart unseen by another.
import { eq } from 'drizzle-orm';
import { MAX_CART_LINES } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { cartLines, priceBreaks, tools } from '../db/schema';
import { describe, expect, test } from '../testing/fixtures';
import type { TestShop } from '../testing/test-shop';

/** A part on sale: $12.50, from 2 units, 10 in stock (the test shop's defaults), unless told. */
async function part(shop: TestShop, overrides: Partial<typeof tools.$inferInsert> = {}): Promise<string> {
  return (await shop.createTool(overrides)).id;
}

async function storedLines(shop: TestShop, userId: string) {
  return shop.database.db
    .select({ toolId: cartLines.toolId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.userId, userId));
}

describe('the cart', () => {
  test('adds a part, and adding it again adds to the same line', async ({ shop }) => {
    const { user } = await shop.createUser();
    const toolId = await part(shop);

    await shop.caller(user).cart.add({ toolId, quantity: 2 });
    const cart = await shop.caller(user).cart.add({ toolId, quantity: 3 });

    expect(cart).toMatchObject({ lineCount: 1, unitCount: 5, subtotalCents: 5 * 12_50 });
    expect(cart.lines[0]).toMatchObject({
      toolId,
      quantity: 5,
      minimumOrderQuantity: 2,
      available: 10,
      listUnitPriceCents: 12_50,
      unitPriceCents: 12_50,
      priceBreakFrom: null,
      lineTotalCents: 62_50,
      problem: null,
    });
    expect(await shop.caller(user).cart.view()).toEqual(cart);
  });

  test('prices a line with the break of the largest minimum it reaches', async ({ shop }) => {
    const { user } = await shop.createUser();
    const toolId = await part(shop, { priceCents: 39_00, minimumOrderQuantity: 1, available: 100 });
    await shop.database.db.insert(priceBreaks).values([
      { toolId, minQuantity: 10, unitPriceCents: 35_00 },
      { toolId, minQuantity: 20, unitPriceCents: 32_00 },
    ]);

    const nine = await shop.caller(user).cart.add({ toolId, quantity: 9 });
    expect(nine.lines[0]).toMatchObject({ unitPriceCents: 39_00, priceBreakFrom: null, lineTotalCents: 351_00 });
    const nineteen = await shop.caller(user).cart.setQuantity({ toolId, quantity: 19 });
    expect(nineteen.lines[0]).toMatchObject({ unitPriceCents: 35_00, priceBreakFrom: 10, lineTotalCents: 665_00 });
    const twenty = await shop.caller(user).cart.setQuantity({ toolId, quantity: 20 });
    expect(twenty.lines[0]).toMatchObject({ listUnitPriceCents: 39_00, unitPriceCents: 32_00, priceBreakFrom: 20 });
    expect(twenty.subtotalCents).toBe(640_00);
  });

  test('never charges more than the list price for a break entered above it', async ({ shop }) => {
    const { user } = await shop.createUser();
    const toolId = await part(shop, { priceCents: 39_00, minimumOrderQuantity: 1, available: 100 });
    await shop.database.db.insert(priceBreaks).values({ toolId, minQuantity: 5, unitPriceCents: 45_00 });

    const cart = await shop.caller(user).cart.add({ toolId, quantity: 5 });
    expect(cart.lines[0]).toMatchObject({ unitPriceCents: 39_00, priceBreakFrom: null, lineTotalCents: 195_00 });
  });

  test('refuses a quantity below the minimum order with Book Now’s sentence, and stores nothing', async ({ shop }) => {
    const { user } = await shop.createUser();
    const toolId = await part(shop, { minimumOrderQuantity: 3 });

    await expect(shop.caller(user).cart.add({ toolId, quantity: 2 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.quantityOutOfRange,
    });
    expect(await storedLines(shop, user.id)).toEqual([]);
  });

  test('refuses more than the stock, counting what the line already holds', async ({ shop }) => {
    const { user } = await shop.createUser();
    const toolId = await part(shop, { available: 6 });
    await shop.caller(user).cart.add({ toolId, quantity: 4 });

    await expect(shop.caller(user).cart.add({ toolId, quantity: 3 })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.outOfStock(6),
    });
    await expect(shop.caller(user).cart.setQuantity({ toolId, quantity: 7 })).rejects.toMatchObject({
      message: messages.outOfStock(6),
    });
    expect(await storedLines(shop, user.id)).toEqual([{ toolId, quantity: 4 }]);
  });

  test('refuses a hidden or retired part as missing', async ({ shop }) => {
    const { user } = await shop.createUser();
    const hidden = await part(shop, { hidden: true });
    const retired = await part(shop, { removedAt: new Date() });

    for (const toolId of [hidden, retired]) {
      await expect(shop.caller(user).cart.add({ toolId, quantity: 2 })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: messages.partNotFound,
      });
    }
    expect(await storedLines(shop, user.id)).toEqual([]);
  });

  test(`holds at most ${MAX_CART_LINES} parts, while a part already in it can still grow`, async ({ shop }) => {
    const { user } = await shop.createUser();
    const toolIds = await Promise.all(Array.from({ length: MAX_CART_LINES + 1 }, () => part(shop, { minimumOrderQuantity: 1 })));
    for (const toolId of toolIds.slice(0, MAX_CART_LINES)) await shop.caller(user).cart.add({ toolId, quantity: 1 });

    await expect(shop.caller(user).cart.add({ toolId: toolIds.at(-1)!, quantity: 1 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.cartTooManyLines,
    });
    const grown = await shop.caller(user).cart.add({ toolId: toolIds[0]!, quantity: 1 });
    expect(grown).toMatchObject({ lineCount: MAX_CART_LINES, unitCount: MAX_CART_LINES + 1 });
  });

  test('sets the quantity only of a part in the cart', async ({ shop }) => {
    const { user } = await shop.createUser();
    await expect(shop.caller(user).cart.setQuantity({ toolId: await part(shop), quantity: 2 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.notInCart,
    });
    expect(await storedLines(shop, user.id)).toEqual([]);
  });

  test('removes one part, then clears the rest', async ({ shop }) => {
    const { user } = await shop.createUser();
    const first = await part(shop);
    const second = await part(shop);
    await shop.caller(user).cart.add({ toolId: first, quantity: 2 });
    await shop.caller(user).cart.add({ toolId: second, quantity: 2 });

    const removed = await shop.caller(user).cart.remove({ toolId: first });
    expect(removed.lines.map((line) => line.toolId)).toEqual([second]);
    const cleared = await shop.caller(user).cart.clear();
    expect(cleared).toEqual({ lines: [], lineCount: 0, unitCount: 0, subtotalCents: 0 });
    expect(await storedLines(shop, user.id)).toEqual([]);
  });

  test('tells, without refusing, what changed since a line was added, and leaves a gone part out of the subtotal', async ({
    shop,
  }) => {
    const { user } = await shop.createUser();
    const [hidden, retired, raised, sold, fine] = await Promise.all([part(shop), part(shop), part(shop), part(shop), part(shop)]);
    for (const toolId of [hidden, retired, raised, sold, fine]) await shop.caller(user).cart.add({ toolId, quantity: 4 });
    const { db } = shop.database;
    await db.update(tools).set({ hidden: true }).where(eq(tools.id, hidden));
    await db.update(tools).set({ removedAt: new Date() }).where(eq(tools.id, retired));
    await db.update(tools).set({ minimumOrderQuantity: 5 }).where(eq(tools.id, raised));
    await db.update(tools).set({ available: 3 }).where(eq(tools.id, sold));

    const cart = await shop.caller(user).cart.view();

    const problems = Object.fromEntries(cart.lines.map((line) => [line.toolId, line.problem]));
    expect(problems).toEqual({
      [hidden]: 'unavailable',
      [retired]: 'unavailable',
      [raised]: 'belowMinimum',
      [sold]: 'overStock',
      [fine]: null,
    });
    expect(cart).toMatchObject({ lineCount: 5, unitCount: 20, subtotalCents: 3 * 4 * 12_50 });
  });

  test('never shows or changes one customer’s cart to another', async ({ shop, customer, otherCustomer }) => {
    const toolId = await part(shop);
    await shop.caller(customer.user).cart.add({ toolId, quantity: 3 });

    expect((await shop.caller(otherCustomer.user).cart.view()).lines).toEqual([]);
    await expect(shop.caller(otherCustomer.user).cart.setQuantity({ toolId, quantity: 2 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await shop.caller(otherCustomer.user).cart.remove({ toolId });
    await shop.caller(otherCustomer.user).cart.clear();
    expect(await storedLines(shop, customer.user.id)).toEqual([{ toolId, quantity: 3 }]);
  });

  test('asks a visitor to sign in for every change and for the stored cart', async ({ shop }) => {
    const toolId = await part(shop);
    const visitor = shop.caller(null).cart;
    for (const call of [
      () => visitor.view(),
      () => visitor.add({ toolId, quantity: 2 }),
      () => visitor.setQuantity({ toolId, quantity: 2 }),
      () => visitor.remove({ toolId }),
      () => visitor.clear(),
      () => visitor.merge({ lines: [{ toolId, quantity: 2 }] }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: messages.signInRequired });
    }
  });

  test.for([
    ['a quantity of 0', { toolId: '00000000-0000-4000-8000-000000000000', quantity: 0 }, messages.quantityOutOfRange],
    ['a fractional quantity', { toolId: '00000000-0000-4000-8000-000000000000', quantity: 2.5 }, messages.quantityOutOfRange],
    ['a quantity as text', { toolId: '00000000-0000-4000-8000-000000000000', quantity: '2' }, messages.quantityOutOfRange],
    ['a malformed id', { toolId: 'not-an-id', quantity: 2 }, messages.idInvalid],
  ] as const)('refuses %s as bad input and changes nothing', async ([, input, message], { shop, customer }) => {
    const before = await storedLines(shop, customer.user.id);
    await expect(shop.caller(customer.user).cart.add(input as never)).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    await expect(shop.caller(customer.user).cart.setQuantity(input as never)).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    expect(await storedLines(shop, customer.user.id)).toEqual(before);
  });
});

describe('a visitor’s preview', () => {
  test('prices and checks the visitor’s lines as the cart would, in their order, storing nothing', async ({ shop }) => {
    const cheap = await part(shop, { priceCents: 2_00, minimumOrderQuantity: 1 });
    const hidden = await part(shop, { hidden: true });
    const before = await shop.database.db.$count(cartLines);

    const preview = await shop.caller(null).cart.preview({
      lines: [
        { toolId: cheap, quantity: 20 },
        { toolId: hidden, quantity: 2 },
      ],
    });

    expect(preview.lines.map((line) => [line.toolId, line.problem])).toEqual([
      [cheap, 'overStock'],
      [hidden, 'unavailable'],
    ]);
    expect(preview).toMatchObject({ lineCount: 2, unitCount: 22, subtotalCents: 40_00 });
    expect(await shop.database.db.$count(cartLines)).toBe(before);
  });

  test('leaves out a line naming no part at all', async ({ shop }) => {
    const preview = await shop.caller(null).cart.preview({ lines: [{ toolId: '00000000-0000-4000-8000-000000000000', quantity: 2 }] });
    expect(preview).toEqual({ lines: [], lineCount: 0, unitCount: 0, subtotalCents: 0 });
  });

  test(`refuses more than ${MAX_CART_LINES} lines, or a part twice`, async ({ shop }) => {
    const toolId = await part(shop);
    const tooMany = Array.from({ length: MAX_CART_LINES + 1 }, (_, index) => ({
      toolId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      quantity: 2,
    }));
    await expect(shop.caller(null).cart.preview({ lines: tooMany })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.cartTooManyLines,
    });
    await expect(
      shop.caller(null).cart.preview({
        lines: [
          { toolId, quantity: 2 },
          { toolId, quantity: 3 },
        ],
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.cartLinesRepeated });
  });
});

describe('bringing a visitor’s lines into the account', () => {
  test('keeps the larger quantity of a part in both, and adds the others', async ({ shop }) => {
    const { user } = await shop.createUser();
    const [both, accountOnly, visitorOnly] = await Promise.all([part(shop), part(shop), part(shop)]);
    await shop.caller(user).cart.add({ toolId: both, quantity: 3 });
    await shop.caller(user).cart.add({ toolId: accountOnly, quantity: 6 });

    const merged = await shop.caller(user).cart.merge({
      lines: [
        { toolId: both, quantity: 5 },
        { toolId: visitorOnly, quantity: 2 },
      ],
    });
    expect(merged.notKept).toEqual([]);
    const again = await shop.caller(user).cart.merge({ lines: [{ toolId: both, quantity: 2 }] });

    expect(new Map(again.cart.lines.map((line) => [line.toolId, line.quantity]))).toEqual(
      new Map([
        [both, 5],
        [accountOnly, 6],
        [visitorOnly, 2],
      ]),
    );
  });

  test('brings quantities within the part’s limits and names the parts it could not keep', async ({ shop }) => {
    const { user } = await shop.createUser();
    const [short, raised, hidden, soldOut] = await Promise.all([
      part(shop, { available: 4 }),
      part(shop, { minimumOrderQuantity: 3 }),
      part(shop, { hidden: true }),
      part(shop, { minimumOrderQuantity: 5, available: 4 }),
    ]);

    const merged = await shop.caller(user).cart.merge({
      lines: [
        { toolId: short, quantity: 9 },
        { toolId: raised, quantity: 1 },
        { toolId: hidden, quantity: 2 },
        { toolId: soldOut, quantity: 5 },
      ],
    });

    expect(merged.notKept).toEqual([hidden, soldOut]);
    const kept = merged.cart.lines.map((line) => [line.toolId, line.quantity, line.problem]);
    expect(kept).toHaveLength(2);
    expect(kept).toEqual(
      expect.arrayContaining([
        [short, 4, null],
        [raised, 3, null],
      ]),
    );
  });

  test(`keeps no more than ${MAX_CART_LINES} parts`, async ({ shop }) => {
    const { user } = await shop.createUser();
    const toolIds = await Promise.all(Array.from({ length: MAX_CART_LINES }, () => part(shop, { minimumOrderQuantity: 1 })));
    await shop.caller(user).cart.add({ toolId: toolIds[0]!, quantity: 1 });
    const extra = await part(shop, { minimumOrderQuantity: 1 });

    const merged = await shop.caller(user).cart.merge({
      lines: [...toolIds.slice(1), extra].map((toolId) => ({ toolId, quantity: 1 })),
    });

    expect(merged.notKept).toEqual([extra]);
    expect(merged.cart.lineCount).toBe(MAX_CART_LINES);
  });
});
