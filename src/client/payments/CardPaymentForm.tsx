// The card form both payment pages share: requests the page's PaymentIntent once, confirms the card
// with the provider (billing name and email), then has the page's own procedure record the payment.
// The page says how it gets its intent and how it confirms; the form owns the card, Pay and errors.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatDollars } from '../../shared/money';
import { useAuth } from '../auth/useAuth';
import { CardFields } from './CardFields';
import { useConfirmCard } from './useConfirmCard';

/** The page's PaymentIntent request, as its mutation reports it. */
interface CardPaymentIntent {
  /** Sends the request; the form sends it once per `key` (React's development double-mount must not send two). */
  request: () => void;
  key: string;
  clientSecret: string | undefined;
  isPending: boolean;
  error: { message: string } | null;
  /** Offers "Try again" beside a failed request; without it the page shows what changed instead. */
  canRetry?: boolean;
}

interface CardPaymentFormProps {
  amount: number;
  intent: CardPaymentIntent;
  /** Who pays when the signed-in user has no name or email of their own. */
  billing: { name: string; email: string };
  /** Records the confirmed PaymentIntent on the server; resolves to the transaction id to show. */
  confirm: (paymentIntentId: string) => Promise<string>;
  onPaid: (transactionId: string) => void;
}

export function CardPaymentForm({ amount, intent, billing, confirm, onPaid }: CardPaymentFormProps) {
  const { user } = useAuth();
  const confirmCard = useConfirmCard();
  const [paying, setPaying] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);

  const requestedFor = useRef<string | null>(null);
  const { key, request } = intent;
  useEffect(() => {
    if (requestedFor.current === key) return;
    requestedFor.current = key;
    request();
  }, [key, request]);

  const { clientSecret } = intent;

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!clientSecret || paying) return;
    setPaying(true);
    setCardError(null);
    try {
      const result = await confirmCard({
        clientSecret,
        billingName: user?.displayName ?? billing.name,
        email: user?.email ?? billing.email,
      });
      if (!result.ok) {
        setCardError(result.message);
        return;
      }
      onPaid(await confirm(result.paymentIntentId));
    } catch (error) {
      setCardError(error instanceof Error ? error.message : String(error));
    } finally {
      setPaying(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void pay(event)} className="flex flex-col gap-4">
      <CardFields />
      {intent.error ? (
        <div role="alert" className="alert alert-error alert-soft flex flex-wrap">
          <span>{intent.error.message}</span>
          {intent.canRetry ? (
            <button type="button" className="btn btn-sm" onClick={request}>
              Try again
            </button>
          ) : null}
        </div>
      ) : null}
      {cardError ? (
        <p role="alert" className="font-medium text-error">
          {cardError}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={!clientSecret || paying}>
        {paying || intent.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {paying ? 'Paying…' : `Pay ${formatDollars(amount)}`}
      </button>
      {!clientSecret && intent.isPending ? <p className="text-center text-sm text-base-content/70">Preparing the payment…</p> : null}
    </form>
  );
}
