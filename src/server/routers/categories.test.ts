// Categories through the tRPC caller: the tree and a category's page as visitors read them (parts of
// subcategories included, filters and their counts), and the admins' changes to the tree, audited,
// with what they refuse leaving everything as it was.
import { eq } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import { messages } from '../../shared/messages';
import { auditEvents, categories, tools } from '../db/schema';
import type { TestShop, TestUser } from '../testing/test-shop';

let made = 0;
/** A slug no other test of the file uses. */
const unique = (base: string) => `${base}-${(made += 1)}`;

async function auditSubjects(shop: TestShop, action: string) {
  const rows = await shop.database.db.select({ subject: auditEvents.subject }).from(auditEvents).where(eq(auditEvents.action, action));
  return rows.map((row) => row.subject);
}

/** Drivetrain › Cassettes, Chains, with parts at each level. */
async function drivetrain(shop: TestShop, admin: TestUser) {
  const write = shop.caller(admin.user).categories;
  const top = await write.create({ name: 'Drivetrain', slug: unique('drivetrain') });
  const cassettes = await write.create({ name: 'Cassettes', slug: unique('cassettes'), parentId: top.id });
  const chains = await write.create({ name: 'Chains', slug: unique('chains'), parentId: top.id });
  const crank = await shop.createTool({
    name: 'Crankset',
    priceCents: 120_00,
    available: 10,
    minimumOrderQuantity: 1,
    categoryId: top.id,
  });
  const cassette = await shop.createTool({
    name: 'Cassette',
    priceCents: 49_00,
    available: 1,
    minimumOrderQuantity: 4,
    categoryId: cassettes.id,
  });
  const chain = await shop.createTool({
    name: 'Chain',
    priceCents: 25_00,
    available: 30,
    minimumOrderQuantity: 2,
    categoryId: chains.id,
  });
  const hiddenChain = await shop.createTool({ name: 'Hidden chain', priceCents: 5_00, hidden: true, categoryId: chains.id });
  return { top, cassettes, chains, crank, cassette, chain, hiddenChain };
}

describe('reading categories', () => {
  test('shows the tree with subcategories in their order, and a category page with its subcategories’ parts', async ({
    shop,
    admin,
  }) => {
    const tree = await drivetrain(shop, admin);
    const visitor = shop.caller(null).categories;

    const roots = await visitor.tree();
    const top = roots.find((node) => node.id === tree.top.id);
    expect(top?.children.map((child) => child.name)).toEqual(['Cassettes', 'Chains']);

    const page = await visitor.page({ slug: tree.top.slug });
    expect(page.category).toEqual({ name: 'Drivetrain', slug: tree.top.slug });
    expect(page.trail).toEqual([{ name: 'Drivetrain', slug: tree.top.slug }]);
    // The hidden part is not on sale: it is neither listed nor counted.
    expect(page.items.map((part) => part.name)).toEqual(['Crankset', 'Cassette', 'Chain']);
    expect(page.children).toEqual([
      { name: 'Cassettes', slug: tree.cassettes.slug, parts: 1 },
      { name: 'Chains', slug: tree.chains.slug, parts: 1 },
    ]);
    expect(page).toMatchObject({ total: 3, inStock: 2, priceRange: { min: 25, max: 120 }, nextCursor: null });

    const sub = await visitor.page({ slug: tree.chains.slug });
    expect(sub.trail.map((step) => step.name)).toEqual(['Drivetrain', 'Chains']);
    expect(sub.items.map((part) => part.name)).toEqual(['Chain']);
    await expect(visitor.trailOfPart({ id: tree.chain.id })).resolves.toEqual(sub.trail);
  });

  test('filters by price and stock, counts what each filter would show, and pages in price order', async ({ shop, admin }) => {
    const tree = await drivetrain(shop, admin);
    const visitor = shop.caller(null).categories;

    const cheap = await visitor.page({ slug: tree.top.slug, maxPrice: 50 });
    expect(cheap.items.map((part) => part.name).sort()).toEqual(['Cassette', 'Chain']);
    expect(cheap).toMatchObject({ total: 2, inStock: 1, priceRange: { min: 25, max: 120 } });

    const bookable = await visitor.page({ slug: tree.top.slug, maxPrice: 50, inStock: true });
    expect(bookable.items.map((part) => part.name)).toEqual(['Chain']);
    expect(bookable.children).toEqual([
      { name: 'Cassettes', slug: tree.cassettes.slug, parts: 0 },
      { name: 'Chains', slug: tree.chains.slug, parts: 1 },
    ]);

    const first = await visitor.page({ slug: tree.top.slug, sort: 'price-desc', minPrice: 25, limit: 2 });
    expect(first.items.map((part) => part.price)).toEqual([120, 49]);
    const second = await visitor.page({ slug: tree.top.slug, sort: 'price-desc', minPrice: 25, limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((part) => part.price)).toEqual([25]);
    expect(second.nextCursor).toBeNull();
  });

  test('"4 stars & up" shows only parts whose average is 4 or more, counts them, and leaves out parts without reviews', async ({
    shop,
    admin,
    customer,
  }) => {
    const tree = await drivetrain(shop, admin);
    const visitor = shop.caller(null).categories;
    const post = (toolsId: string, rating: number) => shop.caller(customer.user).reviews.create({ rating, text: 'Rated.', toolsId });
    // Crankset averages 4 exactly (5 and 3), Chain 3.5; Cassette has no reviews.
    await post(tree.crank.id, 5);
    await post(tree.crank.id, 3);
    await post(tree.chain.id, 4);
    await post(tree.chain.id, 3);

    const all = await visitor.page({ slug: tree.top.slug });
    expect(all.fourStarsUp).toBe(1);
    const fourUp = await visitor.page({ slug: tree.top.slug, minRating: 4 });
    expect(fourUp.items.map((part) => part.name)).toEqual(['Crankset']);
    expect(fourUp).toMatchObject({ total: 1, inStock: 1 });
    expect(fourUp.items[0]).toMatchObject({ reviewCount: 2, averageRating: 4 });
    expect(fourUp.children).toEqual([
      { name: 'Cassettes', slug: tree.cassettes.slug, parts: 0 },
      { name: 'Chains', slug: tree.chains.slug, parts: 0 },
    ]);
    const threeUp = await visitor.page({ slug: tree.top.slug, minRating: 3 });
    expect(threeUp.items.map((part) => part.name)).toEqual(['Crankset', 'Chain']);
  });

  test.for([0, 6, 3.5])('refuses a rating filter of %s with a clear message', async (minRating, { shop, admin }) => {
    const tree = await drivetrain(shop, admin);
    await expect(shop.caller(null).categories.page({ slug: tree.top.slug, minRating })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.categoryRatingInvalid,
    });
  });

  test('refuses a missing category, a reversed price range and a foreign sort with readable errors', async ({ shop }) => {
    const visitor = shop.caller(null).categories;
    await expect(visitor.page({ slug: 'no-such-category' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.categoryNotFound,
    });
    await expect(visitor.page({ slug: 'wheels', minPrice: 60, maxPrice: 20 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(messages.categoryPriceRangeInvalid) as unknown,
    });
    await expect(visitor.page({ slug: 'wheels', sort: 'relevance' as never })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(messages.categorySortInvalid) as unknown,
    });
    await expect(visitor.page({ slug: '../admin' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('curating the tree', () => {
  test('creates, renames, moves and reorders categories, each change audited', async ({ shop, admin }) => {
    const write = shop.caller(admin.user).categories;
    const wheels = await write.create({ name: '  Wheels & Tyres ' });
    expect(wheels).toMatchObject({ name: 'Wheels & Tyres', slug: 'wheels-tyres', parentId: null });
    const rims = await write.create({ name: 'Rims', slug: unique('rims'), parentId: wheels.id });
    const hubs = await write.create({ name: 'Hubs', slug: unique('hubs'), parentId: wheels.id });
    await write.rename({ id: wheels.id, name: 'Wheels' });
    await write.reorder({ parentId: wheels.id, orderedIds: [hubs.id, rims.id] });
    const tyres = await write.create({ name: 'Tyres', slug: unique('tyres'), parentId: rims.id });
    await write.move({ id: tyres.id, parentId: wheels.id });

    const node = (await shop.caller(null).categories.tree()).find((root) => root.id === wheels.id);
    expect(node).toMatchObject({ name: 'Wheels', slug: 'wheels-tyres' });
    expect(node?.children.map((child) => [child.name, child.children.length])).toEqual([
      ['Hubs', 0],
      ['Rims', 0],
      ['Tyres', 0],
    ]);
    expect(await auditSubjects(shop, 'category.rename')).toContain(`"Wheels & Tyres" → "Wheels" (${wheels.id})`);
    expect(await auditSubjects(shop, 'category.move')).toContain(`Tyres (${tyres.id}): Rims → Wheels`);
    expect(await auditSubjects(shop, 'category.reorder')).toContain('under Wheels: Hubs, Rims');
  });

  test('refuses a cycle, a fourth level, a taken slug and a partial order, changing nothing', async ({ shop, admin }) => {
    const write = shop.caller(admin.user).categories;
    const a = await write.create({ name: 'A', slug: unique('a') });
    const b = await write.create({ name: 'B', slug: unique('b'), parentId: a.id });
    const c = await write.create({ name: 'C', slug: unique('c'), parentId: b.id });
    const before = await shop.database.db.select().from(categories);

    await expect(write.move({ id: a.id, parentId: c.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.categoryMoveIntoItself,
    });
    await expect(write.move({ id: a.id, parentId: a.id })).rejects.toMatchObject({ message: messages.categoryMoveIntoItself });
    await expect(write.create({ name: 'D', parentId: c.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.categoryTooDeep(3),
    });
    const other = await write.create({ name: 'Other', slug: unique('other') });
    const otherCount = (await shop.database.db.select().from(categories)).length;
    await expect(write.move({ id: other.id, parentId: c.id })).rejects.toMatchObject({ message: messages.categoryTooDeep(3) });
    await expect(write.create({ name: 'Again', slug: a.slug })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.categorySlugTaken,
    });
    await expect(write.reorder({ parentId: a.id, orderedIds: [c.id] })).rejects.toMatchObject({
      message: messages.categoryOrderMismatch,
    });
    await expect(write.create({ name: '&&' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.categorySlugInvalid });

    const after = await shop.database.db.select().from(categories);
    expect(after).toHaveLength(otherCount);
    expect(after.filter((row) => row.id !== other.id)).toEqual(expect.arrayContaining(before));
  });

  test('refuses deleting a category that holds parts or subcategories, and deletes an empty one', async ({ shop, admin }) => {
    const tree = await drivetrain(shop, admin);
    const write = shop.caller(admin.user).categories;
    await expect(write.remove({ id: tree.top.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.categoryNotEmpty(1, 2),
    });
    // The hidden chain still counts: hidden parts come back to the shop in their category.
    await expect(write.remove({ id: tree.chains.id })).rejects.toMatchObject({ message: messages.categoryNotEmpty(2, 0) });

    await shop.caller(admin.user).tools.remove({ id: tree.cassette.id });
    await expect(write.remove({ id: tree.cassettes.id })).resolves.toEqual({ id: tree.cassettes.id });
    const left = await shop.database.db.select({ id: categories.id }).from(categories).where(eq(categories.id, tree.cassettes.id));
    expect(left).toEqual([]);
    const [retired] = await shop.database.db
      .select({ categoryId: tools.categoryId })
      .from(tools)
      .where(eq(tools.id, tree.cassette.id));
    expect(retired?.categoryId).toBeNull();
    expect(await auditSubjects(shop, 'category.delete')).toContain(`Cassettes /${tree.cassettes.slug} (${tree.cassettes.id})`);
  });

  test('lets only admins change the tree', async ({ shop, customer }) => {
    await expect(shop.caller(customer.user).categories.create({ name: 'Nope' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.adminOnly,
    });
    await expect(shop.caller(null).categories.create({ name: 'Nope' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const rows = await shop.database.db.select().from(categories).where(eq(categories.name, 'Nope'));
    expect(rows).toEqual([]);
  });
});

describe('a part’s category on the part editor', () => {
  test('puts a part in a category, audited by name, and refuses a category that does not exist', async ({ shop, admin }) => {
    const write = shop.caller(admin.user).categories;
    const saddles = await write.create({ name: 'Saddles', slug: unique('saddles') });
    const part = await shop.createTool({ name: 'Saddle' });
    const form = await shop.caller(admin.user).tools.adminById({ id: part.id });
    const { _id, hidden: _hidden, version, categoryId, ...fields } = form;
    expect(categoryId).toBeNull();

    const saved = await shop
      .caller(admin.user)
      .tools.update({ ...fields, id: _id, version, availableWas: fields.available, categoryId: saddles.id });
    expect(saved.categoryId).toBe(saddles.id);
    expect((await shop.caller(null).categories.page({ slug: saddles.slug })).items.map((item) => item.name)).toEqual(['Saddle']);
    expect((await auditSubjects(shop, 'part.edit')).join('\n')).toContain('category: "none" → "Saddles"');

    await expect(
      shop.caller(admin.user).tools.update({
        ...fields,
        id: _id,
        version: saved.version,
        availableWas: fields.available,
        categoryId: '00000000-0000-4000-8000-000000000000',
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.categoryNotFound });
    await expect(shop.caller(admin.user).tools.adminById({ id: part.id })).resolves.toMatchObject({
      categoryId: saddles.id,
      version: saved.version,
    });
  });
});
