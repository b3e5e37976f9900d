// One part's reviews, a page at a time: the rating summary and the review list share this query,
// so the page asks the server once.
import { trpc } from '../../lib/trpc';

const REVIEWS_PAGE_SIZE = 6;

export function usePartReviews(toolId: string) {
  return trpc.reviews.forPart.useInfiniteQuery(
    { toolsId: toolId, limit: REVIEWS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
}
