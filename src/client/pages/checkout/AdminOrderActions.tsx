// What an admin does to a paid order from its page: ship some or all of its unshipped lines with a
// carrier and tracking number, refund a line, the shipping or an amount (never more than is left
// of the payment, which is shown). Each asks for a confirmation first.
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { carrierIds, carriers, type CarrierId } from '../../../shared/carriers';
import { formatDollars, isWholeCents } from '../../../shared/money';
import { useConfirm } from '../../components/ConfirmDialog';
import { trpc } from '../../lib/trpc';
import type { PlacedOrder } from '../dashboard-shell/order-types';
import type { AfterSalesView } from './AfterSales';
import { OrderCard } from './OrderCard';

export function shipQuestion(order: PlacedOrder, names: readonly string[], carrier: CarrierId, trackingNumber: string): string {
  return `Ship ${names.join(', ')} of order ${order.number} with ${carriers[carrier].name}, tracking number ${trackingNumber}? The customer is emailed the tracking link.`;
}

export function refundQuestion(order: PlacedOrder, what: string, amount: number): string {
  return `Refund ${formatDollars(amount)} (${what}) of order ${order.number} to the customer’s card? A credit note is issued and the customer is emailed.`;
}

export function AdminOrderActions({ order, afterSales }: { order: PlacedOrder; afterSales: AfterSalesView }) {
  return (
    <OrderCard label="Admin actions">
      <ShipForm order={order} />
      <Refunds order={order} afterSales={afterSales} />
    </OrderCard>
  );
}

function useRefreshOrder(order: PlacedOrder) {
  const utils = trpc.useUtils();
  return () => {
    void utils.orders.byId.invalidate({ id: order._id });
    void utils.orders.afterSales.invalidate({ id: order._id });
  };
}

function ShipForm({ order }: { order: PlacedOrder }) {
  const confirm = useConfirm();
  const refresh = useRefreshOrder(order);
  const unshipped = order.lines.filter((line) => line.status === 'paid');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(unshipped.map((line) => line.bookingId)));
  const [carrier, setCarrier] = useState<CarrierId>('dhl');
  const [trackingNumber, setTrackingNumber] = useState('');
  const ship = trpc.orders.ship.useMutation({
    onSuccess: () => {
      refresh();
      setTrackingNumber('');
      toast.success('Shipped; the customer is emailed the tracking link.');
    },
    onError: (error) => toast.error(error.message),
  });

  if (unshipped.length === 0) return <p>Every paid line has shipped.</p>;

  const picked = unshipped.filter((line) => chosen.has(line.bookingId));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const number = trackingNumber.trim();
    if (picked.length === 0 || number === '') return;
    const go = await confirm({
      message: shipQuestion(
        order,
        picked.map((line) => line.name),
        carrier,
        number,
      ),
      actionLabel: 'Ship',
      keepLabel: 'Not yet',
      tone: 'primary',
    });
    if (go) ship.mutate({ id: order._id, bookingIds: picked.map((line) => line.bookingId), carrier, trackingNumber: number });
  }

  function toggle(bookingId: string) {
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(bookingId)) next.delete(bookingId);
      else next.add(bookingId);
      return next;
    });
  }

  return (
    <form aria-label="Ship" className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
      <h2 className="font-semibold">Ship</h2>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm">Lines in this parcel</legend>
        {unshipped.map((line) => (
          <label key={line.bookingId} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={chosen.has(line.bookingId)}
              onChange={() => toggle(line.bookingId)}
            />
            {line.quantity} × {line.name}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1">
        <span className="text-sm">Carrier</span>
        <select className="select select-bordered" value={carrier} onChange={(event) => setCarrier(event.target.value as CarrierId)}>
          {carrierIds.map((id) => (
            <option key={id} value={id}>
              {carriers[id].name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm">Tracking number</span>
        <input
          className="input input-bordered"
          value={trackingNumber}
          maxLength={40}
          onChange={(event) => setTrackingNumber(event.target.value)}
        />
      </label>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={ship.isPending || picked.length === 0 || trackingNumber.trim() === ''}
      >
        Ship {picked.length === unshipped.length ? 'all' : picked.length} {picked.length === 1 ? 'line' : 'lines'}
      </button>
    </form>
  );
}

function Refunds({ order, afterSales }: { order: PlacedOrder; afterSales: AfterSalesView }) {
  const confirm = useConfirm();
  const refresh = useRefreshOrder(order);
  const [amount, setAmount] = useState('');
  const handlers = {
    onSuccess: () => {
      refresh();
      toast.success('Refunded; a credit note was issued.');
    },
    onError: (error: { message: string }) => toast.error(error.message),
  };
  const refundLine = trpc.orders.refundLine.useMutation(handlers);
  const refundShipping = trpc.orders.refundShipping.useMutation(handlers);
  const refundAmount = trpc.orders.refundAmount.useMutation({
    ...handlers,
    onSuccess: () => {
      handlers.onSuccess();
      setAmount('');
    },
  });
  const busy = refundLine.isPending || refundShipping.isPending || refundAmount.isPending;
  const shippingRefunded = afterSales.refunds.some((refund) => refund.kind === 'shipping');
  const shippingGross = order.shipping?.amount ?? 0;
  const typed = Number(amount);
  const amountValid = amount.trim() !== '' && typed > 0 && isWholeCents(typed) && typed <= afterSales.remainingRefundable;

  async function ask(what: string, value: number): Promise<boolean> {
    return confirm({ message: refundQuestion(order, what, value), actionLabel: 'Refund', keepLabel: 'Keep the money' });
  }

  return (
    <div className="flex flex-col gap-3">
      <h2 className="font-semibold">Refunds</h2>
      <p>Left to refund: {formatDollars(afterSales.remainingRefundable)}</p>
      <ul className="flex flex-col gap-2">
        {order.lines
          .filter((line) => line.status === 'paid' || line.status === 'shipped')
          .map((line) => (
            <li key={line.bookingId} className="flex items-center justify-between gap-2">
              <span>
                {line.quantity} × {line.name}, {formatDollars(line.charged)}
              </span>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={busy}
                onClick={() =>
                  void ask(line.name, line.charged).then((go) => go && refundLine.mutate({ id: order._id, bookingId: line.bookingId }))
                }
              >
                Refund line {line.name}
              </button>
            </li>
          ))}
      </ul>
      {shippingGross > 0 && !shippingRefunded ? (
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          disabled={busy}
          onClick={() => void ask('the shipping', shippingGross).then((go) => go && refundShipping.mutate({ id: order._id }))}
        >
          Refund shipping
        </button>
      ) : null}
      <form
        aria-label="Refund an amount"
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (amountValid) void ask('an amount', typed).then((go) => go && refundAmount.mutate({ id: order._id, amount: typed }));
        }}
      >
        <label className="flex flex-col gap-1">
          <span className="text-sm">Amount to refund</span>
          <input
            className="input input-bordered input-sm"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-outline btn-sm" disabled={busy || !amountValid}>
          Refund an amount
        </button>
      </form>
    </div>
  );
}
