// Manage orders (admin): every customer's orders with their state, narrowed by state, searched by
// customer email, name or order number, newest or oldest first, all kept in the address; ship paid
// ones, refund paid or shipped ones and cancel unpaid ones, each after a confirmation.
import { orderStates, type OrderState } from '../../../shared/bookings';
import type { ListSort } from '../../../shared/admin-lists';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import { listInput, useAdminListParams } from './admin-list-params';
import { AdminListSearch, FilterSelect } from './AdminListSearch';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { ManageOrderRow } from './ManageOrderRow';
import { ORDERS_PAGE_SIZE } from '../dashboard-shell/order-types';
import { ShowMoreButton } from '../dashboard-shell/ShowMoreButton';
import { StackedTable } from '../dashboard-shell/StackedTable';
import { TablePanel } from '../dashboard-shell/TablePanel';
import { useOrderActions } from './useOrderActions';

const stateOptions: ReadonlyArray<{ value: OrderState | ''; label: string }> = [
  { value: '', label: 'All states' },
  ...orderStates.map((state) => ({ value: state, label: state.charAt(0).toUpperCase() + state.slice(1) })),
];

const sortOptions: ReadonlyArray<{ value: ListSort; label: string }> = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
];

export default function ManageOrders() {
  const [filters, setFilters] = useAdminListParams();
  const orders = trpc.bookings.all.useInfiniteQuery(
    { limit: ORDERS_PAGE_SIZE, ...listInput(filters) },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const { shipOrder, cancelOrder, refundOrder, isBusy } = useOrderActions();
  const list = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = filters.q !== '' || filters.status !== undefined;

  return (
    <section>
      <PageTitle title="Manage orders" />
      <DashboardHeading title="Manage orders">Every customer’s orders, newest first. Ship the paid ones.</DashboardHeading>
      <AdminListSearch
        name="Search the orders"
        label="Search orders"
        hint="A customer’s email or name, from its start, or an order number."
        q={filters.q}
        onSearch={(q) => setFilters({ q })}
      >
        <FilterSelect
          label="State"
          value={filters.status ?? ''}
          options={stateOptions}
          onChange={(status) => setFilters({ status: status || undefined })}
        />
        <FilterSelect
          label="Order"
          value={filters.sort}
          options={sortOptions}
          onChange={(sort) => setFilters({ sort: sort || 'newest' })}
        />
      </AdminListSearch>
      {orders.isPending ? (
        <Spinner label="Loading the orders…" />
      ) : orders.isError ? (
        <LoadFailure message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={filtered ? 'No orders match this search.' : 'No orders yet.'} />
      ) : (
        <TablePanel>
          <StackedTable caption="All orders" headers={['Customer', 'Parts', 'Amount', 'Price', 'Status', 'Action']}>
            {list.map((order) => (
              <ManageOrderRow
                key={order._id}
                order={order}
                busy={isBusy(order)}
                onShip={() => void shipOrder(order)}
                onCancel={() => void cancelOrder(order)}
                onRefund={() => void refundOrder(order)}
              />
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
