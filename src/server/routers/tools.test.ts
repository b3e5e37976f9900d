// The catalogue through the tRPC caller: public reads with pages, admin-only changes.
import { eq } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import { messages } from '../../shared/messages';
import { auditEvents } from '../db/schema';
import type { TestShop } from '../testing/test-shop';

/** Who did `action` to the part, as the audit log names it. */
async function auditsOf(shop: TestShop, action: string, partId: string) {
  const rows = await shop.database.db
    .select({ subject: auditEvents.subject, actorEmail: auditEvents.actorEmail })
    .from(auditEvents)
    .where(eq(auditEvents.action, action));
  return rows.filter((row) => row.subject.includes(partId));
}

const newPart = {
  name: 'Chain Tensioner',
  price: 24.99,
  img: '/images/parts/placeholder.svg',
  description: 'Keeps single-speed chains tight on frames with vertical dropouts.',
  minimumOrderQuantity: 3,
  available: 40,
};

describe('tools', () => {
  test('lets an admin add a part that visitors then see, priced in dollars', async ({ shop, admin }) => {
    const created = await shop.caller(admin.user).tools.create(newPart);
    // A new part has no reviews: no rating to show yet.
    expect(created).toEqual({ _id: expect.any(String) as unknown, ...newPart, reviewCount: 0, averageRating: null, variantCount: 1 });

    const listed = await shop.caller(null).tools.list({ limit: 100 });
    expect(listed.items).toContainEqual(created);
    // A part without options is its one variant.
    const {
      name: _name,
      description: _description,
      reviewCount: _reviews,
      averageRating: _rating,
      variantCount: _count,
      _id,
      ...own
    } = created;
    await expect(shop.caller(null).tools.byId({ id: created._id })).resolves.toEqual({
      ...created,
      variants: [{ id: created._id, sku: null, optionValues: {}, ...own }],
      // The part's page also shows its gallery (the cover, described by the name) and its specifications.
      images: [{ path: newPart.img, alt: newPart.name }],
      specifications: [],
    });
    expect(await auditsOf(shop, 'part.add', created._id)).toEqual([
      { subject: `${newPart.name} (${created._id})`, actorEmail: admin.user.email },
    ]);
  });

  test('refuses adding a part to a customer and to a visitor, and adds nothing', async ({ shop, customer }) => {
    await expect(shop.caller(customer.user).tools.create(newPart)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.adminOnly,
    });
    await expect(shop.caller(null).tools.create(newPart)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const listed = await shop.caller(null).tools.list({ limit: 100 });
    expect(listed.items.filter((t) => t.name === newPart.name)).toHaveLength(1);
  });

  test('refuses a part with a bad price, stock or image with a clear message', async ({ shop, admin }) => {
    const caller = shop.caller(admin.user);
    await expect(caller.tools.create({ ...newPart, price: -1 })).rejects.toMatchObject({ message: messages.priceInvalid });
    await expect(caller.tools.create({ ...newPart, price: 1.234 })).rejects.toMatchObject({ message: messages.priceInvalid });
    await expect(caller.tools.create({ ...newPart, minimumOrderQuantity: 0 })).rejects.toMatchObject({
      message: messages.minimumOrderInvalid,
    });
    await expect(caller.tools.create({ ...newPart, available: -5 })).rejects.toMatchObject({ message: messages.availableInvalid });
    await expect(caller.tools.create({ ...newPart, img: 'javascript:alert(1)' })).rejects.toMatchObject({
      message: messages.productImageInvalid,
    });
    await expect(caller.tools.create({ ...newPart, name: '   ' })).rejects.toMatchObject({ message: messages.productNameRequired });
  });

  test('pages through the catalogue in order without repeating a part', async ({ shop }) => {
    for (let i = 0; i < 5; i++) await shop.createTool({ name: `Paged part ${i}` });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await shop.caller(null).tools.list({ limit: 2, cursor });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((t) => t._id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const all = await shop.caller(null).tools.list({ limit: 100 });
    expect(seen).toEqual(all.items.map((t) => t._id));
  });

  test('lets an admin retire a part: it leaves the catalogue, and past orders keep it', async ({ shop, customer, admin }) => {
    const tool = await shop.createTool({ minimumOrderQuantity: 1 });
    const order = await shop
      .caller(customer.user)
      .bookings.create({ toolsId: tool.id, amount: 1, phone: '555 0100', address: 'Somewhere 1' });

    await expect(shop.caller(customer.user).tools.remove({ id: tool.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(shop.caller(admin.user).tools.remove({ id: tool.id })).resolves.toEqual({ deletedCount: 1 });
    expect(await auditsOf(shop, 'part.delete', tool.id)).toEqual([
      { subject: `${tool.name} (${tool.id})`, actorEmail: admin.user.email },
    ]);

    const listed = await shop.caller(null).tools.list({ limit: 100 });
    expect(listed.items.map((t) => t._id)).not.toContain(tool.id);
    await expect(shop.caller(null).tools.byId({ id: tool.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(shop.caller(customer.user).bookings.byId({ id: order._id })).resolves.toMatchObject({ toolsName: tool.name });
    await expect(shop.caller(admin.user).tools.remove({ id: tool.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
