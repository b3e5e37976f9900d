// Checkout orders (admin): every order placed at checkout, newest first, narrowed by state, each
// linking to its own page, where it is shipped and refunded.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { orderStatuses, type OrderStatus } from '../../../shared/commerce';
import { formatDayAndTime } from '../../../shared/dates';
import { formatDollars } from '../../../shared/money';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import { placedOrderPath } from '../checkout/order-paths';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { OrderStatusBadge } from '../dashboard-shell/OrderStatusBadge';
import { ORDERS_PAGE_SIZE } from '../dashboard-shell/order-types';
import { ShowMoreButton } from '../dashboard-shell/ShowMoreButton';
import { StackedCell, StackedRow, StackedTable } from '../dashboard-shell/StackedTable';
import { TablePanel } from '../dashboard-shell/TablePanel';
import { FilterSelect } from './AdminListSearch';

const stateOptions: ReadonlyArray<{ value: OrderStatus | ''; label: string }> = [
  { value: '', label: 'All states' },
  ...orderStatuses.map((state) => ({ value: state, label: state.charAt(0).toUpperCase() + state.slice(1) })),
];

export default function PlacedOrders() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const orders = trpc.orders.all.useInfiniteQuery(
    { limit: ORDERS_PAGE_SIZE, ...(status ? { status } : {}) },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const list = orders.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section>
      <PageTitle title="Checkout orders" />
      <DashboardHeading title="Checkout orders">
        Orders placed at checkout, newest first. Open one to ship or refund it.
      </DashboardHeading>
      <div className="mb-4">
        <FilterSelect label="State" value={status} options={stateOptions} onChange={(value) => setStatus(value)} />
      </div>
      {orders.isPending ? (
        <Spinner label="Loading the orders…" />
      ) : orders.isError ? (
        <LoadFailure message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={status ? 'No orders in this state.' : 'No orders yet.'} />
      ) : (
        <TablePanel>
          <StackedTable caption="Checkout orders" headers={['Order', 'Customer', 'Lines', 'Total', 'Status', 'Placed']}>
            {list.map((order) => (
              <StackedRow key={order._id}>
                <StackedCell label="Order">
                  <Link to={placedOrderPath(order._id)} className="link link-primary">
                    {order.number}
                  </Link>
                </StackedCell>
                <StackedCell label="Customer">
                  {order.name} ({order.email})
                </StackedCell>
                <StackedCell label="Lines">{order.lines}</StackedCell>
                <StackedCell label="Total">{formatDollars(order.total)}</StackedCell>
                <StackedCell label="Status">
                  <OrderStatusBadge state={order.status} />
                </StackedCell>
                <StackedCell label="Placed">{formatDayAndTime(order.createdAt)}</StackedCell>
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
