// Catalogue search through the tRPC caller: words ranked by where they appear, the orders, the
// in-stock filter and the pages of each order, on a catalogue of this file's own parts.
import { describe, expect, test } from '../testing/fixtures';
import type { SearchToolsInput } from '../../shared/tools';
import { messages } from '../../shared/messages';
import type { TestShop } from '../testing/test-shop';

const parts = {
  headset: {
    name: 'Threadless Headset',
    priceCents: 39_00,
    minimumOrderQuantity: 5,
    available: 43,
    description: 'Sealed bearings for 1-1/8 inch steerers.',
  },
  cassette: {
    name: 'Road Cassette',
    priceCents: 49_00,
    minimumOrderQuantity: 4,
    available: 65,
    description: 'Eleven cogs; pairs with any headset spacer kit and rear derailleur.',
  },
  stem: {
    name: 'Quill Stem',
    priceCents: 19_00,
    minimumOrderQuantity: 12,
    available: 8,
    description: 'A classic stem for threaded forks.',
  },
  derailleur: {
    name: 'Rear Derailleur',
    priceCents: 99_00,
    minimumOrderQuantity: 4,
    available: 16,
    description: 'Eleven speeds, clutch for rough roads.',
  },
  seatpost: {
    name: 'Carbon Seatpost',
    priceCents: 49_00,
    minimumOrderQuantity: 2,
    available: 30,
    description: 'Light and stiff, 27.2 mm.',
  },
};
type PartKey = keyof typeof parts;
const ids = new Map<string, PartKey>();

test.beforeAll(async ({ shop, admin }) => {
  for (const [key, part] of Object.entries(parts)) {
    const { id } = await shop.createTool({ ...part, img: '/images/parts/placeholder.svg' });
    ids.set(id, key as PartKey);
  }
  const retired = await shop.createTool({ name: 'Retired Headset', description: 'No longer made.' });
  await shop.caller(admin.user).tools.remove({ id: retired.id });
});

async function search(shop: TestShop, input: SearchToolsInput) {
  const page = await shop.caller(null).tools.search(input);
  return { names: page.items.map((tool) => ids.get(tool._id)), nextCursor: page.nextCursor };
}

/** Every page of a search, following nextCursor. */
async function allPages(shop: TestShop, input: SearchToolsInput): Promise<(PartKey | undefined)[]> {
  const names: (PartKey | undefined)[] = [];
  let cursor: string | undefined;
  do {
    const page = await search(shop, { ...input, cursor });
    // Never more than asked for, and never an empty page behind a cursor.
    expect(page.names.length).toBeGreaterThan(0);
    expect(page.names.length).toBeLessThanOrEqual(input.limit ?? Infinity);
    names.push(...page.names);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return names;
}

describe('tools.search', () => {
  test('finds words in names and descriptions, a name match ranked first, and never a retired part', async ({ shop }) => {
    expect((await search(shop, { q: 'headset' })).names).toEqual(['headset', 'cassette']);
    // The derailleur was added after the cassette, whose description names it: rank, not age, leads.
    expect((await search(shop, { q: 'derailleur' })).names).toEqual(['derailleur', 'cassette']);
  });

  test('matches the start of a word and every word given, whatever the case and punctuation', async ({ shop }) => {
    expect((await search(shop, { q: 'CASS' })).names).toEqual(['cassette']);
    expect((await search(shop, { q: 'eleven, cogs!' })).names).toEqual(['cassette']);
    expect((await search(shop, { q: 'eleven' })).names.sort()).toEqual(['cassette', 'derailleur']);
  });

  test('reads query syntax a customer types as plain words', async ({ shop }) => {
    expect((await search(shop, { q: "stem' | !(& :* <->" })).names).toEqual(['stem']);
    expect((await search(shop, { q: 'titanium' })).names).toEqual([]);
  });

  test('sorts by price both ways (equal prices in a fixed order), and by newest', async ({ shop }) => {
    expect((await search(shop, { sort: 'price-asc' })).names).toEqual(['stem', 'headset', 'cassette', 'seatpost', 'derailleur']);
    expect((await search(shop, { sort: 'price-desc' })).names).toEqual(['derailleur', 'seatpost', 'cassette', 'headset', 'stem']);
    expect((await search(shop, { sort: 'newest' })).names).toEqual(['seatpost', 'derailleur', 'stem', 'cassette', 'headset']);
    expect((await search(shop, {})).names).toEqual(['headset', 'cassette', 'stem', 'derailleur', 'seatpost']);
  });

  test('shows only parts whose stock reaches the minimum order when asked', async ({ shop }) => {
    expect((await search(shop, { inStock: true, sort: 'price-asc' })).names).toEqual([
      'headset',
      'cassette',
      'seatpost',
      'derailleur',
    ]);
    expect((await search(shop, { q: 'stem', inStock: true })).names).toEqual([]);
  });

  test.for<SearchToolsInput>([
    { sort: 'price-asc' },
    { sort: 'price-desc' },
    { sort: 'newest' },
    { sort: 'relevance' },
    { q: 'eleven headset', sort: 'relevance' },
    { q: 'e', sort: 'relevance' },
    { inStock: true, sort: 'price-desc' },
  ])('pages through %j one part at a time, as one page shows it', async (input, { shop }) => {
    const whole = (await search(shop, { ...input, limit: 100 })).names;
    expect(whole.length).toBeGreaterThan(0);
    expect(await allPages(shop, { ...input, limit: 1 })).toEqual(whole);
  });

  test('refuses a bad sort, an overlong search and a cursor of another order with a clear message', async ({ shop }) => {
    const caller = shop.caller(null);
    await expect(caller.tools.search({ sort: 'cheapest' as 'newest' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.sortInvalid,
    });
    await expect(caller.tools.search({ q: 'x'.repeat(101) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.searchTooLong,
    });
    await expect(caller.tools.search({ sort: 'newest', cursor: '4900.2' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.cursorInvalid,
    });
    await expect(caller.tools.search({ sort: 'price-asc', cursor: '12' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.cursorInvalid,
    });
  });
});
