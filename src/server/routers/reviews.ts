// Customer reviews: a public list, newest first with the total count, and each part's own with
// its average rating; signed-in customers post, about the shop or about one part; admins remove
// one (moderation), audited with what it said.
import { TRPCError } from '@trpc/server';
import { and, avg, count, desc, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import { idSchema, pageInputSchema, type Page } from '../../shared/common';
import { DEFAULT_AVATAR } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { createReviewSchema, partReviewsSchema } from '../../shared/reviews';
import type { SessionUser } from '../auth/session-user';
import { reviews, rowCounts, tools, users } from '../db/schema';
import { recordAudit } from '../domains/audit/audit';
import { listed } from '../domains/catalogue/part-views';
import { adminWriteProcedure, protectedProcedure, router, sharedRead } from '../trpc';

/** Reviews spend a budget per user, so nobody fills the public pages. */
const reviewProcedure = protectedProcedure.meta({ rateLimit: 'review' });

const reviewColumns = {
  id: reviews.id,
  seq: reviews.seq,
  name: reviews.name,
  img: reviews.img,
  rating: reviews.rating,
  text: reviews.text,
  createdAt: reviews.createdAt,
};

type ReviewRow = Pick<typeof reviews.$inferSelect, keyof typeof reviewColumns> & {
  /** The author's email, only to recognise a name taken from it; never shown. */
  authorEmail?: string | null;
};

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
    name: publicReviewerName(row.name, row.authorEmail ?? null),
    img: row.img,
    rating: row.rating,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The name a review is shown under, never any part of an email address: reviews written before
 * this rule were stored under the email's local part when the profile had no name.
 */
function publicReviewerName(name: string, authorEmail: string | null): string {
  const emailLocalPart = authorEmail?.split('@')[0];
  const fromEmail = name.includes('@') || (emailLocalPart !== undefined && name.toLowerCase() === emailLocalPart);
  return fromEmail || name.trim() === '' ? messages.reviewerWithoutName : name;
}

/** The name stored with a new review: the profile's display name. */
function reviewerName(user: SessionUser): string {
  return publicReviewerName(user.displayName?.trim() ?? '', user.email);
}

export const reviewsRouter = router({
  list: sharedRead(pageInputSchema.prefault({}), { tables: ['reviews'] }).query(
    async ({ ctx, input }): Promise<Page<ReviewView> & { total: number }> => {
      const { db } = ctx.deps;
      const [rows, [totals]] = await Promise.all([
        db
          .select({ ...reviewColumns, authorEmail: users.email })
          .from(reviews)
          .leftJoin(users, eq(users.id, reviews.userId))
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

  create: reviewProcedure.input(createReviewSchema).mutation(async ({ ctx, input }) => {
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

  /**
   * Deletes the review outright, so the count (a trigger on delete) and every cached page (drizzle's
   * write hook, and the change feed for other processes) drop it at once. The audit keeps what it
   * said, since the row itself is gone.
   */
  remove: adminWriteProcedure.input(z.object({ id: idSchema })).mutation(async ({ ctx, input }) => {
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
