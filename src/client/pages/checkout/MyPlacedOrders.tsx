// The customer's checkout orders (/dashboard/orders): number, date, state and total, each linking
// to its order page; cancelled and expired ones are hidden until asked for.
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDay } from '../../../shared/dates';
import { formatDollars } from '../../../shared/money';
import { useAuth } from '../../auth/useAuth';
import { useEndRefusedSession } from '../../auth/useEndRefusedSession';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { ORDERS_PAGE_SIZE, type PlacedOrder } from '../dashboard-shell/order-types';
import { OrderStatusBadge } from '../dashboard-shell/OrderStatusBadge';
import { ShowMoreButton } from '../dashboard-shell/ShowMoreButton';
import { StackedCell, StackedRow, StackedTable } from '../dashboard-shell/StackedTable';
import { TablePanel } from '../dashboard-shell/TablePanel';
import { placedOrderPath } from './order-paths';

function isClosed(order: PlacedOrder): boolean {
  return order.status === 'cancelled' || order.status === 'expired';
}

export default function MyPlacedOrders() {
  const filterId = useId();
  const { signOut } = useAuth();
  const [showClosed, setShowClosed] = useState(false);
  const orders = trpc.orders.mine.useInfiniteQuery(
    { limit: ORDERS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  useEndRefusedSession(orders.error, signOut);

  const all = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const shown = showClosed ? all : all.filter((order) => !isClosed(order));

  return (
    <section>
      <PageTitle title="Orders" />
      <DashboardHeading title="Orders">The orders you placed at checkout.</DashboardHeading>
      <label htmlFor={filterId} className="label mb-4 cursor-pointer justify-start gap-3 text-base-content">
        <input
          id={filterId}
          type="checkbox"
          className="toggle toggle-sm"
          checked={showClosed}
          onChange={(event) => setShowClosed(event.target.checked)}
        />
        Show cancelled and expired
      </label>
      {orders.isPending ? (
        <Spinner label="Loading your orders…" />
      ) : orders.isError ? (
        <LoadFailure message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState title={all.length === 0 ? 'You have not placed an order yet.' : 'No open or paid orders.'}>
          <Link to="/home" className="btn btn-primary mt-4">
            Browse the parts
          </Link>
        </EmptyState>
      ) : (
        <TablePanel>
          <StackedTable caption="Your orders" headers={['Order', 'Date', 'Status', 'Total']}>
            {shown.map((order) => (
              <StackedRow key={order._id}>
                <StackedCell label="Order">
                  <Link to={placedOrderPath(order._id)} className="link font-semibold">
                    {order.number}
                  </Link>
                </StackedCell>
                <StackedCell label="Date">
                  <time dateTime={order.createdAt}>{formatDay(order.createdAt)}</time>
                </StackedCell>
                <StackedCell label="Status">
                  <OrderStatusBadge state={order.status} />
                </StackedCell>
                <StackedCell label="Total">
                  <span className="tabular-nums">{formatDollars(order.total)}</span>
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
          <ShowMoreButton
            label="Show more orders"
            hasMore={orders.hasNextPage}
            loading={orders.isFetchingNextPage}
            onClick={() => void orders.fetchNextPage()}
          />
        </TablePanel>
      )}
    </section>
  );
}
