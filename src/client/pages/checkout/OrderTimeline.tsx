// An order's history: when it was placed, how long it was held or when it was paid or cancelled,
// when each line shipped, and each shipment (with its tracking link) and refund.
import { carriers } from '../../../shared/carriers';
import { formatDayAndTime } from '../../../shared/dates';
import { formatDollars } from '../../../shared/money';
import type { PlacedOrder } from '../dashboard-shell/order-types';
import type { AfterSalesView } from './AfterSales';

interface TimelineStep {
  label: string;
  at: string;
  link?: { href: string; text: string };
}

function closedLabel(status: PlacedOrder['status']): string {
  return status === 'expired' ? 'Expired' : 'Cancelled';
}

function timelineOf(order: PlacedOrder, afterSales: AfterSalesView | undefined): TimelineStep[] {
  const steps: TimelineStep[] = [{ label: 'Placed', at: order.createdAt }];
  if (order.status === 'unpaid') steps.push({ label: 'Held until', at: order.heldUntil });
  if (order.paidAt) steps.push({ label: 'Paid', at: order.paidAt });
  if (afterSales && afterSales.shipments.length > 0) {
    for (const parcel of afterSales.shipments) {
      steps.push({
        label: `${parcel.lines.join(', ')} shipped with ${carriers[parcel.carrier].name}`,
        at: parcel.createdAt,
        link: { href: parcel.trackingUrl, text: `Track ${parcel.trackingNumber}` },
      });
    }
  } else {
    for (const line of order.lines) {
      if (line.shippedAt) steps.push({ label: `${line.name} shipped`, at: line.shippedAt });
    }
  }
  for (const refund of afterSales?.refunds ?? []) {
    steps.push({ label: `${formatDollars(refund.amount)} refunded`, at: refund.createdAt });
  }
  if (order.cancelledAt) steps.push({ label: closedLabel(order.status), at: order.cancelledAt });
  return steps;
}

export function OrderTimeline({ order, afterSales }: { order: PlacedOrder; afterSales?: AfterSalesView | undefined }) {
  return (
    <ol aria-label={`History of order ${order.number}`} className="flex flex-col gap-2 border-l-2 border-base-300 pl-4">
      {timelineOf(order, afterSales).map((step) => (
        <li key={`${step.label}-${step.at}`}>
          <span className="font-medium">{step.label}</span>{' '}
          <time dateTime={step.at} className="text-base-content/70">
            {formatDayAndTime(step.at)}
          </time>
          {step.link ? (
            <>
              {' · '}
              <a href={step.link.href} target="_blank" rel="noreferrer" className="link link-primary">
                {step.link.text}
              </a>
            </>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
