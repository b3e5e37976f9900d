// One part's reviews, a page at a time: the rating summary and the review list share this query,
// so the page asks the server once.
import { trpc } from '../../lib/trpc';

const REVIEWS_PAGE_SIZE = 6;

/** The first page's input: the server-side render reads the same one ahead (page-render.tsx). */
export function partReviewsInput(toolId: string) {
  return { toolsId: toolId, limit: REVIEWS_PAGE_SIZE };
}

export function usePartReviews(toolId: string) {
  return trpc.reviews.forPart.useInfiniteQuery(partReviewsInput(toolId), { getNextPageParam: (page) => page.nextCursor ?? undefined });
}
