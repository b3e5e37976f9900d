// An order's payment page (/orders/:id/pay): its number, how long its parts are held, its summary
// and the card form; a paid order shows that it is paid, a cancelled or expired one that it is closed.
import { Link } from 'react-router-dom';
import { orderMessages } from '../../../shared/order-messages';
import type { PlacedOrder } from '../dashboard-shell/order-types';
import { AlreadyPaid } from '../account/PaymentSucceeded';
import { formatHeldUntil } from './held-until';
import { OrderCard } from './OrderCard';
import { OrderCardPayment } from './OrderCardPayment';
import { placedOrderPath } from './order-paths';
import { OrderPageShell } from './OrderPageShell';
import { PriceSummary } from './PriceSummary';
import { useHoldEnded } from './useHoldEnded';
import { useOrderFromRoute } from './useOrderFromRoute';

export const HOLD_ENDED_MESSAGE = 'The time to pay for this order has passed, so its parts are no longer held for you.';

export default function OrderPaymentPage() {
  const order = useOrderFromRoute();
  return (
    <OrderPageShell order={order} title={(placed) => `Pay for order ${placed.number}`}>
      {(placed) => (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <OrderCard>
            <PriceSummary figures={placed} />
          </OrderCard>
          <OrderCard label="Payment">
            <PaymentState order={placed} />
          </OrderCard>
        </div>
      )}
    </OrderPageShell>
  );
}

function BackToCart() {
  return (
    <Link to="/cart" className="link self-start">
      Go to your cart
    </Link>
  );
}

function PaymentState({ order }: { order: PlacedOrder }) {
  const holdEnded = useHoldEnded(order.heldUntil);
  if (order.status === 'paid') {
    return (
      <div className="flex flex-col gap-3">
        <AlreadyPaid message={orderMessages.orderPaid} transaction={order.transaction} />
        <Link to={placedOrderPath(order._id)} className="link self-start">
          See your order
        </Link>
      </div>
    );
  }
  if (order.status === 'cancelled' || order.status === 'expired') {
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="font-medium">
          {orderMessages.orderClosed(order.status)}
        </p>
        <BackToCart />
      </div>
    );
  }
  if (holdEnded) {
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="font-medium">
          {HOLD_ENDED_MESSAGE}
        </p>
        <BackToCart />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p>
        Held until{' '}
        <time dateTime={order.heldUntil} className="font-semibold">
          {formatHeldUntil(order.heldUntil)}
        </time>
        . Pay by then to keep your parts.
      </p>
      <OrderCardPayment order={order} />
    </div>
  );
}
