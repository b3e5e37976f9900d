// The frame of a placed order's pages: the width and heading every one of them has, and the
// loading and failure states before the order is there.
import type { ReactNode } from 'react';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import type { PlacedOrder } from '../dashboard-shell/order-types';
import type { useOrderFromRoute } from './useOrderFromRoute';

interface OrderPageShellProps {
  order: ReturnType<typeof useOrderFromRoute>;
  title: (order: PlacedOrder) => string;
  children: (order: PlacedOrder) => ReactNode;
}

export function OrderPageShell({ order, title, children }: OrderPageShellProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      {order.isPending ? (
        <Spinner label="Loading your order…" />
      ) : order.isError ? (
        <LoadFailure message={order.error.message} onRetry={() => void order.refetch()} />
      ) : (
        <>
          <PageTitle title={title(order.data)} />
          <h1 className="mb-6 text-2xl font-bold tracking-tight break-words">{withWholeOrderNumbers(title(order.data))}</h1>
          {children(order.data)}
        </>
      )}
    </div>
  );
}

/** The title with each order number (SP-10023) kept on one line: a phone would break it at the hyphen. */
function withWholeOrderNumbers(title: string) {
  return title.split(/(SP-\d+)/).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} className="whitespace-nowrap">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
