// An order's own page (/orders/:id): its number and state, its history, the lines with their
// states, the totals and where it goes; while unpaid, Pay now and Cancel order; once paid, its
// shipments and refunds, and for an admin the Ship and Refund actions.
import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Link } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { useAuth } from '../../auth/useAuth';
import { useConfirm } from '../../components/ConfirmDialog';
import { trpc } from '../../lib/trpc';
import type { PlacedOrder } from '../dashboard-shell/order-types';
import { OrderStatusBadge } from '../dashboard-shell/OrderStatusBadge';
import { AdminOrderActions } from './AdminOrderActions';
import { AfterSales } from './AfterSales';
import { downloadPdf } from './download-document';
import { OrderCard } from './OrderCard';
import { orderPaymentPath } from './order-paths';
import { OrderPageShell } from './OrderPageShell';
import { OrderTimeline } from './OrderTimeline';
import { PriceSummary } from './PriceSummary';
import { ShipToAddress } from './ShipToAddress';
import { useOrderFromRoute } from './useOrderFromRoute';

export function cancelOrderQuestion(order: PlacedOrder): string {
  return `Cancel order ${order.number}? The whole order is cancelled, with every part in it, and nothing is charged.`;
}

export default function PlacedOrderPage() {
  const order = useOrderFromRoute();
  return (
    <OrderPageShell order={order} title={(placed) => `Order ${placed.number}`}>
      {(placed) => <OrderDetails order={placed} />}
    </OrderPageShell>
  );
}

function OrderDetails({ order }: { order: PlacedOrder }) {
  const { role } = useAuth();
  const afterSales = trpc.orders.afterSales.useQuery({ id: order._id }, { enabled: order.status === 'paid' }).data;
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex flex-col gap-6">
        <OrderCard label="Status">
          <p className="flex items-center gap-2">
            Status: <OrderStatusBadge state={order.status} />
          </p>
          {order.status === 'unpaid' ? <UnpaidActions order={order} /> : null}
          <OrderTimeline order={order} afterSales={afterSales} />
        </OrderCard>
        {afterSales ? <AfterSales order={order} afterSales={afterSales} /> : null}
        {afterSales && role === 'admin' ? <AdminOrderActions order={order} afterSales={afterSales} /> : null}
        <OrderCard>
          <PriceSummary
            figures={order}
            title="Parts and totals"
            lineNote={(index) => {
              const line = order.lines[index];
              return line ? (
                <span className="ml-2">
                  <OrderStatusBadge state={line.status} />
                </span>
              ) : null;
            }}
          />
        </OrderCard>
      </div>
      <div className="flex flex-col gap-6">
        <OrderCard label="Ship to">
          <ShipToAddress order={order} />
        </OrderCard>
        {order.status === 'paid' ? <InvoiceDownload order={order} /> : null}
      </div>
    </div>
  );
}

function UnpaidActions({ order }: { order: PlacedOrder }) {
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const cancel = trpc.orders.cancel.useMutation({
    onSuccess: (cancelled) => {
      utils.orders.byId.setData({ id: order._id }, cancelled);
      void utils.orders.mine.invalidate();
      void utils.bookings.invalidate();
      toast.success('Your order was cancelled.');
    },
    onError: (error) => toast.error(error.message),
  });

  async function cancelOrder() {
    const chosen = await confirm({
      message: cancelOrderQuestion(order),
      actionLabel: messages.cancelOrder,
      keepLabel: messages.keepOrder,
    });
    if (chosen) cancel.mutate({ id: order._id });
  }

  return (
    <div className="flex flex-wrap gap-3">
      <Link to={orderPaymentPath(order._id)} className="btn btn-primary">
        Pay now
      </Link>
      <button type="button" className="btn btn-outline btn-error" disabled={cancel.isPending} onClick={() => void cancelOrder()}>
        Cancel order
      </button>
    </div>
  );
}

/** The paid order's invoice, printed by the server when asked for and saved under its number. */
function InvoiceDownload({ order }: { order: PlacedOrder }) {
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      downloadPdf(await utils.orders.invoice.fetch({ id: order._id }));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <OrderCard label="Invoice">
      <button type="button" className="btn btn-outline btn-sm self-start" disabled={busy} onClick={() => void download()}>
        <FileDown aria-hidden="true" className="size-4" />
        Download invoice (PDF)
      </button>
    </OrderCard>
  );
}
