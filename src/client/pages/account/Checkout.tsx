// The basket's payment page (/dashboard/checkout/:id): the orders it pays and their total beside one
// card form, or the basket's paid or closed state.
import { Suspense, useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { CardPaymentForm } from '../../payments/CardPaymentForm';
import { CardPaymentProvider } from '../../payments/CardPaymentProvider';
import { CheckoutSummary } from './CheckoutSummary';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import type { CheckoutView } from '../dashboard-shell/order-types';
import { AlreadyPaid, PaymentSucceeded } from './PaymentSucceeded';

export default function Checkout() {
  const { id = '' } = useParams();
  const checkout = trpc.checkouts.byId.useQuery({ id });
  const [paidNow, setPaidNow] = useState<string | null>(null);

  return (
    <section>
      <PageTitle title="Pay for your basket" />
      <DashboardHeading title="Pay for your basket">One card payment for every order below.</DashboardHeading>
      {checkout.isPending ? (
        <Spinner label="Loading your basket…" />
      ) : checkout.isError ? (
        <div className="flex flex-col gap-4">
          <LoadFailure message={checkout.error.message} onRetry={() => void checkout.refetch()} />
          <BackToBasket />
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <CheckoutSummary checkout={checkout.data} />
          <div className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body">
              {paidNow ? <PaymentSucceeded transactionId={paidNow} /> : <CheckoutState checkout={checkout.data} onPaid={setPaidNow} />}
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

function BackToBasket() {
  return (
    <Link to="/dashboard/basket" className="link self-start">
      Back to your basket
    </Link>
  );
}

function CheckoutState({ checkout, onPaid }: { checkout: CheckoutView; onPaid: (transactionId: string) => void }) {
  if (checkout.status === 'paid') {
    return <AlreadyPaid message={messages.checkoutPaid} transaction={checkout.transaction} />;
  }
  if (checkout.status === 'closed') {
    return (
      <div className="flex flex-col gap-3">
        <p className="font-medium">{messages.checkoutClosed}</p>
        <BackToBasket />
      </div>
    );
  }
  return (
    <Suspense fallback={<Spinner label="Loading card payments…" />}>
      <ConfiguredCardPayment checkout={checkout} onPaid={onPaid} />
    </Suspense>
  );
}

// The card form for the basket: one intent for the checkout's total, confirmed for every order at once.
function ConfiguredCardPayment({ checkout, onPaid }: { checkout: CheckoutView; onPaid: (transactionId: string) => void }) {
  const config = useRuntimeConfig();
  const utils = trpc.useUtils();
  const intent = trpc.checkouts.intent.useMutation({
    // A refusal means the basket changed (paid, or an order cancelled): show what it is now.
    onError: () => void utils.checkouts.byId.invalidate({ id: checkout._id }),
  });
  const confirm = trpc.checkouts.confirm.useMutation();
  const requestIntent = intent.mutate;
  const request = useCallback(() => requestIntent({ id: checkout._id }), [requestIntent, checkout._id]);
  const first = checkout.items[0];

  async function confirmBasket(paymentIntentId: string) {
    const paid = await confirm.mutateAsync({ id: checkout._id, transactionId: paymentIntentId });
    void utils.checkouts.invalidate();
    void utils.bookings.invalidate();
    return paid.transaction ?? paymentIntentId;
  }

  return (
    <CardPaymentProvider config={config.payments}>
      <CardPaymentForm
        amount={checkout.total}
        intent={{
          request,
          key: checkout._id,
          clientSecret: intent.data?.clientSecret,
          isPending: intent.isPending,
          error: intent.error,
        }}
        billing={{ name: first?.personName ?? '', email: first?.email ?? '' }}
        confirm={confirmBasket}
        onPaid={onPaid}
      />
    </CardPaymentProvider>
  );
}
