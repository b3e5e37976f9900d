// A part page's related parts through the tRPC caller: others from its category first, then from
// its parent category's subtree, in stock first, never the part itself or a part not on sale.
import { describe, expect, test } from '../testing/fixtures';
import { messages } from '../../shared/messages';

let made = 0;
const unique = (base: string) => `${base}-related-${(made += 1)}`;

describe('related parts', () => {
  test('offers up to four from the same category, those in stock first, then from the parent category', async ({ shop, admin }) => {
    const write = shop.caller(admin.user).categories;
    const cockpit = await write.create({ name: 'Cockpit', slug: unique('cockpit') });
    const bars = await write.create({ name: 'Bars', slug: unique('bars'), parentId: cockpit.id });
    const stems = await write.create({ name: 'Stems', slug: unique('stems'), parentId: cockpit.id });
    const elsewhere = await write.create({ name: 'Wheels', slug: unique('wheels') });
    const inStock = { available: 20, minimumOrderQuantity: 1 };
    const soldOut = { available: 0, minimumOrderQuantity: 1 };
    const riser = await shop.createTool({ name: 'Riser bar', categoryId: bars.id, ...inStock });
    await shop.createTool({ name: 'Sold-out drop bar', categoryId: bars.id, ...soldOut });
    await shop.createTool({ name: 'Flat bar', categoryId: bars.id, ...inStock });
    await shop.createTool({ name: 'Hidden bar', categoryId: bars.id, hidden: true, ...inStock });
    await shop.createTool({ name: 'Quill stem', categoryId: stems.id, ...inStock });
    await shop.createTool({ name: 'Cockpit bag', categoryId: cockpit.id, ...inStock });
    await shop.createTool({ name: 'Short stem', categoryId: stems.id, ...inStock });
    await shop.createTool({ name: 'Rim', categoryId: elsewhere.id, ...inStock });
    const retired = await shop.createTool({ name: 'Retired bar', categoryId: bars.id, ...inStock });
    await shop.caller(admin.user).tools.remove({ id: retired.id });

    const related = await shop.caller(null).tools.related({ id: riser.id });
    // Bars first (in stock before sold out), then the rest of Cockpit in the catalogue's order.
    expect(related.map((part) => part.name)).toEqual(['Flat bar', 'Sold-out drop bar', 'Quill stem', 'Cockpit bag']);
    expect(related[0]).toMatchObject({ price: expect.any(Number) as unknown, reviewCount: 0, averageRating: null });
  });

  test('offers none for a part without a category, or alone at the top of the tree', async ({ shop, admin }) => {
    const loose = await shop.createTool({ name: 'Uncategorised' });
    expect(await shop.caller(null).tools.related({ id: loose.id })).toEqual([]);
    const top = await shop.caller(admin.user).categories.create({ name: 'Lonely', slug: unique('lonely') });
    const alone = await shop.createTool({ name: 'Alone', categoryId: top.id });
    expect(await shop.caller(null).tools.related({ id: alone.id })).toEqual([]);
  });

  test('answers a hidden, retired or unknown part with NOT_FOUND and a malformed id with BAD_REQUEST', async ({ shop, admin }) => {
    const hidden = await shop.createTool({ hidden: true });
    const retired = await shop.createTool();
    await shop.caller(admin.user).tools.remove({ id: retired.id });
    for (const id of [hidden.id, retired.id, '00000000-0000-4000-8000-000000000000']) {
      await expect(shop.caller(null).tools.related({ id })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: messages.partNotFound,
      });
    }
    await expect(shop.caller(null).tools.related({ id: 'nope' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
