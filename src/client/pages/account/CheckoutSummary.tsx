// The basket payment page's summary card: each order it pays and the total of the one payment.
import { formatDollars } from '../../../shared/money';
import type { CheckoutView } from '../dashboard-shell/order-types';
import { ordersLabel, unitsOf } from './units';

export function CheckoutSummary({ checkout }: { checkout: CheckoutView }) {
  const person = checkout.items[0]?.personName;
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body">
        {person ? <p className="text-sm font-medium text-base-content/70">Hello, {person}</p> : null}
        <h2 className="card-title text-xl">Pay for {ordersLabel(checkout.items.length)}</h2>
        <ul className="mt-2 divide-y divide-base-300">
          {checkout.items.map((order) => (
            <li key={order._id} className="flex items-baseline justify-between gap-4 py-2">
              <span className="min-w-0">
                <span className="block font-medium break-words">{order.toolsName}</span>
                <span className="text-sm text-base-content/70">
                  Order #{order.orderNumber} · {unitsOf(order.amount)} × {formatDollars(order.unitPrice)}
                </span>
              </span>
              <span className="tabular-nums">{formatDollars(order.price)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-2 flex items-baseline justify-between border-t border-base-300 pt-3">
          <span className="font-medium">Total</span>
          <span className="text-lg font-bold tabular-nums">{formatDollars(checkout.total)}</span>
        </p>
      </div>
    </div>
  );
}
