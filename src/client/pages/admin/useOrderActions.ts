// An admin's actions on an order, each asked in the confirm dialog first: Ship a paid order, Refund
// a paid or shipped one, Cancel an unpaid one. Manage orders and the order page share them, so both
// ask the same question.
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { formatDollars } from '../../../shared/money';
import { useConfirm } from '../../components/ConfirmDialog';
import { trpc } from '../../lib/trpc';
import type { Order } from '../dashboard-shell/order-types';

export function useOrderActions() {
  const utils = trpc.useUtils();
  const confirm = useConfirm();

  function refresh() {
    void utils.bookings.all.invalidate();
    void utils.bookings.detail.invalidate();
  }

  const ship = trpc.bookings.ship.useMutation({
    onSuccess: (order) => {
      toast.success(`${order.toolsName} for ${order.personName} is shipped`);
      refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  const cancel = trpc.bookings.cancel.useMutation({
    onSuccess: () => {
      toast.success(messages.deleted);
      refresh();
      void utils.tools.list.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  const refund = trpc.bookings.refund.useMutation({
    onSuccess: (order) => {
      if (order.status === 'refunded') toast.success(messages.refunded({ toolName: order.toolsName, personName: order.personName }));
      else toast.info(messages.refundPending);
      refresh();
      void utils.tools.list.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  async function shipOrder(order: Order) {
    if (
      await confirm({
        message: messages.confirmShip,
        actionLabel: messages.shipOrder,
        keepLabel: messages.keepUnshipped,
        tone: 'primary',
      })
    )
      ship.mutate({ id: order._id });
  }

  async function cancelOrder(order: Order) {
    if (await confirm({ message: messages.confirmDelete, actionLabel: messages.cancelOrder, keepLabel: messages.keepOrder }))
      cancel.mutate({ id: order._id });
  }

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

  function isBusy(order: Order): boolean {
    return [ship, cancel, refund].some((mutation) => mutation.isPending && mutation.variables.id === order._id);
  }

  return { shipOrder, cancelOrder, refundOrder, isBusy };
}
