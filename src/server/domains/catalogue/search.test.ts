// The pages of a catalogue search without words, over random catalogues: following nextCursor from
// the first page shows every listed part exactly once, in the order asked for, whatever the page
// size, however many parts share a price, and with hidden and retired parts among them. The search
// runs as tools.search runs it (its input parsed by the shared schema), but past the read cache, so
// each catalogue is read as it is.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, test } from '../../testing/fixtures';
import { catalogueSorts } from '../../../shared/catalogue-sorts';
import { searchToolsSchema } from '../../../shared/tools';
import { tools } from '../../db/schema';
import type { TestShop } from '../../testing/test-shop';
import { searchCatalogue } from './search';

/** A part as the property draws it: few prices, so that many parts share one. */
const part = fc.record({
  priceCents: fc.constantFrom(1, 12_50, 12_50, 99_99, 100_000_000),
  minimumOrderQuantity: fc.integer({ min: 1, max: 3 }),
  available: fc.integer({ min: 0, max: 4 }),
  // One part in five hidden, one in five retired.
  hidden: fc.constantFrom(false, false, false, false, true),
  retired: fc.constantFrom(false, false, false, false, true),
});

const search = fc.record({
  sort: fc.constantFrom(...catalogueSorts),
  inStock: fc.boolean(),
  limit: fc.integer({ min: 1, max: 4 }),
});

type DrawnPart = typeof part extends fc.Arbitrary<infer Drawn> ? Drawn : never;

interface Seeded {
  id: string;
  seq: number;
  priceCents: number;
}

/** Replaces the catalogue with these parts, in this order; returns the listed ones as stored. */
async function catalogueOf(shop: TestShop, drawn: DrawnPart[], inStock: boolean): Promise<Seeded[]> {
  await shop.database.db.execute(sql`delete from ${tools}`);
  const stored: Seeded[] = [];
  for (const [index, { retired, ...fields }] of drawn.entries()) {
    const [row] = await shop.database.db
      .insert(tools)
      .values({
        ...fields,
        name: `Part ${index}`,
        img: '/images/parts/placeholder.svg',
        description: 'A part of a random catalogue.',
        removedAt: retired ? new Date() : null,
      })
      .returning({ id: tools.id, seq: tools.seq, priceCents: tools.priceCents });
    const listed = !fields.hidden && !retired && (!inStock || fields.available >= fields.minimumOrderQuantity);
    if (row && listed) stored.push(row);
  }
  return stored;
}

/** The listed parts in the order the sort names; the seq breaks ties of price. */
function inOrder(parts: Seeded[], sort: (typeof catalogueSorts)[number]): string[] {
  const bySeq = (a: Seeded, b: Seeded) => a.seq - b.seq;
  const sorted = [...parts].sort(
    sort === 'price-asc'
      ? (a, b) => a.priceCents - b.priceCents || bySeq(a, b)
      : sort === 'price-desc'
        ? (a, b) => b.priceCents - a.priceCents || bySeq(b, a)
        : sort === 'newest'
          ? (a, b) => bySeq(b, a)
          : bySeq,
  );
  return sorted.map((row) => row.id);
}

describe('the pages of a search without words', () => {
  test('show every listed part exactly once, in order, for any catalogue, order and page size', async ({ shop }) => {
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 12 }), search, async (drawn, { sort, inStock, limit }) => {
        const listed = await catalogueOf(shop, drawn, inStock);
        const shown: string[] = [];
        let cursor: string | undefined;
        for (let pages = 0; pages <= listed.length; pages += 1) {
          const page = await searchCatalogue(shop.database.db, searchToolsSchema.parse({ sort, inStock, limit, cursor }));
          expect(page.items.length).toBeLessThanOrEqual(limit);
          // A cursor promises more: never an empty page behind one.
          if (cursor) expect(page.items.length).toBeGreaterThan(0);
          shown.push(...page.items.map((item) => item._id));
          cursor = page.nextCursor ?? undefined;
          if (!cursor) break;
        }
        expect(cursor, 'a page after the last').toBeUndefined();
        expect(shown).toEqual(inOrder(listed, sort));
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
