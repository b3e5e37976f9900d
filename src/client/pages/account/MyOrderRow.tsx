// One row of My Orders: the order's number and date, Pay while unpaid, the paid label with its
// transaction id and receipt after, its state with the date of each change, Cancel only while unpaid.
import { CreditCard, FileText } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatDay } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { formatDollars } from '../../../shared/money';
import { orderMessages } from '../../../shared/order-messages';
import { NoAction } from '../dashboard-shell/NoAction';
import { OrderHistory } from '../dashboard-shell/OrderHistory';
import { OrderStatusBadge } from '../dashboard-shell/OrderStatusBadge';
import type { Order } from '../dashboard-shell/order-types';
import { StackedCell, StackedRow } from '../dashboard-shell/StackedTable';
import { TransactionId } from '../dashboard-shell/TransactionId';
import { unitsOf } from './units';

const cancelReasons: Record<string, string> = {
  admin: 'Cancelled by the shop',
  expired: 'The hold ran out before payment',
  account_removed: 'Account removed',
};

/** A line of a checkout order is paid with the whole order, on the order's payment page; Book Now's on SPEC's. */
function payPathOf(order: Order): string {
  return order.orderId && order.orderChannel === 'checkout' ? `/orders/${order.orderId}/pay` : `/dashboard/payment/${order._id}`;
}

/** What the Cancel confirm asks: a line of a checkout order cannot be cancelled without the rest of it. */
export function cancelQuestionOf(order: Order): string {
  return order.orderChannel === 'checkout' ? orderMessages.cancelWholeOrder : messages.confirmDelete;
}

export function MyOrderRow({ order, cancelling, onCancel }: { order: Order; cancelling: boolean; onCancel: () => void }) {
  const unpaid = order.status === 'unpaid';
  return (
    <StackedRow>
      <StackedCell label="Order">
        <span className="font-semibold tabular-nums">#{order.orderNumber}</span>
        <time dateTime={order.createdAt} className="block text-xs text-base-content/70">
          {formatDay(order.createdAt)}
        </time>
      </StackedCell>
      <StackedCell label="Name">{order.personName}</StackedCell>
      <StackedCell label="Address">{order.address}</StackedCell>
      <StackedCell label="Parts">{order.toolsName}</StackedCell>
      <StackedCell label="Amount">{unitsOf(order.amount)}</StackedCell>
      <StackedCell label="Phone">{order.phone}</StackedCell>
      <StackedCell label="Pay">
        <div className="flex flex-col items-end gap-1 md:items-start">
          <span className="font-semibold tabular-nums">{formatDollars(order.price)}</span>
          {unpaid && order.price > 0 ? (
            <Link
              to={payPathOf(order)}
              className="btn btn-primary btn-sm gap-1"
              aria-label={`Pay ${formatDollars(order.price)} for ${order.toolsName}`}
            >
              <CreditCard aria-hidden="true" className="size-4" />
              Pay
            </Link>
          ) : null}
          {unpaid && order.paymentError ? <span className="text-xs text-error">{order.paymentError}</span> : null}
          {order.paid || order.status === 'refunded' ? (
            <>
              <OrderStatusBadge state={order.paid ? 'paid' : 'refunded'} />
              {order.transaction ? <TransactionId id={order.transaction} /> : null}
              {order.orderId ? (
                <Link
                  to={`/orders/${order.orderId}`}
                  className="link inline-flex items-center gap-1 text-sm"
                  aria-label={`Order and invoice for order ${order.orderNumber}`}
                >
                  <FileText aria-hidden="true" className="size-4" />
                  Order &amp; invoice
                </Link>
              ) : (
                <Link
                  to={`/dashboard/receipt/${order._id}`}
                  className="link inline-flex items-center gap-1 text-sm"
                  aria-label={`Receipt for order ${order.orderNumber}`}
                >
                  <FileText aria-hidden="true" className="size-4" />
                  Receipt
                </Link>
              )}
            </>
          ) : null}
        </div>
      </StackedCell>
      <StackedCell label="Status">
        <OrderHistory order={order} />
        {order.status === 'cancelled' && order.cancelReason && cancelReasons[order.cancelReason] ? (
          <span className="block text-xs text-base-content/70">{cancelReasons[order.cancelReason]}</span>
        ) : null}
      </StackedCell>
      <StackedCell label="Cancel">
        {unpaid ? (
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            disabled={cancelling}
            aria-label={`Cancel the order for ${order.toolsName}`}
            onClick={onCancel}
          >
            Cancel
          </button>
        ) : (
          <NoAction />
        )}
      </StackedCell>
    </StackedRow>
  );
}
