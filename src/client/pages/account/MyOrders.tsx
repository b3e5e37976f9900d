// The dashboard's index for customers (admins see their tools there): their orders with Pay, the
// paid label and Cancel (SPEC.md §2).
import { toast } from 'react-toastify';
import { Link } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { useAuth } from '../../auth/useAuth';
import { useEndRefusedSession } from '../../auth/useEndRefusedSession';
import { useConfirm } from '../../components/ConfirmDialog';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { cancelQuestionOf, MyOrderRow } from './MyOrderRow';
import { ORDERS_PAGE_SIZE, type Order } from '../dashboard-shell/order-types';
import { ShowMoreButton } from '../dashboard-shell/ShowMoreButton';
import { StackedTable } from '../dashboard-shell/StackedTable';
import { TablePanel } from '../dashboard-shell/TablePanel';

export default function MyOrders() {
  const { signOut } = useAuth();
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const orders = trpc.bookings.mine.useInfiniteQuery(
    { limit: ORDERS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  useEndRefusedSession(orders.error, signOut);

  const cancel = trpc.bookings.cancel.useMutation({
    onSuccess: async () => {
      toast.success(messages.deleted);
      await Promise.all([utils.bookings.mine.invalidate(), utils.tools.list.invalidate()]);
    },
    onError: (error) => toast.error(error.message),
  });

  async function cancelOrder(order: Order) {
    if (await confirm({ message: cancelQuestionOf(order), actionLabel: messages.cancelOrder, keepLabel: messages.keepOrder }))
      cancel.mutate({ id: order._id });
  }

  const list = orders.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section>
      <PageTitle title="My Orders" />
      <DashboardHeading title="My Orders">Pay for your orders or cancel the ones you have not paid.</DashboardHeading>
      {orders.isPending ? (
        <Spinner label="Loading your orders…" />
      ) : orders.isError ? (
        <LoadFailure message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="You have no orders yet.">
          <p className="mt-1 text-base-content/70">Book a part from the shop and it will show here.</p>
          <Link to="/home" className="btn btn-primary mt-4">
            Browse the parts
          </Link>
        </EmptyState>
      ) : (
        <TablePanel>
          <StackedTable
            caption="My orders"
            headers={['Order', 'Name', 'Address', 'Parts', 'Amount', 'Phone', 'Pay', 'Status', 'Cancel']}
          >
            {list.map((order) => (
              <MyOrderRow
                key={order._id}
                order={order}
                cancelling={cancel.isPending && cancel.variables.id === order._id}
                onCancel={() => void cancelOrder(order)}
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
