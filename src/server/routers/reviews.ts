// Customer reviews: a public list, newest first with the total count, and each part's own with
// its average rating; signed-in customers post, about the shop or about one part.
import { TRPCError } from '@trpc/server';
import { and, avg, count, desc, eq, lt } from 'drizzle-orm';
import { pageInputSchema, type Page } from '../../shared/common';
import { DEFAULT_AVATAR } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { createReviewSchema, partReviewsSchema } from '../../shared/reviews';
import type { SessionUser } from '../auth/session-user';
import { reviews, rowCounts, tools } from '../db/schema';
import { listed } from '../services/tool-views';
import { protectedProcedure, router, sharedRead } from '../trpc';

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

  /** One part's reviews, newest first, with their number and average rating (null without any). */
  forPart: sharedRead(partReviewsSchema, { tables: ['reviews'] }).query(
    async ({ ctx, input }): Promise<Page<ReviewView> & { total: number; averageRating: number | null }> => {
      const { db } = ctx.deps;
      const ofPart = eq(reviews.toolId, input.toolsId);
      const [rows, [summary]] = await Promise.all([
        db
          .select(reviewColumns)
          .from(reviews)
          .where(input.cursor ? and(ofPart, lt(reviews.seq, Number(input.cursor))) : ofPart)
          .orderBy(desc(reviews.seq))
          .limit(input.limit + 1),
        db
          .select({ total: count(), average: avg(reviews.rating) })
          .from(reviews)
          .where(ofPart),
      ]);
      const page = rows.slice(0, input.limit);
      const last = page.at(-1);
      return {
        items: page.map(toReviewView),
        nextCursor: rows.length > input.limit && last ? String(last.seq) : null,
        total: summary?.total ?? 0,
        averageRating: summary?.average == null ? null : Math.round(Number(summary.average) * 10) / 10,
      };
    },
  ),

  create: protectedProcedure.input(createReviewSchema).mutation(async ({ ctx, input }) => {
    if (input.toolsId) {
      const [part] = await ctx.deps.db
        .select({ id: tools.id })
        .from(tools)
        .where(and(eq(tools.id, input.toolsId), listed));
      if (!part) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
    }
    const [row] = await ctx.deps.db
      .insert(reviews)
      .values({
        userId: ctx.user.id,
        toolId: input.toolsId ?? null,
        name: reviewerName(ctx.user),
        img: ctx.user.photoUrl ?? DEFAULT_AVATAR,
        rating: input.rating,
        text: input.text,
      })
      .returning(reviewColumns);
    if (!row) throw new Error('Inserting a review returned no row');
    return toReviewView(row);
  }),
});
