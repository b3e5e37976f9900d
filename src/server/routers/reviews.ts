// Customer reviews: a public list with its total and each part's own with its average rating;
// signed-in customers post, about the shop or about one part; admins remove one (moderation).
import { z } from 'zod';
import { idSchema, pageInputSchema } from '../../shared/common';
import { createReviewSchema, partReviewsSchema } from '../../shared/reviews';
import { listReviews, partReviews, postReview, removeReview } from '../domains/catalogue/reviews';
import { adminWriteProcedure, protectedProcedure, router, sharedRead } from '../trpc';

/** Reviews spend a budget per user, so nobody fills the public pages. */
const reviewProcedure = protectedProcedure.meta({ rateLimit: 'review' });

export const reviewsRouter = router({
  list: sharedRead(pageInputSchema.prefault({}), { tables: ['reviews'] }).query(({ ctx, input }) => listReviews(ctx.deps.db, input)),

  forPart: sharedRead(partReviewsSchema, { tables: ['reviews'] })
    .meta({ apiScope: 'catalogue:read' })
    .query(({ ctx, input }) => partReviews(ctx.deps.db, input)),

  create: reviewProcedure.input(createReviewSchema).mutation(({ ctx, input }) => postReview(ctx.deps.db, ctx.user, input)),

  remove: adminWriteProcedure.input(z.object({ id: idSchema })).mutation(async ({ ctx, input }) => {
    await removeReview(ctx.deps.db, ctx.user, input.id);
    return { deletedCount: 1 };
  }),
});
