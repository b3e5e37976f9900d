// An order's state and the date of each change it went through: ordered, paid, shipped,
// cancelled or expired, and refunded. The newest state is the badge; the dates read top to bottom.
import { formatDay } from '../../../shared/dates';
import { OrderStatusBadge } from './OrderStatusBadge';
import type { Order } from './order-types';

type Step = { label: string; at: string };

function stepsOf(order: Order): Step[] {
  const steps: (Step | null)[] = [
    { label: 'Ordered', at: order.createdAt },
    order.paidAt ? { label: 'Paid', at: order.paidAt } : null,
    order.shippedAt ? { label: 'Shipped', at: order.shippedAt } : null,
    order.cancelledAt ? { label: order.state === 'expired' ? 'Expired' : 'Cancelled', at: order.cancelledAt } : null,
    order.refundedAt ? { label: 'Refunded', at: order.refundedAt } : null,
  ];
  return steps.filter((step): step is Step => step !== null);
}

export function OrderHistory({ order }: { order: Order }) {
  return (
    <div className="flex flex-col items-end gap-1 md:items-start">
      <OrderStatusBadge state={order.state} />
      <ul aria-label={`History of order ${order.orderNumber}`} className="text-xs text-base-content/70">
        {stepsOf(order).map((step) => (
          <li key={step.label}>
            {step.label} <time dateTime={step.at}>{formatDay(step.at)}</time>
          </li>
        ))}
      </ul>
    </div>
  );
}
