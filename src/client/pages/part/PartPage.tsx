// /parts/{id}: one part's own page, with a shareable address, title and description, its reviews
// and related parts; a clear not-found state for a part that does not exist or was retired.
import { useParams } from 'react-router-dom';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { httpStatusOf } from '../../lib/http-status';
import { trpc } from '../../lib/trpc';
import { PartDetails, PartDetailsSkeleton } from './PartDetails';
import { PartFits } from './PartFits';
import { PartGone } from './PartGone';
import { PartReviews } from './PartReviews';
import { PartSpecifications } from './PartSpecifications';
import { RelatedParts } from './RelatedParts';

/** An address with a malformed id names no part, just as one naming a retired part does. */
const NO_SUCH_PART = new Set([400, 404]);

export default function PartPage() {
  const { id = '' } = useParams();
  const part = trpc.tools.byId.useQuery({ id });
  const trail = trpc.categories.trailOfPart.useQuery({ id }, { enabled: part.isSuccess });

  if (part.isError && NO_SUCH_PART.has(httpStatusOf(part.error) ?? 0)) return <PartGone />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      {part.data ? (
        <>
          <PartDetails tool={part.data} trail={trail.data} />
          <PartSpecifications specifications={part.data.specifications} />
          <PartFits partId={part.data._id} />
          <PartReviews tool={part.data} />
          <RelatedParts toolId={part.data._id} />
        </>
      ) : part.isError ? (
        <>
          <PageTitle title="Part" />
          <LoadFailure message={part.error.message} onRetry={() => void part.refetch()} />
        </>
      ) : (
        <PartDetailsSkeleton />
      )}
    </div>
  );
}
