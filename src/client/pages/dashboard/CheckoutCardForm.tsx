// The card form of the basket's payment page: asks for the checkout's PaymentIntent, confirms the
// card with the provider (billing name and email), then has the server mark every order paid.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatDollars } from '../../../shared/money';
import { useAuth } from '../../auth/useAuth';
import { trpc } from '../../lib/trpc';
import { CardFields } from '../../payments/CardFields';
import { useConfirmCard } from '../../payments/useConfirmCard';
import type { CheckoutView } from './order-types';

export function CheckoutCardForm({ checkout, onPaid }: { checkout: CheckoutView; onPaid: (transactionId: string) => void }) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const confirmCard = useConfirmCard();
  const [paying, setPaying] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  const intent = trpc.checkouts.intent.useMutation({
    // A refusal means the basket changed (paid, or an order cancelled): show what it is now.
    onError: () => void utils.checkouts.byId.invalidate({ id: checkout._id }),
  });
  const confirm = trpc.checkouts.confirm.useMutation();

  // One intent request per checkout (React's development double-mount must not send two).
  const requestedFor = useRef<string | null>(null);
  const requestIntent = intent.mutate;
  useEffect(() => {
    if (requestedFor.current === checkout._id) return;
    requestedFor.current = checkout._id;
    requestIntent({ id: checkout._id });
  }, [checkout._id, requestIntent]);

  const clientSecret = intent.data?.clientSecret;
  const first = checkout.items[0];

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!clientSecret || paying) return;
    setPaying(true);
    setCardError(null);
    try {
      const result = await confirmCard({
        clientSecret,
        billingName: user?.displayName ?? first?.personName ?? '',
        email: user?.email ?? first?.email ?? '',
      });
      if (!result.ok) {
        setCardError(result.message);
        return;
      }
      const paid = await confirm.mutateAsync({ id: checkout._id, transactionId: result.paymentIntentId });
      void utils.checkouts.invalidate();
      void utils.bookings.invalidate();
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
        </div>
      ) : null}
      {cardError ? (
        <p role="alert" className="font-medium text-error">
          {cardError}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={!clientSecret || paying}>
        {paying || intent.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {paying ? 'Paying…' : `Pay ${formatDollars(checkout.total)}`}
      </button>
      {!clientSecret && intent.isPending ? <p className="text-center text-sm text-base-content/70">Preparing the payment…</p> : null}
    </form>
  );
}
