// The order's state as a small badge: unpaid, paid, shipped or cancelled.
import type { BookingStatus } from '../../../shared/bookings';

const badgeClass: Record<BookingStatus, string> = {
  unpaid: 'badge-warning',
  paid: 'badge-success',
  shipped: 'badge-info',
  cancelled: 'badge-ghost',
};

export function OrderStatusBadge({ status }: { status: BookingStatus }) {
  return <span className={`badge badge-sm font-medium ${badgeClass[status]}`}>{status}</span>;
}
