// The parts catalogue on home: a grid of product cards, a page at a time, with Load more.
import { LoadFailure } from '../../components/LoadFailure';
import { ProductCard } from '../../components/ProductCard';
import { trpc } from '../../lib/trpc';
import { PAGE_SIZE } from './home-page-size';
import { SectionHeading } from './SectionHeading';

function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="card border border-base-300">
      <div className="skeleton aspect-square rounded-b-none" />
      <div className="card-body gap-3">
        <div className="skeleton h-6 w-3/4" />
        <div className="skeleton h-14 w-full" />
        <div className="skeleton h-10 w-full" />
        <div className="skeleton h-10 w-full" />
      </div>
    </div>
  );
}

export function ProductGrid() {
  const tools = trpc.tools.list.useInfiniteQuery({ limit: PAGE_SIZE }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  const items = tools.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section id="parts" aria-labelledby="parts-heading" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-12 sm:px-6">
      <SectionHeading id="parts-heading" title="Our parts">
        Every part ships from our own works. Book at least the minimum order; stock shown is what we can ship now.
      </SectionHeading>

      {tools.isError && !tools.data ? (
        <LoadFailure message={tools.error.message} onRetry={() => void tools.refetch()} />
      ) : (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {tools.isPending
            ? Array.from({ length: PAGE_SIZE }, (_, index) => <ProductCardSkeleton key={index} />)
            : items.map((tool) => <ProductCard key={tool._id} tool={tool} />)}
        </div>
      )}
      {!tools.isPending && items.length === 0 && !tools.isError ? (
        <p className="text-center text-base-content/75">No parts are listed right now. Please check back soon.</p>
      ) : null}

      {tools.hasNextPage ? (
        <div className="mt-10 flex justify-center">
          <button
            type="button"
            className="btn btn-outline btn-wide"
            disabled={tools.isFetchingNextPage}
            onClick={() => void tools.fetchNextPage()}
          >
            {tools.isFetchingNextPage ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Load more
          </button>
        </div>
      ) : null}
    </section>
  );
}
