// A part's price breaks through the tRPC caller: visitors read them smallest quantity first, admins
// replace the whole set, audited; each break starts above the minimum order and sells below the
// part's price, each quantity once; customers may not change them.
import { eq } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import { messages } from '../../shared/messages';
import { auditEvents, priceBreaks } from '../db/schema';
import type { TestShop } from '../testing/test-shop';

async function storedBreaks(shop: TestShop, toolId: string) {
  return shop.database.db
    .select({ minQuantity: priceBreaks.minQuantity, unitPriceCents: priceBreaks.unitPriceCents })
    .from(priceBreaks)
    .where(eq(priceBreaks.toolId, toolId))
    .orderBy(priceBreaks.minQuantity);
}

describe('price breaks', () => {
  test('replaces the set, shows it to visitors smallest quantity first, and audits before and after', async ({ shop, admin }) => {
    const part = await shop.createTool({ priceCents: 40_00, minimumOrderQuantity: 5 });
    await shop.caller(admin.user).tools.setPriceBreaks({ toolId: part.id, breaks: [{ minQuantity: 20, unitPrice: 35 }] });
    const saved = await shop.caller(admin.user).tools.setPriceBreaks({
      toolId: part.id,
      breaks: [
        { minQuantity: 50, unitPrice: 32.5 },
        { minQuantity: 10, unitPrice: 38 },
      ],
    });

    const expected = [
      { minQuantity: 10, unitPrice: 38 },
      { minQuantity: 50, unitPrice: 32.5 },
    ];
    expect(saved).toEqual(expected);
    await expect(shop.caller(null).tools.priceBreaks({ toolId: part.id })).resolves.toEqual(expected);
    expect(await storedBreaks(shop, part.id)).toEqual([
      { minQuantity: 10, unitPriceCents: 38_00 },
      { minQuantity: 50, unitPriceCents: 32_50 },
    ]);
    const audits = await shop.database.db
      .select({ subject: auditEvents.subject, actorEmail: auditEvents.actorEmail })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'part.price_breaks'));
    expect(audits.at(-1)).toEqual({
      actorEmail: admin.user.email,
      subject: `${part.name} (${part.id}): 20+ at 35.00 → 10+ at 38.00, 50+ at 32.50`,
    });
  });

  test('removes every break when given an empty set', async ({ shop, admin }) => {
    const part = await shop.createTool({ priceCents: 40_00, minimumOrderQuantity: 1 });
    await shop.caller(admin.user).tools.setPriceBreaks({ toolId: part.id, breaks: [{ minQuantity: 2, unitPrice: 39.99 }] });
    await expect(shop.caller(admin.user).tools.setPriceBreaks({ toolId: part.id, breaks: [] })).resolves.toEqual([]);
    expect(await storedBreaks(shop, part.id)).toEqual([]);
  });

  test('refuses a break at or below the minimum order, or not cheaper than the part, and changes nothing', async ({ shop, admin }) => {
    const part = await shop.createTool({ priceCents: 40_00, minimumOrderQuantity: 5 });
    await shop.caller(admin.user).tools.setPriceBreaks({ toolId: part.id, breaks: [{ minQuantity: 20, unitPrice: 35 }] });
    const refusals: Array<[Array<{ minQuantity: number; unitPrice: number }>, string]> = [
      [[{ minQuantity: 5, unitPrice: 30 }], messages.priceBreakNotAboveMinimum(5)],
      [[{ minQuantity: 10, unitPrice: 40 }], messages.priceBreakNotCheaper(40)],
      [[{ minQuantity: 10, unitPrice: 45 }], messages.priceBreakNotCheaper(40)],
      [[{ minQuantity: 1, unitPrice: 30 }], messages.priceBreakQuantityInvalid],
      [[{ minQuantity: 10.5, unitPrice: 30 }], messages.priceBreakQuantityInvalid],
      [[{ minQuantity: 10, unitPrice: 0 }], messages.priceBreakPriceInvalid],
      [[{ minQuantity: 10, unitPrice: 30.001 }], messages.priceBreakPriceInvalid],
      [
        [
          { minQuantity: 10, unitPrice: 30 },
          { minQuantity: 10, unitPrice: 29 },
        ],
        messages.priceBreakQuantitiesRepeated,
      ],
    ];
    for (const [breaks, message] of refusals) {
      await expect(shop.caller(admin.user).tools.setPriceBreaks({ toolId: part.id, breaks })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message,
      });
    }
    expect(await storedBreaks(shop, part.id)).toEqual([{ minQuantity: 20, unitPriceCents: 35_00 }]);
  });

  test('refuses changes to a customer and a visitor, and changes nothing', async ({ shop, customer }) => {
    const part = await shop.createTool({ priceCents: 40_00, minimumOrderQuantity: 1 });
    const input = { toolId: part.id, breaks: [{ minQuantity: 2, unitPrice: 1 }] };
    await expect(shop.caller(customer.user).tools.setPriceBreaks(input)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.adminOnly,
    });
    await expect(shop.caller(null).tools.setPriceBreaks(input)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await storedBreaks(shop, part.id)).toEqual([]);
  });

  test('shows the breaks of a hidden part to admins only, and of a retired part to nobody', async ({ shop, admin, customer }) => {
    const part = await shop.createTool({ priceCents: 40_00, minimumOrderQuantity: 1, hidden: true });
    await shop.caller(admin.user).tools.setPriceBreaks({ toolId: part.id, breaks: [{ minQuantity: 10, unitPrice: 30 }] });
    const notFound = { code: 'NOT_FOUND', message: messages.partNotFound };
    await expect(shop.caller(customer.user).tools.priceBreaks({ toolId: part.id })).rejects.toMatchObject(notFound);
    await expect(shop.caller(admin.user).tools.priceBreaks({ toolId: part.id })).resolves.toEqual([
      { minQuantity: 10, unitPrice: 30 },
    ]);

    await shop.caller(admin.user).tools.remove({ id: part.id });
    await expect(shop.caller(admin.user).tools.priceBreaks({ toolId: part.id })).rejects.toMatchObject(notFound);
    await expect(shop.caller(admin.user).tools.setPriceBreaks({ toolId: part.id, breaks: [] })).rejects.toMatchObject(notFound);
  });
});
