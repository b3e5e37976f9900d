// Customer reviews: a public list, newest first with the total count; signed-in customers post;
// admins remove one (moderation), audited with what it said.
import { TRPCError } from '@trpc/server';
import { desc, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import { idSchema, pageInputSchema, type Page } from '../../shared/common';
import { DEFAULT_AVATAR } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { createReviewSchema } from '../../shared/reviews';
import type { SessionUser } from '../auth/session-user';
import { reviews, rowCounts } from '../db/schema';
import { recordAudit } from '../services/audit';
import { adminProcedure, protectedProcedure, router, sharedRead } from '../trpc';

const reviewColumns = {
  id: reviews.id,
  seq: reviews.seq,
  name: reviews.name,
  img: reviews.img,
  rating: reviews.rating,
  text: reviews.text,
  createdAt: reviews.createdAt,
};

type ReviewRow = Pick<typeof reviews.$inferSelect, keyof typeof reviewColumns>;

export interface ReviewView {
  _id: string;
  name: string;
  img: string;
  rating: number;
  text: string;
  createdAt: string;
}

function toReviewView(row: ReviewRow): ReviewView {
  return {
    _id: row.id,
    name: row.name,
    img: row.img,
    rating: row.rating,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The name shown on a review: the profile's display name, else the email's local part. */
function reviewerName(user: SessionUser): string {
  return user.displayName?.trim() || user.email.split('@')[0] || user.email;
}

export const reviewsRouter = router({
  list: sharedRead(pageInputSchema.prefault({}), { tables: ['reviews'] }).query(
    async ({ ctx, input }): Promise<Page<ReviewView> & { total: number }> => {
      const { db } = ctx.deps;
      const [rows, [totals]] = await Promise.all([
        db
          .select(reviewColumns)
          .from(reviews)
          .where(input.cursor ? lt(reviews.seq, Number(input.cursor)) : undefined)
          .orderBy(desc(reviews.seq))
          .limit(input.limit + 1),
        // Kept by a trigger with every insert and delete, so the total never scans the reviews.
        db.select({ total: rowCounts.rows }).from(rowCounts).where(eq(rowCounts.tableName, 'reviews')),
      ]);
      const page = rows.slice(0, input.limit);
      const last = page.at(-1);
      return {
        items: page.map(toReviewView),
        nextCursor: rows.length > input.limit && last ? String(last.seq) : null,
        total: totals?.total ?? 0,
      };
    },
  ),

  create: protectedProcedure.input(createReviewSchema).mutation(async ({ ctx, input }) => {
    const [row] = await ctx.deps.db
      .insert(reviews)
      .values({
        userId: ctx.user.id,
        name: reviewerName(ctx.user),
        img: ctx.user.photoUrl ?? DEFAULT_AVATAR,
        rating: input.rating,
        text: input.text,
      })
      .returning(reviewColumns);
    if (!row) throw new Error('Inserting a review returned no row');
    return toReviewView(row);
  }),

  /**
   * Deletes the review outright, so the count (a trigger on delete) and every cached page (drizzle's
   * write hook, and the change feed for other processes) drop it at once. The audit keeps what it
   * said, since the row itself is gone.
   */
  remove: adminProcedure.input(z.object({ id: idSchema })).mutation(async ({ ctx, input }) => {
    return ctx.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(reviews)
        .where(eq(reviews.id, input.id))
        .returning({ id: reviews.id, name: reviews.name, rating: reviews.rating, text: reviews.text });
      if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.reviewNotFound });
      await recordAudit(tx, ctx.user, 'review.remove', `${row.name}, ${row.rating}/5: "${row.text}" (${row.id})`);
      return { deletedCount: 1 };
    });
  }),
});
