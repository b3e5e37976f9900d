// A category page's filters: the order, the in-stock and "4 stars & up" filters and the bike to fit
// apply at once, the price range on Apply; each shows how many parts it would leave. Everything is
// kept in the address. Without scripts the form is a plain GET of the same page: Apply sends every
// filter in the address, under the names category-view-params.ts reads.
import { useId, useRef, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { CategorySort } from '../../../shared/categories';
import { formatDollars } from '../../../shared/money';
import { FitsFilter } from '../../components/FitsFilter';
import { useChoicesMadeBeforeHydration } from '../../lib/use-choices-made-before-hydration';
import { DEFAULT_VIEW, readCategoryView, type CategoryView } from './category-view-params';

const sortLabels: Record<CategorySort, string> = {
  catalogue: 'Catalogue order',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};

interface CategoryFiltersProps {
  view: CategoryView;
  onView: (view: CategoryView) => void;
  /** Parts in the price range that can be booked. */
  inStockCount?: number;
  /** Parts the other filters let through that are rated 4 stars or more. */
  fourStarsUpCount?: number;
  /** The category's cheapest and dearest part, the price fields' hints. */
  priceRange?: { min: number; max: number } | null;
}

function priceOf(data: FormData, name: string): number | undefined {
  const value = data.get(name);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const price = Number(value);
  return Number.isFinite(price) && price >= 0 ? price : undefined;
}

/** The rating the one rating filter asks for: riders read "4 stars & up" as the mark of a good part. */
const FOUR_STARS = 4;

export function CategoryFilters({ view, onView, inStockCount, fourStarsUpCount, priceRange }: CategoryFiltersProps) {
  const fieldId = useId();
  const form = useRef<HTMLFormElement>(null);
  // The price range applies on Apply only; the order and the two filters as soon as they change.
  useChoicesMadeBeforeHydration(form, (shown) => {
    const { sort, inStock, minRating } = readCategoryView(shown);
    if (sort === view.sort && inStock === view.inStock && minRating === view.minRating) return;
    const { minRating: _rating, ...rest } = view;
    onView({ ...rest, sort, inStock, ...(minRating === undefined ? {} : { minRating }) });
  });
  const filtered =
    view.inStock ||
    view.minPrice !== undefined ||
    view.maxPrice !== undefined ||
    view.fits !== undefined ||
    view.minRating !== undefined ||
    view.sort !== DEFAULT_VIEW.sort;

  function applyPrices(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const { minPrice: _min, maxPrice: _max, ...rest } = view;
    const minPrice = priceOf(data, 'min');
    const maxPrice = priceOf(data, 'max');
    onView({ ...rest, ...(minPrice === undefined ? {} : { minPrice }), ...(maxPrice === undefined ? {} : { maxPrice }) });
  }

  return (
    <form
      ref={form}
      aria-label="Filter the parts"
      method="get"
      onSubmit={applyPrices}
      className="flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={`${fieldId}-sort`} className="text-sm font-medium">
          Sort by
        </label>
        <select
          id={`${fieldId}-sort`}
          name="sort"
          value={view.sort}
          onChange={(event) => onView({ ...view, sort: event.target.value as CategorySort })}
          className="select w-full"
        >
          {Object.entries(sortLabels).map(([sort, label]) => (
            <option key={sort} value={sort}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <label className="label cursor-pointer gap-2 text-base-content">
        <input
          type="checkbox"
          name="inStock"
          value="1"
          checked={view.inStock}
          onChange={(event) => onView({ ...view, inStock: event.target.checked })}
          className="checkbox checkbox-primary checkbox-sm"
        />
        In stock only{inStockCount === undefined ? '' : ` (${inStockCount})`}
      </label>
      <label className="label cursor-pointer gap-2 text-base-content">
        <input
          type="checkbox"
          name="rating"
          value={FOUR_STARS}
          checked={view.minRating === FOUR_STARS}
          onChange={(event) => {
            const { minRating: _rating, ...rest } = view;
            onView(event.target.checked ? { ...rest, minRating: FOUR_STARS } : rest);
          }}
          className="checkbox checkbox-primary checkbox-sm"
        />
        4 stars &amp; up{fourStarsUpCount === undefined ? '' : ` (${fourStarsUpCount})`}
      </label>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Price (USD)</legend>
        <div className="flex items-end gap-2">
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={`${fieldId}-min`} className="text-xs">
              Lowest price
            </label>
            <input
              // A new address (Back, a shared link) shows its own range.
              key={`min-${view.minPrice ?? ''}`}
              id={`${fieldId}-min`}
              name="min"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              defaultValue={view.minPrice ?? ''}
              placeholder={priceRange ? String(Math.floor(priceRange.min)) : undefined}
              className="input input-sm w-full"
            />
          </div>
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={`${fieldId}-max`} className="text-xs">
              Highest price
            </label>
            <input
              key={`max-${view.maxPrice ?? ''}`}
              id={`${fieldId}-max`}
              name="max"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              defaultValue={view.maxPrice ?? ''}
              placeholder={priceRange ? String(Math.ceil(priceRange.max)) : undefined}
              className="input input-sm w-full"
            />
          </div>
        </div>
        {priceRange ? (
          <p className="text-xs text-base-content/70">
            Parts here cost {formatDollars(priceRange.min)} to {formatDollars(priceRange.max)}.
          </p>
        ) : null}
        <button type="submit" className="btn btn-sm btn-outline">
          Apply price
        </button>
      </fieldset>
      <FitsFilter
        fits={view.fits}
        onFits={(fits) => {
          const { fits: _was, ...rest } = view;
          onView(fits ? { ...rest, fits } : rest);
        }}
      />
      {filtered ? (
        // A link to the page without its query, so it clears the filters with scripts off too.
        <Link to={{ search: '' }} preventScrollReset className="btn btn-sm btn-ghost">
          Clear filters
        </Link>
      ) : null}
    </form>
  );
}
