// After the card went through (/orders/:id/thank-you): the thanks with the order number, what
// happens next, the summary, and the ways on to the order page and the shop.
import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { OrderCard } from './OrderCard';
import { placedOrderPath } from './order-paths';
import { OrderPageShell } from './OrderPageShell';
import { PriceSummary } from './PriceSummary';
import { useOrderFromRoute } from './useOrderFromRoute';

export default function ThankYouPage() {
  const order = useOrderFromRoute();
  return (
    <OrderPageShell order={order} title={(placed) => `Thank you for your order ${placed.number}`}>
      {(placed) => (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <OrderCard label="What happens next">
            <p className="flex items-center gap-2 text-lg font-semibold text-success">
              <CircleCheck aria-hidden="true" className="size-6" />
              Your payment went through.
            </p>
            <h2 className="text-lg font-semibold">What happens next</h2>
            <ul className="list-disc space-y-1 pl-5">
              <li>
                We have sent a confirmation to <span className="font-medium break-all">{placed.email}</span>.
              </li>
              <li>We pack your parts and email you again when they ship.</li>
            </ul>
            <div className="flex flex-wrap gap-3">
              <Link to={placedOrderPath(placed._id)} className="btn btn-primary">
                See your order
              </Link>
              <Link to="/home" className="btn btn-outline">
                Back to the shop
              </Link>
            </div>
          </OrderCard>
          <OrderCard>
            <PriceSummary figures={placed} />
          </OrderCard>
        </div>
      )}
    </OrderPageShell>
  );
}
