// A paid order's receipt (/dashboard/receipt/:id), made to be printed or saved as a PDF: the
// seller, the buyer, the items with quantities and unit prices, the total, the payment id and date,
// and the refund's date once the payment was refunded.
import { Printer } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { formatDayAndTime } from '../../../shared/dates';
import { formatDollars } from '../../../shared/money';
import { seller } from '../../../shared/seller';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import type { Order } from '../dashboard-shell/order-types';
import { unitsOf } from './units';

const backToOrders = (
  <Link to="/dashboard" className="link print:hidden">
    Back to My Orders
  </Link>
);

export default function Receipt() {
  const { id = '' } = useParams();
  const order = trpc.bookings.byId.useQuery({ id });

  return (
    <section>
      <PageTitle title="Receipt" />
      {order.isPending ? (
        <Spinner label="Loading the receipt…" />
      ) : order.isError ? (
        <div className="flex flex-col gap-4">
          <LoadFailure message={order.error.message} onRetry={() => void order.refetch()} />
          {backToOrders}
        </div>
      ) : (order.data.paid || order.data.status === 'refunded') && order.data.paidAt && order.data.transaction ? (
        <PaidReceipt order={order.data} paidAt={order.data.paidAt} paymentId={order.data.transaction} />
      ) : (
        <div role="status" className="flex flex-col gap-4">
          <h1 className="text-2xl font-bold tracking-tight">Receipt</h1>
          <p>A receipt is issued once the order is paid.</p>
          {backToOrders}
        </div>
      )}
    </section>
  );
}

function PaidReceipt({ order, paidAt, paymentId }: { order: Order; paidAt: string; paymentId: string }) {
  return (
    <article
      aria-labelledby="receipt-title"
      className="mx-auto max-w-3xl rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-10 print:max-w-none print:border-0 print:p-0 print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-base-300 pb-6">
        <div>
          <h1 id="receipt-title" className="text-2xl font-bold tracking-tight">
            Receipt for order #{order.orderNumber}
          </h1>
          <p className="mt-1 text-base-content/70">
            Paid <time dateTime={paidAt}>{formatDayAndTime(paidAt)}</time>
          </p>
          {order.refundedAt ? (
            <p className="mt-1 font-semibold">
              Refunded <time dateTime={order.refundedAt}>{formatDayAndTime(order.refundedAt)}</time>
            </p>
          ) : null}
        </div>
        <button type="button" className="btn btn-outline btn-sm gap-1 print:hidden" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" />
          Print
        </button>
      </header>

      <div className="grid gap-6 border-b border-base-300 py-6 sm:grid-cols-2">
        <address className="not-italic">
          <h2 className="text-sm font-semibold tracking-wide text-base-content/70 uppercase">Seller</h2>
          <p className="mt-2 font-medium">{seller.name}</p>
          <p>{seller.address}</p>
          <p>{seller.phone}</p>
          <p>{seller.email}</p>
        </address>
        <address className="not-italic">
          <h2 className="text-sm font-semibold tracking-wide text-base-content/70 uppercase">Buyer</h2>
          <p className="mt-2 font-medium break-words">{order.personName}</p>
          <p className="break-words">{order.address}</p>
          <p>{order.phone}</p>
          <p className="break-all">{order.email}</p>
        </address>
      </div>

      <table className="table my-6 table-sm sm:table-md [&_td:not(:first-child)]:whitespace-nowrap">
        <caption className="sr-only">Items</caption>
        <thead>
          <tr>
            <th scope="col">Part</th>
            <th scope="col" className="text-right">
              Quantity
            </th>
            {/* Phones show the unit price under the quantity, so the table fits their width. */}
            <th scope="col" className="text-right max-sm:hidden">
              Unit price
            </th>
            <th scope="col" className="text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className="break-words">{order.toolsName}</td>
            <td className="text-right tabular-nums">
              {unitsOf(order.amount)}
              <span className="block text-xs text-base-content/70 sm:hidden">at {formatDollars(order.unitPrice)}</span>
            </td>
            <td className="text-right tabular-nums max-sm:hidden">{formatDollars(order.unitPrice)}</td>
            <td className="text-right tabular-nums">{formatDollars(order.price)}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="text-right text-base">
              Total paid
            </th>
            <td className="max-sm:hidden" />
            <td className="text-right text-base font-bold tabular-nums">{formatDollars(order.price)}</td>
          </tr>
        </tfoot>
      </table>

      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-base-content/70">Payment id</dt>
        <dd className="font-mono break-all">{paymentId}</dd>
        <dt className="text-base-content/70">Paid by</dt>
        <dd>Card</dd>
        {order.refundedAt ? (
          <>
            <dt className="text-base-content/70">Refunded</dt>
            <dd className="tabular-nums">{formatDollars(order.price)} to the card</dd>
          </>
        ) : null}
      </dl>
      <p className="mt-8 print:hidden">{backToOrders}</p>
    </article>
  );
}
