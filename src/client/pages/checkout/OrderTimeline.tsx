// An order's history: when it was placed, how long it was held or when it was paid or cancelled,
// and when each line shipped.
import { formatDayAndTime } from '../../../shared/dates';
import type { PlacedOrder } from '../dashboard-shell/order-types';

interface TimelineStep {
  label: string;
  at: string;
}

function closedLabel(status: PlacedOrder['status']): string {
  return status === 'expired' ? 'Expired' : 'Cancelled';
}

function timelineOf(order: PlacedOrder): TimelineStep[] {
  const steps: TimelineStep[] = [{ label: 'Placed', at: order.createdAt }];
  if (order.status === 'unpaid') steps.push({ label: 'Held until', at: order.heldUntil });
  if (order.paidAt) steps.push({ label: 'Paid', at: order.paidAt });
  for (const line of order.lines) {
    if (line.shippedAt) steps.push({ label: `${line.name} shipped`, at: line.shippedAt });
  }
  if (order.cancelledAt) steps.push({ label: closedLabel(order.status), at: order.cancelledAt });
  return steps;
}

export function OrderTimeline({ order }: { order: PlacedOrder }) {
  return (
    <ol aria-label={`History of order ${order.number}`} className="flex flex-col gap-2 border-l-2 border-base-300 pl-4">
      {timelineOf(order).map((step) => (
        <li key={`${step.label}-${step.at}`}>
          <span className="font-medium">{step.label}</span>{' '}
          <time dateTime={step.at} className="text-base-content/70">
            {formatDayAndTime(step.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
