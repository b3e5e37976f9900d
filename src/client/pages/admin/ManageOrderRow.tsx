// One row of Manage orders: the customer, the order (linked to its page), its state, and Ship
// (paid), Refund (paid or shipped) or Cancel (unpaid).
import { RotateCcw, Truck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { formatDollars } from '../../../shared/money';
import { NoAction } from '../dashboard-shell/NoAction';
import { OrderStatusBadge } from '../dashboard-shell/OrderStatusBadge';
import { StackedCell, StackedRow } from '../dashboard-shell/StackedTable';
import { TransactionId } from '../dashboard-shell/TransactionId';
import { orderPagePath, type Order } from '../dashboard-shell/order-types';

interface ManageOrderRowProps {
  order: Order;
  busy: boolean;
  onShip: () => void;
  onCancel: () => void;
  onRefund: () => void;
}

export function ManageOrderRow({ order, busy, onShip, onCancel, onRefund }: ManageOrderRowProps) {
  const refundable = order.status === 'paid' || order.status === 'shipped';
  return (
    <StackedRow>
      <StackedCell label="Customer">
        <span className="block font-medium">{order.personName}</span>
        <span className="block text-sm break-all text-base-content/70">{order.email}</span>
        <Link to={orderPagePath(order._id)} className="link text-sm link-primary">
          Order #{order.orderNumber}
        </Link>
      </StackedCell>
      <StackedCell label="Parts">{order.toolsName}</StackedCell>
      <StackedCell label="Amount">{order.amount}</StackedCell>
      <StackedCell label="Price">
        <span className="tabular-nums">{formatDollars(order.price)}</span>
      </StackedCell>
      <StackedCell label="Status">
        <span className="flex flex-col items-end gap-1 md:items-start">
          <OrderStatusBadge state={order.state} />
          {order.transaction ? <TransactionId id={order.transaction} /> : null}
        </span>
      </StackedCell>
      <StackedCell label="Action">
        {refundable ? (
          <span className="flex flex-wrap justify-end gap-2 md:justify-start">
            {order.status === 'paid' ? (
              <button
                type="button"
                className="btn btn-primary btn-sm gap-1"
                disabled={busy}
                aria-label={`Ship ${order.toolsName} to ${order.personName}`}
                onClick={onShip}
              >
                <Truck aria-hidden="true" className="size-4" />
                Ship
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn-outline btn-sm gap-1"
              disabled={busy}
              aria-label={`Refund ${order.personName}’s order for ${order.toolsName}`}
              onClick={onRefund}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              Refund
            </button>
          </span>
        ) : order.status === 'unpaid' ? (
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            disabled={busy}
            aria-label={`Cancel ${order.personName}’s order for ${order.toolsName}`}
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
