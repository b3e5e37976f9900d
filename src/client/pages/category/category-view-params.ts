// A category page's view as the address carries it
// (/categories/drivetrain?sort=price-asc&inStock=1&min=20&max=80&rating=4&fits=speeds.12_freehub.sram-xdr),
// so a link reproduces the view and Back returns to the last one: read leniently (anything unknown
// or out of range means the default), written minimally.
import { MAX_PRICE_DOLLARS, RATING_MAX } from '../../../shared/constants';
import { bikeSpecFromParam, bikeSpecToParam, type BikeSpec } from '../../../shared/bike-standards';
import { categorySorts, type CategorySort } from '../../../shared/categories';

export interface CategoryView {
  sort: CategorySort;
  inStock: boolean;
  /** Whole or cent-precise dollars; undefined leaves that end of the range open. */
  minPrice?: number;
  maxPrice?: number;
  /** Only parts that fit this bike; undefined for any bike. */
  fits?: BikeSpec;
  /** The lowest average rating shown ("4 stars & up"); undefined shows every part. */
  minRating?: number;
}

export const DEFAULT_VIEW: CategoryView = { sort: 'catalogue', inStock: false };

function isSort(value: string | null): value is CategorySort {
  return categorySorts.some((sort) => sort === value);
}

function priceFrom(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const price = Number(value);
  return Number.isFinite(price) && price >= 0 && price <= MAX_PRICE_DOLLARS ? Math.round(price * 100) / 100 : undefined;
}

function ratingFrom(value: string | null): number | undefined {
  const rating = Number(value);
  return value !== null && Number.isInteger(rating) && rating >= 1 && rating <= RATING_MAX ? rating : undefined;
}

export function readCategoryView(params: URLSearchParams): CategoryView {
  const minRating = ratingFrom(params.get('rating'));
  const sort = params.get('sort');
  let minPrice = priceFrom(params.get('min'));
  let maxPrice = priceFrom(params.get('max'));
  const fits = bikeSpecFromParam(params.get('fits'));
  // A reversed range in a typed address is read the way round it was meant.
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    sort: isSort(sort) ? sort : DEFAULT_VIEW.sort,
    inStock: params.get('inStock') === '1',
    ...(minPrice === undefined ? {} : { minPrice }),
    ...(maxPrice === undefined ? {} : { maxPrice }),
    ...(fits === null ? {} : { fits }),
    ...(minRating === undefined ? {} : { minRating }),
  };
}

export function categoryViewParams(view: CategoryView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.sort !== DEFAULT_VIEW.sort) params.set('sort', view.sort);
  if (view.inStock) params.set('inStock', '1');
  if (view.minPrice !== undefined) params.set('min', String(view.minPrice));
  if (view.maxPrice !== undefined) params.set('max', String(view.maxPrice));
  if (view.fits) params.set('fits', bikeSpecToParam(view.fits));
  if (view.minRating !== undefined) params.set('rating', String(view.minRating));
  return params;
}
