// The payment page's summary card: the part, who ordered it, how many and the total (SPEC.md §2).
import { formatDollars } from '../../../shared/money';
import type { Order } from '../dashboard-shell/order-types';

export function PaymentSummary({ order }: { order: Order }) {
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body">
        <p className="text-sm font-medium text-base-content/70">Hello, {order.personName}</p>
        <h2 className="card-title text-xl">Pay for {order.toolsName}</h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] items-baseline gap-x-6 gap-y-2">
          <dt className="text-base-content/70">Part</dt>
          <dd className="font-medium">{order.toolsName}</dd>
          <dt className="text-base-content/70">Person</dt>
          <dd className="break-words">{order.personName}</dd>
          <dt className="text-base-content/70">Quantity</dt>
          <dd className="tabular-nums">
            {order.amount} × {formatDollars(order.unitPrice)}
          </dd>
          <dt className="text-base-content/70">Price</dt>
          <dd className="text-lg font-bold tabular-nums">{formatDollars(order.price)}</dd>
        </dl>
      </div>
    </div>
  );
}
