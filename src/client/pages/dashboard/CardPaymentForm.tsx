// The card form of the payment page: asks for a PaymentIntent for the order, then confirms the card with
// the provider (billing name and email) and has the server mark the order paid (SPEC.md §4).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatDollars } from '../../../shared/money';
import { useAuth } from '../../auth/useAuth';
import { trpc } from '../../lib/trpc';
import { CardFields } from '../../payments/CardFields';
import { useConfirmCard } from '../../payments/useConfirmCard';
import type { Order } from './order-types';

export function CardPaymentForm({ order, onPaid }: { order: Order; onPaid: (transactionId: string) => void }) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const confirmCard = useConfirmCard();
  const [paying, setPaying] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  const intent = trpc.payments.createIntent.useMutation({
    onError: () => void utils.bookings.byId.invalidate({ id: order._id }),
  });
  const markPaid = trpc.bookings.markPaid.useMutation();

  // One intent request per order and price (React's development double-mount must not send two).
  const requestedFor = useRef<string | null>(null);
  const requestIntent = intent.mutate;
  useEffect(() => {
    const key = `${order._id}:${order.price}`;
    if (requestedFor.current === key) return;
    requestedFor.current = key;
    requestIntent({ bookingId: order._id, price: order.price });
  }, [order._id, order.price, requestIntent]);

  const clientSecret = intent.data?.clientSecret;

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!clientSecret || paying) return;
    setPaying(true);
    setCardError(null);
    try {
      const result = await confirmCard({
        clientSecret,
        billingName: user?.displayName ?? order.personName,
        email: user?.email ?? order.email,
      });
      if (!result.ok) {
        setCardError(result.message);
        return;
      }
      const paid = await markPaid.mutateAsync({ id: order._id, transactionId: result.paymentIntentId });
      void utils.bookings.mine.invalidate();
      void utils.checkouts.basket.invalidate();
      void utils.bookings.byId.invalidate({ id: order._id });
      onPaid(paid.transaction ?? result.paymentIntentId);
    } catch (error) {
      setCardError(error instanceof Error ? error.message : String(error));
    } finally {
      setPaying(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void pay(event)} className="flex flex-col gap-4">
      <CardFields />
      {intent.isError ? (
        <div role="alert" className="alert alert-error alert-soft flex flex-wrap">
          <span>{intent.error.message}</span>
          <button type="button" className="btn btn-sm" onClick={() => intent.mutate({ bookingId: order._id, price: order.price })}>
            Try again
          </button>
        </div>
      ) : null}
      {cardError ? (
        <p role="alert" className="font-medium text-error">
          {cardError}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={!clientSecret || paying}>
        {paying || intent.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {paying ? 'Paying…' : `Pay ${formatDollars(order.price)}`}
      </button>
      {!clientSecret && intent.isPending ? <p className="text-center text-sm text-base-content/70">Preparing the payment…</p> : null}
    </form>
  );
}
