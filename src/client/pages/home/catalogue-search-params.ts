// A catalogue search as the address carries it (/home?q=headset&sort=price-asc&inStock=1&fits=speeds.12),
// so a search can be shared: read leniently (anything unknown means the default), written minimally.
import { bikeSpecFromParam, bikeSpecToParam, type BikeSpec } from '../../../shared/bike-standards';
import { SEARCH_TEXT_MAX } from '../../../shared/constants';
import { catalogueSorts, type CatalogueSort } from '../../../shared/catalogue-sorts';

export interface CatalogueSearch {
  q: string;
  sort: CatalogueSort;
  inStock: boolean;
  /** Only parts that fit this bike; undefined for any bike. */
  fits?: BikeSpec;
}

export const NO_SEARCH: CatalogueSearch = { q: '', sort: 'relevance', inStock: false };

function isSort(value: string | null): value is CatalogueSort {
  return catalogueSorts.some((sort) => sort === value);
}

export function readCatalogueSearch(params: URLSearchParams): CatalogueSearch {
  const sort = params.get('sort');
  const fits = bikeSpecFromParam(params.get('fits'));
  return {
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_TEXT_MAX),
    sort: isSort(sort) ? sort : NO_SEARCH.sort,
    inStock: params.get('inStock') === '1',
    ...(fits === null ? {} : { fits }),
  };
}

/** Without words, an order or a filter, home shows its catalogue as it always has. */
export function isSearching(search: CatalogueSearch): boolean {
  return (
    search.q !== NO_SEARCH.q || search.sort !== NO_SEARCH.sort || search.inStock !== NO_SEARCH.inStock || search.fits !== undefined
  );
}

export function catalogueSearchParams(search: CatalogueSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.sort !== NO_SEARCH.sort) params.set('sort', search.sort);
  if (search.inStock) params.set('inStock', '1');
  if (search.fits) params.set('fits', bikeSpecToParam(search.fits));
  return params;
}
