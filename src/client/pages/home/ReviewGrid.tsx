// What customers say: the review count and a grid of reviews, newest first, with Load more.
import { LoadFailure } from '../../components/LoadFailure';
import { trpc } from '../../lib/trpc';
import { PAGE_SIZE } from './home-page-size';
import { ReviewCard } from '../../components/ReviewCard';
import { SectionHeading } from './SectionHeading';
import { LoadMoreButton } from '../../components/LoadMoreButton';

export function ReviewGrid() {
  const reviews = trpc.reviews.list.useInfiniteQuery(
    { limit: PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  const total = reviews.data?.pages[0]?.total;

  return (
    <section aria-labelledby="reviews-heading" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <SectionHeading
          id="reviews-heading"
          title={
            <>
              Customer reviews{' '}
              {total === undefined ? null : <span className="badge badge-primary badge-lg align-middle">{total}</span>}
            </>
          }
        >
          {total === undefined
            ? 'What builders and workshops say about our parts.'
            : `${total} reviews from builders and workshops who ride our parts.`}
        </SectionHeading>

        {reviews.isError && !reviews.data ? (
          <LoadFailure message={reviews.error.message} onRetry={() => void reviews.refetch()} />
        ) : (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {reviews.isPending
              ? Array.from({ length: 3 }, (_, index) => <div key={index} aria-hidden="true" className="skeleton h-44" />)
              : items.map((review) => <ReviewCard key={review._id} review={review} />)}
          </div>
        )}

        <LoadMoreButton pages={reviews} label="Load more reviews" />
      </div>
    </section>
  );
}
