// The admin lists' filters kept in the page's address (?q=…&status=…&sort=…), so a view can be
// shared or bookmarked, and Back returns to the previous one. A value the list does not know is
// read as no filter: an old or mistyped link still opens the list.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ADMIN_SEARCH_MAX, listSorts, type ListSort } from '../../../shared/admin-lists';
import { orderStates, type OrderState } from '../../../shared/bookings';

export interface AdminListParams {
  q: string;
  status: OrderState | undefined;
  sort: ListSort;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((known) => known === value);
}

function readAdminListParams(params: URLSearchParams): AdminListParams {
  return {
    q: (params.get('q') ?? '').trim().slice(0, ADMIN_SEARCH_MAX),
    status: oneOf(orderStates, params.get('status')),
    sort: oneOf(listSorts, params.get('sort')) ?? 'newest',
  };
}

/** The filters in the address, and a setter that keeps the others; defaults stay out of the address. */
export function useAdminListParams(): [AdminListParams, (changes: Partial<AdminListParams>) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Partial<AdminListParams>) => {
      setParams((current) => {
        const next = { ...readAdminListParams(current), ...changes };
        const written = new URLSearchParams();
        if (next.q) written.set('q', next.q);
        if (next.status) written.set('status', next.status);
        if (next.sort !== 'newest') written.set('sort', next.sort);
        return written;
      });
    },
    [setParams],
  );
  return [readAdminListParams(params), update];
}

/** The filters as the list procedures take them: only the ones set. */
export function listInput({ q, status, sort }: AdminListParams) {
  return { ...(q ? { q } : {}), ...(status ? { status } : {}), ...(sort !== 'newest' ? { sort } : {}) };
}
