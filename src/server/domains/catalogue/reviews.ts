// Customer reviews: the shop's list, newest first with its total, and each part's own with its
// average rating; a signed-in customer posts one, about the shop or about a part; an admin removes
// one (moderation), audited with what it said. A review is shown under the author's display name,
// never any part of an email address. A part's review count and rating total live on the part and
// change in the same transaction as its reviews (docs/decisions/0050).
import { TRPCError } from '@trpc/server';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Page } from '../../../shared/common';
import { DEFAULT_AVATAR } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import type { CreateReviewInput } from '../../../shared/reviews';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { keysetPage } from '../../db/pages';
import { reviews, rowCounts, tools, users } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { averageRating, listed } from './part-views';

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

interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

/** Every review, newest first, with the total kept by a trigger (so it never scans the reviews). */
export async function listReviews(db: Database, request: PageRequest): Promise<Page<ReviewView> & { total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ...reviewColumns, authorEmail: users.email })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.userId))
      .where(request.cursor ? lt(reviews.seq, Number(request.cursor)) : undefined)
      .orderBy(desc(reviews.seq))
      .limit(request.limit + 1),
    db.select({ total: rowCounts.rows }).from(rowCounts).where(eq(rowCounts.tableName, 'reviews')),
  ]);
  return { ...keysetPage(rows, request.limit, toReviewView), total: totals?.total ?? 0 };
}

/** One part's reviews, newest first, with their number and average rating (null without any), as kept on the part. */
export async function partReviews(
  db: Database,
  request: PageRequest & { toolsId: string },
): Promise<Page<ReviewView> & { total: number; averageRating: number | null }> {
  const ofPart = eq(reviews.toolId, request.toolsId);
  const [rows, [summary]] = await Promise.all([
    db
      .select(reviewColumns)
      .from(reviews)
      .where(request.cursor ? and(ofPart, lt(reviews.seq, Number(request.cursor))) : ofPart)
      .orderBy(desc(reviews.seq))
      .limit(request.limit + 1),
    db.select({ reviewCount: tools.reviewCount, ratingTotal: tools.ratingTotal }).from(tools).where(eq(tools.id, request.toolsId)),
  ]);
  return {
    ...keysetPage(rows, request.limit, toReviewView),
    total: summary?.reviewCount ?? 0,
    averageRating: summary ? averageRating(summary) : null,
  };
}

/** Adds a review's rating to its part's kept figures (or takes it away, with -1), in the review's transaction. */
async function countRating(tx: Database, toolId: string, rating: number, sign: 1 | -1): Promise<void> {
  await tx
    .update(tools)
    .set({ reviewCount: sql`${tools.reviewCount} + ${sign}`, ratingTotal: sql`${tools.ratingTotal} + ${sign * rating}` })
    .where(eq(tools.id, toolId));
}

/** Posts the customer's review under their profile's name and photo; a part it names must be on sale. */
export async function postReview(db: Database, user: SessionUser, input: CreateReviewInput): Promise<ReviewView> {
  return db.transaction(async (tx) => {
    if (input.toolsId) {
      // The part's row stays locked until commit, so concurrent reviews add up one after another.
      const [part] = await tx
        .select({ id: tools.id })
        .from(tools)
        .where(and(eq(tools.id, input.toolsId), listed))
        .for('update');
      if (!part) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
    }
    const [row] = await tx
      .insert(reviews)
      .values({
        userId: user.id,
        toolId: input.toolsId ?? null,
        name: publicReviewerName(user.displayName?.trim() ?? '', user.email),
        img: user.photoUrl ?? DEFAULT_AVATAR,
        rating: input.rating,
        text: input.text,
      })
      .returning(reviewColumns);
    if (!row) throw new Error('Inserting a review returned no row');
    if (input.toolsId) await countRating(tx, input.toolsId, input.rating, 1);
    return toReviewView(row);
  });
}

/**
 * Deletes the review outright, so the count (a trigger on delete), its part's kept figures and every
 * cached page (drizzle's write hook, and the change feed for other processes) drop it at once. The audit keeps what it
 * said, since the row itself is gone.
 */
export async function removeReview(db: Database, admin: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(reviews)
      .where(eq(reviews.id, id))
      .returning({ id: reviews.id, toolId: reviews.toolId, name: reviews.name, rating: reviews.rating, text: reviews.text });
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.reviewNotFound });
    if (row.toolId) await countRating(tx, row.toolId, row.rating, -1);
    await recordAudit(tx, admin, 'review.remove', `${row.name}, ${row.rating}/5: "${row.text}" (${row.id})`);
  });
}
