// The card form for one placed order: the order's PaymentIntent, confirmed with the provider, then
// recorded with orders.confirm before the thank-you page.
import { Suspense, useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { trpc } from '../../lib/trpc';
import { CardPaymentForm } from '../../payments/CardPaymentForm';
import { CardPaymentProvider } from '../../payments/CardPaymentProvider';
import type { PlacedOrder } from '../dashboard-shell/order-types';
import { thankYouPath } from './order-paths';

export function OrderCardPayment({ order }: { order: PlacedOrder }) {
  return (
    <Suspense fallback={<Spinner label="Loading card payments…" />}>
      <ConfiguredCardPayment order={order} />
    </Suspense>
  );
}

function ConfiguredCardPayment({ order }: { order: PlacedOrder }) {
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const intent = trpc.orders.intent.useMutation({
    // A refusal means the order changed (paid, cancelled or expired): show what it is now.
    onError: () => void utils.orders.byId.invalidate({ id: order._id }),
  });
  const confirm = trpc.orders.confirm.useMutation();
  const requestIntent = intent.mutate;
  const request = useCallback(() => requestIntent({ id: order._id }), [requestIntent, order._id]);

  async function confirmOrder(paymentIntentId: string) {
    const paid = await confirm.mutateAsync({ id: order._id, transactionId: paymentIntentId });
    utils.orders.byId.setData({ id: order._id }, paid);
    void utils.orders.mine.invalidate();
    void utils.bookings.invalidate();
    return paid.transaction ?? paymentIntentId;
  }

  return (
    <CardPaymentProvider config={config.payments}>
      <CardPaymentForm
        amount={order.total}
        intent={{
          request,
          key: order._id,
          clientSecret: intent.data?.clientSecret,
          isPending: intent.isPending,
          error: intent.error,
        }}
        billing={{ name: order.shipTo.name, email: order.email }}
        confirm={confirmOrder}
        onPaid={() => void navigate(thankYouPath(order._id))}
      />
    </CardPaymentProvider>
  );
}
