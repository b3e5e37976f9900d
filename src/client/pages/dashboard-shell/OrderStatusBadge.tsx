// The order's state as a small badge: unpaid, paid, shipped, cancelled, expired or refunded.
import type { OrderState } from '../../../shared/bookings';

const badgeClass: Record<OrderState, string> = {
  unpaid: 'badge-warning',
  paid: 'badge-success',
  shipped: 'badge-info',
  cancelled: 'badge-ghost',
  expired: 'badge-ghost',
  refunded: 'badge-neutral',
};

export function OrderStatusBadge({ state }: { state: OrderState }) {
  return <span className={`badge badge-sm font-medium ${badgeClass[state]}`}>{state}</span>;
}
