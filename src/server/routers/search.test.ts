// The header search's suggestions through the tRPC caller, as a visitor types: parts whose name
// has the typed words (the last one half typed), categories likewise with the names above them,
// never a hidden or retired part, a handful at most, nothing for one letter, and bad input refused.
import { TRPCError } from '@trpc/server';
import { describe, expect, test } from '../testing/fixtures';
import { messages } from '../../shared/messages';
import { SEARCH_TEXT_MAX } from '../../shared/constants';
import type { TestShop } from '../testing/test-shop';

function suggest(shop: TestShop, q: string) {
  return shop.caller(null).search.suggest({ q });
}

describe('search.suggest', () => {
  test('finds a part by the start of a word of its name, with its price and image, ties in catalogue order', async ({ shop }) => {
    const cassette = await shop.createTool({ name: 'Quorvex Road Cassette', priceCents: 49_50, img: '/images/parts/placeholder.svg' });
    const freewheel = await shop.createTool({ name: 'Quorvex Freewheel', priceCents: 19_00 });

    expect((await suggest(shop, 'quorvex cass')).parts).toEqual([
      { _id: cassette.id, name: 'Quorvex Road Cassette', price: 49.5, img: '/images/parts/placeholder.svg' },
    ]);
    // Both names have the word once: equally ranked, they come in the catalogue's order.
    expect((await suggest(shop, 'quorv')).parts.map((part) => part._id)).toEqual([cassette.id, freewheel.id]);
  });

  test('suggests no part found only by its description: a suggestion shows a name', async ({ shop }) => {
    await shop.createTool({ name: 'Plain Derailleur', description: 'Pairs with any Xyloquent cassette.' });

    expect((await suggest(shop, 'xyloq')).parts).toEqual([]);
    expect((await shop.caller(null).tools.search({ q: 'xyloq' })).items.map((part) => part.name)).toEqual(['Plain Derailleur']);
  });

  test('never suggests a hidden or retired part', async ({ shop, admin }) => {
    const shown = await shop.createTool({ name: 'Vantrell Headset' });
    await shop.createTool({ name: 'Vantrell Hidden Headset', hidden: true });
    const retired = await shop.createTool({ name: 'Vantrell Old Headset' });
    await shop.caller(admin.user).tools.remove({ id: retired.id });

    expect((await suggest(shop, 'vantrell')).parts.map((part) => part._id)).toEqual([shown.id]);
  });

  test('suggests at most 6 parts and 4 categories', async ({ shop, admin }) => {
    for (let i = 0; i < 8; i++) await shop.createTool({ name: `Brimwell Stem ${i}` });
    const write = shop.caller(admin.user).categories;
    for (let i = 0; i < 6; i++) await write.create({ name: `Brimwell Group ${i}`, slug: `brimwell-group-${i}` });

    const found = await suggest(shop, 'brimwell');

    expect(found.parts).toHaveLength(6);
    expect(found.categories).toHaveLength(4);
  });

  test('finds categories by the start of a word, accents aside, with the names above them', async ({ shop, admin }) => {
    const write = shop.caller(admin.user).categories;
    const top = await write.create({ name: 'Ostrava Drivetrain', slug: 'ostrava-drivetrain' });
    const middle = await write.create({ name: 'Ostrava Cassettes', slug: 'ostrava-cassettes', parentId: top.id });
    await write.create({ name: 'Ostrava Dérailleurs', slug: 'ostrava-derailleurs', parentId: top.id });
    await write.create({ name: 'Ostrava Pièces Cassées', slug: 'ostrava-casse-pieces', parentId: middle.id });

    expect((await suggest(shop, 'ostrava cass')).categories).toEqual([
      { slug: 'ostrava-cassettes', name: 'Ostrava Cassettes', trail: ['Ostrava Drivetrain'] },
      { slug: 'ostrava-casse-pieces', name: 'Ostrava Pièces Cassées', trail: ['Ostrava Drivetrain', 'Ostrava Cassettes'] },
    ]);
    expect((await suggest(shop, 'OSTRAVA derail')).categories).toEqual([
      { slug: 'ostrava-derailleurs', name: 'Ostrava Dérailleurs', trail: ['Ostrava Drivetrain'] },
    ]);
    expect((await suggest(shop, 'ostrava drive')).categories).toEqual([
      { slug: 'ostrava-drivetrain', name: 'Ostrava Drivetrain', trail: [] },
    ]);
  });

  test('suggests nothing for fewer than 2 letters or digits, or for punctuation alone', async ({ shop }) => {
    await shop.createTool({ name: 'Q Lever' });

    for (const q of ['', 'q', ' q ', '&|!', "q'", ':*']) {
      expect(await suggest(shop, q)).toEqual({ parts: [], categories: [] });
    }
  });

  test('reads query syntax in the typed text as plain words', async ({ shop }) => {
    const part = await shop.createTool({ name: 'Fennick Chainring' });

    for (const q of ['fennick & !chain', "fennick:* | '", 'fennick) (chainr']) {
      expect((await suggest(shop, q)).parts.map((found) => found._id)).toEqual([part.id]);
    }
  });

  test('refuses text longer than a search may be, or with control characters, and a missing text', async ({ shop }) => {
    const refusal = (q: unknown) => shop.caller(null).search.suggest({ q } as { q: string });

    await expect(refusal('x'.repeat(SEARCH_TEXT_MAX + 1))).rejects.toThrow(TRPCError);
    await expect(refusal('x'.repeat(SEARCH_TEXT_MAX + 1))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.searchTooLong,
    });
    await expect(refusal('cass\u0000')).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.textHasControlCharacters });
    await expect(refusal(42)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.searchInvalid });
    expect(await shop.caller(null).search.suggest({})).toEqual({ parts: [], categories: [] });
  });
});
