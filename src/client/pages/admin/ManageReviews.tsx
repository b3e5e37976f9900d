// Manage reviews (admin): the customer reviews, newest first, each with Remove behind the confirm
// dialog (SPEC.md §5), for taking down spam or abuse.
import { Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { useConfirm } from '../../components/ConfirmDialog';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { StarRating } from '../../components/StarRating';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { ShowMoreButton } from '../dashboard-shell/ShowMoreButton';
import { StackedCell, StackedRow, StackedTable } from '../dashboard-shell/StackedTable';
import { TablePanel } from '../dashboard-shell/TablePanel';

type Review = RouterOutputs['reviews']['list']['items'][number];

const REVIEWS_PAGE_SIZE = 50;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export default function ManageReviews() {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const reviews = trpc.reviews.list.useInfiniteQuery(
    { limit: REVIEWS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const remove = trpc.reviews.remove.useMutation({
    onSuccess: () => {
      toast.success(messages.deleted);
      void utils.reviews.list.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  async function removeReview(review: Review) {
    if (await confirm({ message: messages.confirmDelete, actionLabel: messages.removeReview, keepLabel: messages.keepReview })) {
      remove.mutate({ id: review._id });
    }
  }

  const list = reviews.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section>
      <PageTitle title="Manage reviews" />
      <DashboardHeading title="Manage reviews">
        The customer reviews on the home page, newest first. A removed review leaves the shop at once.
      </DashboardHeading>
      {reviews.isPending ? (
        <Spinner label="Loading the reviews…" />
      ) : reviews.isError ? (
        <LoadFailure message={reviews.error.message} onRetry={() => void reviews.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="No reviews yet." />
      ) : (
        <TablePanel>
          <StackedTable caption="Customer reviews" headers={['Customer', 'Rating', 'Review', 'Posted', 'Remove']}>
            {list.map((review) => (
              <StackedRow key={review._id}>
                <StackedCell label="Customer">
                  <span className="font-medium">{review.name}</span>
                </StackedCell>
                <StackedCell label="Rating">
                  <StarRating rating={review.rating} />
                </StackedCell>
                <StackedCell label="Review">
                  <span className="line-clamp-3 max-w-md break-words">{review.text}</span>
                </StackedCell>
                <StackedCell label="Posted">{when.format(new Date(review.createdAt))}</StackedCell>
                <StackedCell label="Remove">
                  <button
                    type="button"
                    className="btn btn-outline btn-error btn-sm gap-1"
                    disabled={remove.isPending && remove.variables.id === review._id}
                    aria-label={`Remove the review by ${review.name}`}
                    onClick={() => void removeReview(review)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Remove
                  </button>
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
          <ShowMoreButton
            label="Show more reviews"
            hasMore={reviews.hasNextPage}
            loading={reviews.isFetchingNextPage}
            onClick={() => void reviews.fetchNextPage()}
          />
        </TablePanel>
      )}
    </section>
  );
}
