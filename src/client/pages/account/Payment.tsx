// The payment page (/dashboard/payment/:id): the order's summary beside the card form, or its paid state.
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
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import type { Order } from '../dashboard-shell/order-types';
import { AlreadyPaid, PaymentSucceeded } from './PaymentSucceeded';
import { PaymentSummary } from './PaymentSummary';

export default function Payment() {
  const { id = '' } = useParams();
  const order = trpc.bookings.byId.useQuery({ id });
  const [paidNow, setPaidNow] = useState<string | null>(null);

  return (
    <section>
      <PageTitle title="Payment" />
      <DashboardHeading title="Payment" />
      {order.isPending ? (
        <Spinner label="Loading your order…" />
      ) : order.isError ? (
        <div className="flex flex-col gap-4">
          <LoadFailure message={order.error.message} onRetry={() => void order.refetch()} />
          <Link to="/dashboard" className="link">
            Back to My Orders
          </Link>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <PaymentSummary order={order.data} />
          <div className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body">
              {paidNow ? <PaymentSucceeded transactionId={paidNow} /> : <PaymentState order={order.data} onPaid={setPaidNow} />}
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

function PaymentState({ order, onPaid }: { order: Order; onPaid: (transactionId: string) => void }) {
  if (order.paid) {
    return <AlreadyPaid message="This order is paid." transaction={order.transaction} />;
  }
  if (order.status === 'cancelled') return <p className="font-medium">{messages.orderCancelled}</p>;
  return (
    <Suspense fallback={<Spinner label="Loading card payments…" />}>
      <ConfiguredCardPayment order={order} onPaid={onPaid} />
    </Suspense>
  );
}

// The card form for one order: an intent for its price, confirmed by marking the order paid.
function ConfiguredCardPayment({ order, onPaid }: { order: Order; onPaid: (transactionId: string) => void }) {
  const config = useRuntimeConfig();
  const utils = trpc.useUtils();
  const intent = trpc.payments.createIntent.useMutation({
    onError: () => void utils.bookings.byId.invalidate({ id: order._id }),
  });
  const markPaid = trpc.bookings.markPaid.useMutation();
  const requestIntent = intent.mutate;
  const request = useCallback(
    () => requestIntent({ bookingId: order._id, price: order.price }),
    [requestIntent, order._id, order.price],
  );

  async function confirmOrder(paymentIntentId: string) {
    const paid = await markPaid.mutateAsync({ id: order._id, transactionId: paymentIntentId });
    void utils.bookings.mine.invalidate();
    void utils.bookings.byId.invalidate({ id: order._id });
    return paid.transaction ?? paymentIntentId;
  }

  return (
    <CardPaymentProvider config={config.payments}>
      <CardPaymentForm
        amount={order.price}
        intent={{
          request,
          // A new price is a new intent.
          key: `${order._id}:${order.price}`,
          clientSecret: intent.data?.clientSecret,
          isPending: intent.isPending,
          error: intent.error,
          canRetry: true,
        }}
        billing={{ name: order.personName, email: order.email }}
        confirm={confirmOrder}
        onPaid={onPaid}
      />
    </CardPaymentProvider>
  );
}
