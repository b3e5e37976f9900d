// Search, sort and filter the catalogue: words on submit, the order, the in-stock filter and the
// bike to fit at once, all kept in the address so the search can be shared.
import { Search } from 'lucide-react';
import { useId, useRef, type FormEvent } from 'react';
import type { CatalogueSort } from '../../../shared/catalogue-sorts';
import { SEARCH_TEXT_MAX } from '../../../shared/constants';
import { FitsFilter } from '../../components/FitsFilter';
import { useChoicesMadeBeforeHydration } from '../../lib/use-choices-made-before-hydration';
import { isSearching, NO_SEARCH, readCatalogueSearch, type CatalogueSearch } from './catalogue-search-params';

const sortLabels: Record<CatalogueSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};

export function CatalogueSearchForm({ search, onSearch }: { search: CatalogueSearch; onSearch: (search: CatalogueSearch) => void }) {
  const fieldId = useId();
  const form = useRef<HTMLFormElement>(null);
  // Words are searched on submit only; the order and the stock filter apply as soon as they change.
  useChoicesMadeBeforeHydration(form, (shown) => {
    const { sort, inStock } = readCatalogueSearch(shown);
    if (sort !== search.sort || inStock !== search.inStock) onSearch({ ...search, sort, inStock });
  });

  function submitWords(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const words = new FormData(event.currentTarget).get('q');
    onSearch({ ...search, q: typeof words === 'string' ? words.trim() : '' });
  }

  return (
    <form
      ref={form}
      role="search"
      aria-label="Search the parts"
      onSubmit={submitWords}
      className="mb-8 flex flex-col gap-3 lg:flex-row lg:items-end"
    >
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={`${fieldId}-q`} className="text-sm font-medium">
          Search parts
        </label>
        <div className="join w-full">
          <input
            // A new address (Back, a shared link) shows its own words.
            key={search.q}
            id={`${fieldId}-q`}
            name="q"
            type="search"
            defaultValue={search.q}
            maxLength={SEARCH_TEXT_MAX}
            placeholder="Headset, cassette, carbon…"
            className="input join-item w-full"
          />
          <button type="submit" className="btn btn-primary join-item">
            <Search aria-hidden="true" className="h-4 w-4" />
            Search
          </button>
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${fieldId}-sort`} className="text-sm font-medium">
            Sort by
          </label>
          <select
            id={`${fieldId}-sort`}
            name="sort"
            value={search.sort}
            onChange={(event) => onSearch({ ...search, sort: event.target.value as CatalogueSort })}
            className="select w-52"
          >
            {Object.entries(sortLabels).map(([sort, label]) => (
              <option key={sort} value={sort}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <label className="label h-10 cursor-pointer gap-2 text-base-content">
          <input
            type="checkbox"
            name="inStock"
            value="1"
            checked={search.inStock}
            onChange={(event) => onSearch({ ...search, inStock: event.target.checked })}
            className="checkbox checkbox-primary checkbox-sm"
          />
          In stock only
        </label>
        <div className="w-full sm:w-72">
          <FitsFilter
            fits={search.fits}
            onFits={(fits) => {
              const { fits: _was, ...rest } = search;
              onSearch(fits ? { ...rest, fits } : rest);
            }}
          />
        </div>
        {isSearching(search) ? (
          <button type="button" className="btn btn-ghost h-10" onClick={() => onSearch(NO_SEARCH)}>
            Show all parts
          </button>
        ) : null}
      </div>
    </form>
  );
}
