// /categories/{slug}: one category's parts, its subcategories' included, with a breadcrumb, the
// subcategories to narrow down to, and filters kept in the address so a link reproduces the view.
// The server renders it with its data (page-render.tsx): its own title, description and canonical
// address (the category's, whatever the filters), and its breadcrumb and parts as schema.org data.
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { CategoryBreadcrumb } from '../../components/CategoryBreadcrumb';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { PageHead } from '../../components/PageHead';
import { PageTitle } from '../../components/PageTitle';
import { ProductCard } from '../../components/ProductCard';
import { Spinner } from '../../components/Spinner';
import { categoryPath } from '../../lib/category-path';
import { httpStatusOf } from '../../lib/http-status';
import { trpc } from '../../lib/trpc';
import { PAGE_SIZE } from '../home/home-page-size';
import { categoryDescription } from './category-description';
import { CategoryFilters } from './CategoryFilters';
import { CategoryStructuredData } from './CategoryStructuredData';
import { categoryViewParams, readCategoryView, type CategoryView } from './category-view-params';

/** An address with a malformed slug names no category, just as one naming a deleted category does. */
const NO_SUCH_CATEGORY = new Set([400, 404]);

const partsCount = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'part' : 'parts'}`;

export default function CategoryPage() {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const view = readCategoryView(params);
  const pages = trpc.categories.page.useInfiniteQuery(
    { slug, ...view, limit: PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const first = pages.data?.pages[0];
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];

  function onView(next: CategoryView) {
    setParams(categoryViewParams(next), { preventScrollReset: true });
  }

  if (pages.isError && NO_SUCH_CATEGORY.has(httpStatusOf(pages.error) ?? 0)) return <CategoryGone />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      {first ? (
        <>
          <PageHead title={first.category.name} description={categoryDescription(first)} path={categoryPath(first.category.slug)} />
          <CategoryStructuredData page={first} parts={items} />
        </>
      ) : (
        <PageTitle title="Category" />
      )}
      {first ? <CategoryBreadcrumb trail={first.trail} /> : null}
      <h1 className="mt-2 text-3xl font-bold">{first?.category.name ?? 'Category'}</h1>
      <p role="status" className="mt-1 text-base-content/75">
        {first ? partsCount(first.total) : ''}
      </p>

      {first && first.children.length > 0 ? (
        <nav aria-label="Subcategories" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {first.children.map((child) => (
              <li key={child.slug}>
                <Link to={{ pathname: categoryPath(child.slug), search: params.toString() }} className="btn btn-sm btn-outline">
                  {child.name} <span className="badge badge-sm">{child.parts}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside>
          <CategoryFilters
            view={view}
            onView={onView}
            inStockCount={first?.inStock}
            fourStarsUpCount={first?.fourStarsUp}
            priceRange={first?.priceRange}
          />
        </aside>
        <section aria-labelledby="category-parts-heading">
          <h2 id="category-parts-heading" className="sr-only">
            Parts
          </h2>
          {pages.isError && !pages.data ? (
            <LoadFailure message={pages.error.message} onRetry={() => void pages.refetch()} />
          ) : pages.isPending ? (
            <Spinner label="Loading the parts…" />
          ) : items.length === 0 ? (
            <p className="text-base-content/75">
              No parts here match these filters. Try a wider price range, another bike, or clear the filters.
            </p>
          ) : (
            <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
              {items.map((tool) => (
                <ProductCard key={tool._id} tool={tool} fits={view.fits} />
              ))}
            </div>
          )}
          <LoadMoreButton pages={pages} label="Load more" />
        </section>
      </div>
    </div>
  );
}

function CategoryGone() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <PageTitle title="Category not found" />
      <h1 className="text-3xl font-bold">Category not found</h1>
      <p className="text-xl font-semibold text-primary">{messages.notFoundPage}</p>
      <p className="text-base-content/80">{messages.categoryNotFound}</p>
      <Link to="/home#parts" className="btn btn-primary">
        See all parts
      </Link>
    </section>
  );
}
