// The navbar's basket: a signed-in customer's way to the Basket page, with how many of their orders
// wait to be paid. Admins have no basket; visitors and a loading sign-in see nothing here.
import { ShoppingBasket } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import { trpc } from '../lib/trpc';

export function BasketLink() {
  const { status, role } = useAuth();
  if (status !== 'signedIn' || role !== 'user') return null;
  return <BasketCount />;
}

function BasketCount() {
  const basket = trpc.checkouts.basket.useQuery();
  const count = basket.data?.items.length ?? 0;
  const shown = `${count}${basket.data?.more ? '+' : ''}`;
  const label = count === 0 ? 'Basket' : `Basket, ${shown} unpaid ${count === 1 ? 'order' : 'orders'}`;
  return (
    <Link to="/dashboard/basket" className="btn btn-ghost btn-square relative h-10" aria-label={label}>
      <ShoppingBasket aria-hidden="true" className="size-5" />
      {count > 0 ? (
        <span aria-hidden="true" className="badge badge-primary badge-sm absolute -top-1 -right-1 tabular-nums">
          {shown}
        </span>
      ) : null}
    </Link>
  );
}
