// An order's own page for admins (/dashboard/orders/:id): the customer, what was ordered, the
// payment with its provider ids, the order's history with dates, and Ship, Refund or Cancel, each
// confirmed.
import { RotateCcw, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDayAndTime } from '../../../shared/dates';
import { formatDollars } from '../../../shared/money';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { partPath } from '../../lib/part-path';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { OrderHistory } from '../dashboard-shell/OrderHistory';
import { TransactionId } from '../dashboard-shell/TransactionId';
import { useOrderActions } from './useOrderActions';

type OrderDetails = RouterOutputs['bookings']['detail'];

const backToOrders = (
  <Link to="/dashboard/manageorders" className="link link-primary">
    Back to Manage orders
  </Link>
);

export default function OrderDetail() {
  const { id = '' } = useParams();
  const order = trpc.bookings.detail.useQuery({ id });

  return (
    <section>
      {order.isPending ? (
        <>
          <PageTitle title="Order" />
          <Spinner label="Loading the order…" />
        </>
      ) : order.isError ? (
        <div className="flex flex-col gap-4">
          <PageTitle title="Order" />
          <LoadFailure message={order.error.message} onRetry={() => void order.refetch()} />
          {backToOrders}
        </div>
      ) : (
        <OrderPage order={order.data} />
      )}
    </section>
  );
}

function OrderPage({ order }: { order: OrderDetails }) {
  const { shipOrder, cancelOrder, refundOrder, isBusy } = useOrderActions();
  const title = `Order #${order.orderNumber}`;
  return (
    <>
      <PageTitle title={title} />
      <DashboardHeading title={title}>
        Placed {formatDayAndTime(order.createdAt)} by {order.personName}.
      </DashboardHeading>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        {order.status === 'paid' ? (
          <button type="button" className="btn btn-primary gap-1" disabled={isBusy(order)} onClick={() => void shipOrder(order)}>
            <Truck aria-hidden="true" className="size-4" />
            Ship
          </button>
        ) : order.status === 'unpaid' ? (
          <button type="button" className="btn btn-outline btn-error" disabled={isBusy(order)} onClick={() => void cancelOrder(order)}>
            Cancel order
          </button>
        ) : null}
        {order.status === 'paid' || order.status === 'shipped' ? (
          <button type="button" className="btn btn-outline gap-1" disabled={isBusy(order)} onClick={() => void refundOrder(order)}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Refund
          </button>
        ) : null}
        {backToOrders}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Customer">
          <Fields>
            <Field label="Name">{order.personName}</Field>
            <Field label="Email">
              <span className="break-all">{order.email}</span>
            </Field>
            <Field label="Phone">{order.phone}</Field>
            <Field label="Address">
              <span className="whitespace-pre-line">{order.address}</span>
            </Field>
            <Field label="Customer id">
              <span className="font-mono text-xs break-all">{order.customerId}</span>
            </Field>
          </Fields>
        </Panel>
        <Panel title="Order">
          <Fields>
            <Field label="Order number">#{order.orderNumber}</Field>
            <Field label="Part">
              <Link to={partPath(order.toolsId)} className="link">
                {order.toolsName}
              </Link>
            </Field>
            <Field label="Amount">{order.amount}</Field>
            <Field label="Unit price">
              <span className="tabular-nums">{formatDollars(order.unitPrice)}</span>
            </Field>
            <Field label="Price">
              <span className="tabular-nums">{formatDollars(order.price)}</span>
            </Field>
            <Field label="Order id">
              <span className="font-mono text-xs break-all">{order._id}</span>
            </Field>
          </Fields>
        </Panel>
        <Panel title="Payment">
          <Fields>
            <Field label="Payment id">
              {order.paymentIntentId ? <TransactionId id={order.paymentIntentId} hasVisibleLabel /> : 'None yet'}
            </Field>
            <Field label="Transaction id">
              {order.transaction ? <TransactionId id={order.transaction} hasVisibleLabel /> : 'Not paid'}
            </Field>
            {order.paymentError ? <Field label="Last payment error">{order.paymentError}</Field> : null}
            {order.cancelReason ? <Field label="Cancelled by">{order.cancelReason}</Field> : null}
          </Fields>
        </Panel>
        <Panel title="History">
          {/* The history's own layout ends the line on phones, as in a card of My Orders; here it starts it. */}
          <div className="[&>div]:items-start">
            <OrderHistory order={order} />
          </div>
        </Panel>
      </div>
    </>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-4" aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Fields({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">{children}</dl>;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-base-content/70">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
