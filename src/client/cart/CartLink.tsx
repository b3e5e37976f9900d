// The navbar's cart, on every page for visitors and customers alike: the way to /cart, with how many
// parts are in it. While sign-in loads no count shows, so a visitor's never flashes before the account's.
import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useCart } from './useCart';

export function CartLink() {
  const { lineCount } = useCart();
  const label = lineCount === 0 ? 'Cart' : `Cart, ${lineCount} ${lineCount === 1 ? 'part' : 'parts'}`;
  return (
    <Link to="/cart" className="btn btn-ghost btn-square relative h-10" aria-label={label}>
      <ShoppingCart aria-hidden="true" className="size-5" />
      {lineCount > 0 ? (
        <span aria-hidden="true" className="badge badge-primary badge-sm absolute -top-1 -right-1 tabular-nums">
          {lineCount}
        </span>
      ) : null}
    </Link>
  );
}
