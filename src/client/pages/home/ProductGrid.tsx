// The parts catalogue on home: a grid of product cards, a page at a time, with Load more; or,
// when the address carries a search, the parts it finds in its order.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { LoadFailure } from '../../components/LoadFailure';
import { CategoryStrip } from '../../components/CategoryStrip';
import { ProductCard } from '../../components/ProductCard';
import { trpc } from '../../lib/trpc';
import { catalogueSearchParams, isSearching, readCatalogueSearch, type CatalogueSearch } from './catalogue-search-params';
import { CatalogueSearchForm } from './CatalogueSearchForm';
import { PAGE_SIZE } from './home-page-size';
import { SectionHeading } from './SectionHeading';
import { LoadMoreButton } from '../../components/LoadMoreButton';

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
  const [params, setParams] = useSearchParams();
  const search = readCatalogueSearch(params);
  const searching = isSearching(search);
  const nextPage = { getNextPageParam: (page: { nextCursor: string | null }) => page.nextCursor ?? undefined };
  const catalogue = trpc.tools.list.useInfiniteQuery({ limit: PAGE_SIZE }, { ...nextPage, enabled: !searching });
  const found = trpc.tools.search.useInfiniteQuery({ ...search, limit: PAGE_SIZE }, { ...nextPage, enabled: searching });
  const tools = searching ? found : catalogue;
  const items = tools.data?.pages.flatMap((page) => page.items) ?? [];

  // A shared search opens at its results, not at the top of home; later searches are made from
  // the form, already in view.
  const [arrivedWithSearch] = useState(searching);
  useEffect(() => {
    if (arrivedWithSearch) document.getElementById('parts')?.scrollIntoView();
  }, [arrivedWithSearch]);

  function onSearch(next: CatalogueSearch) {
    setParams(catalogueSearchParams(next), { preventScrollReset: true });
  }

  return (
    <section id="parts" aria-labelledby="parts-heading" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-12 sm:px-6">
      <SectionHeading id="parts-heading" title="Our parts">
        Every part ships from our own works. Book at least the minimum order; stock shown is what we can ship now.
      </SectionHeading>
      <CategoryStrip />
      <CatalogueSearchForm search={search} onSearch={onSearch} />

      {tools.isError && !tools.data ? (
        <LoadFailure message={tools.error.message} onRetry={() => void tools.refetch()} />
      ) : (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {tools.isPending
            ? Array.from({ length: PAGE_SIZE }, (_, index) => <ProductCardSkeleton key={index} />)
            : items.map((tool) => <ProductCard key={tool._id} tool={tool} fits={search.fits} />)}
        </div>
      )}
      {!tools.isPending && items.length === 0 && !tools.isError ? (
        <p role="status" className="text-center text-base-content/75">
          {searching ? messages.noSearchResults : 'No parts are listed right now. Please check back soon.'}
        </p>
      ) : null}

      <LoadMoreButton pages={tools} label="Load more" />
    </section>
  );
}
