// A part's ratings kept on the part (docs/decisions/0050): the count and total always equal its
// reviews' after any posts and removals, the catalogue shows them, and nothing changes on a refusal.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, test } from '../testing/fixtures';
import { reviews, tools } from '../db/schema';
import type { TestShop } from '../testing/test-shop';

/** The part's kept figures, and the same figures counted from its reviews. */
async function keptAndCounted(shop: TestShop, toolId: string) {
  const { db } = shop.database;
  const [kept] = await db.select({ count: tools.reviewCount, total: tools.ratingTotal }).from(tools).where(eq(tools.id, toolId));
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${reviews.rating}), 0)::int` })
    .from(reviews)
    .where(eq(reviews.toolId, toolId));
  return { kept, counted };
}

describe('ratings kept on the part', () => {
  test('after any sequence of posts and removals, the stored count and total equal the reviews’ count and sum', async ({
    shop,
    customer,
    admin,
  }) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('post' as const), rating: fc.integer({ min: 1, max: 5 }), other: fc.boolean() }),
            fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
            fc.record({ kind: fc.constant('refused' as const), rating: fc.constantFrom(0, 6) }),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        async (steps) => {
          const part = await shop.createTool();
          const other = await shop.createTool();
          const posted: string[] = [];
          for (const step of steps) {
            if (step.kind === 'post') {
              const review = await shop.caller(customer.user).reviews.create({
                rating: step.rating,
                text: 'Property review.',
                toolsId: step.other ? other.id : part.id,
              });
              posted.push(review._id);
            } else if (step.kind === 'remove' && posted.length > 0) {
              const [id] = posted.splice(step.pick % posted.length, 1);
              await shop.caller(admin.user).reviews.remove({ id: id! });
            } else if (step.kind === 'refused') {
              await expect(
                shop.caller(customer.user).reviews.create({ rating: step.rating, text: 'Refused.', toolsId: part.id }),
              ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
            }
          }
          for (const id of [part.id, other.id]) {
            const { kept, counted } = await keptAndCounted(shop, id);
            expect(kept).toEqual(counted);
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  test('the catalogue, the part and its reviews show the count and the average to one decimal; none without reviews', async ({
    shop,
    customer,
    admin,
  }) => {
    const part = await shop.createTool({ name: 'Rated part' });
    const visitor = shop.caller(null);
    await expect(visitor.tools.byId({ id: part.id })).resolves.toMatchObject({ reviewCount: 0, averageRating: null });

    const posted = [];
    for (const rating of [5, 4, 4])
      posted.push(await shop.caller(customer.user).reviews.create({ rating, text: 'Good.', toolsId: part.id }));
    await expect(visitor.tools.byId({ id: part.id })).resolves.toMatchObject({ reviewCount: 3, averageRating: 4.3 });
    await expect(visitor.reviews.forPart({ toolsId: part.id })).resolves.toMatchObject({ total: 3, averageRating: 4.3 });
    const listed = await visitor.tools.search({ q: 'Rated part' });
    expect(listed.items.find((item) => item._id === part.id)).toMatchObject({ reviewCount: 3, averageRating: 4.3 });

    await shop.caller(admin.user).reviews.remove({ id: posted[0]!._id });
    await expect(visitor.tools.byId({ id: part.id })).resolves.toMatchObject({ reviewCount: 2, averageRating: 4 });
  });

  test('a review of a retired part is refused and leaves the figures as they were', async ({ shop, customer, admin }) => {
    const part = await shop.createTool();
    await shop.caller(customer.user).reviews.create({ rating: 2, text: 'Meh.', toolsId: part.id });
    await shop.caller(admin.user).tools.remove({ id: part.id });
    await expect(shop.caller(customer.user).reviews.create({ rating: 5, text: 'Late.', toolsId: part.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await keptAndCounted(shop, part.id)).kept).toEqual({ count: 1, total: 2 });
  });

  test('the database refuses figures no set of reviews could make', async ({ shop }) => {
    const part = await shop.createTool();
    for (const figures of [
      { reviewCount: 1, ratingTotal: 6 },
      { reviewCount: -1, ratingTotal: -1 },
    ]) {
      const failure: unknown = await shop.database.db
        .update(tools)
        .set(figures)
        .where(eq(tools.id, part.id))
        .catch((error: unknown) => error);
      expect(String((failure as Error).cause)).toMatch(/tools_rating_total_in_range/);
    }
  });
});
