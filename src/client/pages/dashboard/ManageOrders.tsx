// Manage orders (admin): every customer's orders with their state; ship paid ones, refund paid or
// shipped ones, cancel unpaid ones.
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { formatDollars } from '../../../shared/money';
import { useConfirm } from '../../components/ConfirmDialog';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import { DashboardHeading } from './DashboardHeading';
import { EmptyState } from './EmptyState';
import { ManageOrderRow } from './ManageOrderRow';
import { ORDERS_PAGE_SIZE, type Order } from './order-types';
import { ShowMoreButton } from './ShowMoreButton';
import { StackedTable } from './StackedTable';
import { TablePanel } from './TablePanel';

export default function ManageOrders() {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const orders = trpc.bookings.all.useInfiniteQuery(
    { limit: ORDERS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );

  const ship = trpc.bookings.ship.useMutation({
    onSuccess: (order) => {
      toast.success(`${order.toolsName} for ${order.personName} is shipped`);
      void utils.bookings.all.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
  const cancel = trpc.bookings.cancel.useMutation({
    onSuccess: () => {
      toast.success(messages.deleted);
      void utils.bookings.all.invalidate();
      void utils.tools.list.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  const refund = trpc.bookings.refund.useMutation({
    onSuccess: (order) => {
      if (order.status === 'refunded') toast.success(messages.refunded({ toolName: order.toolsName, personName: order.personName }));
      else toast.info(messages.refundPending);
      void utils.bookings.all.invalidate();
      void utils.tools.list.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  async function refundOrder(order: Order) {
    const message = messages.confirmRefund({
      price: formatDollars(order.price),
      personName: order.personName,
      toolName: order.toolsName,
      shipped: order.status === 'shipped',
    });
    if (await confirm({ message, actionLabel: messages.refundOrder, keepLabel: messages.keepPayment }))
      refund.mutate({ id: order._id });
  }

  async function cancelOrder(order: Order) {
    if (await confirm({ message: messages.confirmDelete, actionLabel: messages.cancelOrder, keepLabel: messages.keepOrder }))
      cancel.mutate({ id: order._id });
  }

  function isBusy(order: Order): boolean {
    return [ship, cancel, refund].some((mutation) => mutation.isPending && mutation.variables.id === order._id);
  }

  const list = orders.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section>
      <PageTitle title="Manage orders" />
      <DashboardHeading title="Manage orders">Every customer’s orders, newest first. Ship the paid ones.</DashboardHeading>
      {orders.isPending ? (
        <Spinner label="Loading the orders…" />
      ) : orders.isError ? (
        <LoadFailure message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="No orders yet." />
      ) : (
        <TablePanel>
          <StackedTable caption="All orders" headers={['Customer', 'Parts', 'Amount', 'Price', 'Status', 'Action']}>
            {list.map((order) => (
              <ManageOrderRow
                key={order._id}
                order={order}
                busy={isBusy(order)}
                onShip={() => ship.mutate({ id: order._id })}
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
