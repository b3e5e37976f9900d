// The basket (/dashboard/basket): the customer's unpaid orders, all chosen at first, their total,
// and "Pay for N orders", which opens one checkout for the chosen ones and goes to its payment page.
import { ShoppingBasket } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { centsToDollars, dollarsToCents, formatDollars } from '../../../shared/money';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import type { Order } from '../dashboard-shell/order-types';
import { ordersLabel, unitsOf } from './units';

/** What the chosen orders add up to, in cents as the server adds them. */
function totalOf(orders: Order[]): number {
  return centsToDollars(orders.reduce((sum, order) => sum + dollarsToCents(order.price), 0));
}

export default function Basket() {
  const basket = trpc.checkouts.basket.useQuery();
  return (
    <section>
      <PageTitle title="Basket" />
      <DashboardHeading title="Basket">Pay for several unpaid orders at once, with one card payment.</DashboardHeading>
      {basket.isPending ? (
        <Spinner label="Loading your basket…" />
      ) : basket.isError ? (
        <LoadFailure message={basket.error.message} onRetry={() => void basket.refetch()} />
      ) : basket.data.items.length === 0 ? (
        <EmptyState title="Your basket is empty.">
          <p className="mt-1 text-base-content/70">Orders you have booked and not paid for yet show here.</p>
          <Link to="/home" className="btn btn-primary mt-4">
            Browse the parts
          </Link>
        </EmptyState>
      ) : (
        <BasketOrders orders={basket.data.items} more={basket.data.more} />
      )}
    </section>
  );
}

function BasketOrders({ orders, more }: { orders: Order[]; more: boolean }) {
  const navigate = useNavigate();
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(new Set());
  const chosen = orders.filter((order) => !leftOut.has(order._id));
  const checkout = trpc.checkouts.create.useMutation({
    onSuccess: ({ checkoutId }) => void navigate(`/dashboard/checkout/${checkoutId}`),
    onError: (error) => toast.error(error.message),
  });

  function toggle(id: string) {
    setLeftOut((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.length > 0) checkout.mutate({ bookingIds: chosen.map((order) => order._id) });
      }}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-medium">Orders to pay</legend>
        <ul className="flex flex-col gap-3">
          {orders.map((order) => (
            <li key={order._id}>
              <label className="flex cursor-pointer items-center gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm">
                <input
                  type="checkbox"
                  className="checkbox checkbox-primary"
                  checked={!leftOut.has(order._id)}
                  onChange={() => toggle(order._id)}
                />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="font-semibold break-words">{order.toolsName}</span>
                  <span className="text-sm text-base-content/70">
                    Order #{order.orderNumber} · {unitsOf(order.amount)} × {formatDollars(order.unitPrice)}
                  </span>
                </span>
                <span className="font-semibold tabular-nums">{formatDollars(order.price)}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {more ? (
        <p className="text-sm text-base-content/70">
          You have more unpaid orders than one payment takes; pay these first and the rest will show here.
        </p>
      ) : null}
      <div className="flex flex-col gap-3 rounded-box bg-base-200 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-baseline gap-3" aria-live="polite">
          <span className="font-medium">Total for {ordersLabel(chosen.length)}</span>
          <span className="text-xl font-bold tabular-nums">{formatDollars(totalOf(chosen))}</span>
        </p>
        <button type="submit" className="btn btn-primary" disabled={chosen.length === 0 || checkout.isPending}>
          {checkout.isPending ? (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          ) : (
            <ShoppingBasket aria-hidden="true" className="size-4" />
          )}
          Pay for {ordersLabel(chosen.length)}
        </button>
      </div>
    </form>
  );
}
