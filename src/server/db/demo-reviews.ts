// Ties the demo reviews to the demo parts they talk about, with each part's kept rating figures
// (docs/decisions/0050). Run when the demo is seeded, and at each embedded start for a demo seeded
// before reviews named parts. Touches only reviews that are exactly a demo review (same name,
// picture, rating and text, no author account) and still about no part, and only a demo part whose
// name no other part in the shop shares: an admin's or a customer's review is never moved.
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from './database';
import { demoReviews } from './demo-data';
import { reviews, tools } from './schema';

/** How many reviews were tied to a part. */
export async function tieDemoReviewsToParts(tx: Database): Promise<number> {
  const names = [...new Set(demoReviews.map((review) => review.part))];
  const parts = await tx
    .select({ name: tools.name, id: sql<string>`min(${tools.id}::text)`, parts: count() })
    .from(tools)
    .where(and(inArray(tools.name, names), isNull(tools.removedAt), isNull(tools.variantOf)))
    .groupBy(tools.name);
  const partIds = new Map(parts.filter((part) => part.parts === 1).map((part) => [part.name, part.id]));
  let tied = 0;
  for (const review of demoReviews) {
    const toolId = partIds.get(review.part);
    if (!toolId) continue;
    const moved = await tx
      .update(reviews)
      .set({ toolId })
      .where(
        and(
          isNull(reviews.toolId),
          isNull(reviews.userId),
          eq(reviews.name, review.name),
          eq(reviews.img, review.img),
          eq(reviews.rating, review.rating),
          eq(reviews.text, review.text),
        ),
      )
      .returning({ rating: reviews.rating });
    if (moved.length === 0) continue;
    tied += moved.length;
    await tx
      .update(tools)
      .set({
        reviewCount: sql`${tools.reviewCount} + ${moved.length}`,
        ratingTotal: sql`${tools.ratingTotal} + ${moved.reduce((sum, row) => sum + row.rating, 0)}`,
      })
      .where(eq(tools.id, toolId));
  }
  return tied;
}
