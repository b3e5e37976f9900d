// What customers say about one part: its reviews, newest first, with Load more and a way to add one.
import { Link } from 'react-router-dom';
import { LoadFailure } from '../../components/LoadFailure';
import { ReviewCard } from '../../components/ReviewCard';
import type { RouterOutputs } from '../../lib/trpc';
import { usePartReviews } from './use-part-reviews';
import { LoadMoreButton } from '../../components/LoadMoreButton';

export function PartReviews({ tool }: { tool: RouterOutputs['tools']['byId'] }) {
  const reviews = usePartReviews(tool._id);
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section id="part-reviews" aria-labelledby="part-reviews-heading" className="mt-14 scroll-mt-20">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <h2 id="part-reviews-heading" className="text-2xl font-bold tracking-tight">
          Reviews of {tool.name}
        </h2>
        <Link to={`/dashboard/addreview?part=${tool._id}`} className="btn btn-outline btn-sm">
          Review this part
        </Link>
      </div>
      {reviews.isError && !reviews.data ? (
        <LoadFailure message={reviews.error.message} onRetry={() => void reviews.refetch()} />
      ) : reviews.isPending ? (
        <div aria-hidden="true" className="skeleton h-44" />
      ) : items.length === 0 ? (
        <p className="text-base-content/75">No one has reviewed this part yet.</p>
      ) : (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((review) => (
            <ReviewCard key={review._id} review={review} />
          ))}
        </div>
      )}
      <LoadMoreButton pages={reviews} label="Load more reviews" />
    </section>
  );
}
