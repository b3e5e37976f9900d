// The demo reviews about their parts: a fresh demo seeds each about the part it talks about, and a
// demo seeded before reviews named parts gets exactly its own reviews tied, once, with the parts'
// kept figures equal to their reviews'.
import { eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import type { TestShop } from '../testing/test-shop';
import { demoReviews, demoTools } from './demo-data';
import { reviews, tools } from './schema';
import { seedDemoCatalogue, tieSeededDemoReviews } from './seed';

/** Each part's kept figures beside its reviews' count and sum. */
async function figures(shop: TestShop) {
  const { db } = shop.deps;
  return db
    .select({
      name: tools.name,
      kept: sql<string>`${tools.reviewCount} || '/' || ${tools.ratingTotal}`,
      // Qualified by hand: inside the subquery a bare "id" would be the review's.
      counted: sql<string>`(select count(*) || '/' || coalesce(sum(r.rating), 0) from reviews r where r.tool_id = tools.id)`,
    })
    .from(tools)
    .orderBy(tools.seq);
}

describe('the demo reviews', () => {
  test('a fresh demo seeds each review about its part, so every demo part shows a rating', async ({ shop }) => {
    expect(await seedDemoCatalogue(shop.deps.db)).toBe(true);
    const { db } = shop.deps;
    expect(await db.select({ id: reviews.id }).from(reviews).where(isNull(reviews.toolId))).toEqual([]);
    for (const row of await figures(shop)) expect(row.kept).toBe(row.counted);

    const parts = await shop.caller(null).tools.list({ limit: 100 });
    expect(parts.items.map((part) => part.name)).toEqual(demoTools.map((part) => part.name));
    for (const part of parts.items) expect(part.reviewCount).toBeGreaterThan(0);
    const headsets = parts.items.find((part) => part.name === 'Bike Headsets')!;
    const { items } = await shop.caller(null).reviews.forPart({ toolsId: headsets._id });
    expect(items.map((review) => review.name).sort()).toEqual(
      demoReviews
        .filter((review) => review.part === 'Bike Headsets')
        .map((review) => review.name)
        .sort(),
    );
  });

  test('an older demo gets exactly its own unattached reviews tied, once; copies by customers stay as they were', async ({
    shop,
    customer,
  }) => {
    const { db } = shop.deps;
    // The demo as it was seeded before reviews named parts.
    await db.update(reviews).set({ toolId: null }).where(isNotNull(reviews.toolId));
    await db.update(tools).set({ reviewCount: 0, ratingTotal: 0 });
    const [first] = demoReviews;
    const copied = await db
      .insert(reviews)
      .values([
        { userId: customer.user.id, name: first.name, img: first.img, rating: first.rating, text: first.text },
        { name: first.name, img: first.img, rating: 1, text: first.text },
      ])
      .returning({ id: reviews.id });

    expect(await tieSeededDemoReviews(db)).toBe(demoReviews.length);
    expect(await tieSeededDemoReviews(db)).toBe(0);

    const stillLoose = await db.select({ id: reviews.id }).from(reviews).where(isNull(reviews.toolId));
    expect(stillLoose.map((row) => row.id).sort()).toEqual(copied.map((row) => row.id).sort());
    for (const row of await figures(shop)) expect(row.kept).toBe(row.counted);
    const [headsets] = await db.select({ count: tools.reviewCount }).from(tools).where(eq(tools.name, 'Bike Headsets'));
    expect(headsets?.count).toBe(demoReviews.filter((review) => review.part === 'Bike Headsets').length);
  });
});
