// /cart: the parts a visitor or customer means to buy, priced with quantity breaks, each with its
// quantity, removal, line total and what changed since it was added; the subtotal and "Check out"
// (a visitor signs in first and comes back to the checkout).
import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router-dom';
import { centsToDollars, formatDollars } from '../../../shared/money';
import type { LoginRedirectState } from '../../auth/redirect-state';
import { useAuth } from '../../auth/useAuth';
import { useCart, type Cart, type CartView } from '../../cart/useCart';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { CartLineRow } from './CartLineRow';

const CHECKOUT_PATH = '/checkout';

export default function CartPage() {
  const cart = useCart({ priced: true });
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <PageTitle title="Your cart" />
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Your cart</h1>
      {cart.view ? (
        cart.view.lines.length === 0 ? (
          <EmptyCart />
        ) : (
          <CartContents view={cart.view} cart={cart} />
        )
      ) : cart.error ? (
        <LoadFailure message={cart.error.message} onRetry={cart.refetch} />
      ) : (
        <Spinner label="Loading your cart…" />
      )}
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-8 text-center">
      <p className="text-lg font-medium">Your cart is empty.</p>
      <p className="mt-1 text-base-content/70">Parts you add to your cart show here until you check out.</p>
      <Link to="/home#parts" className="btn btn-primary mt-4">
        Browse the parts
      </Link>
    </div>
  );
}

function CartContents({ view, cart }: { view: CartView; cart: Cart }) {
  const blocked = view.lines.some((line) => line.problem !== null);
  return (
    <div className="flex flex-col gap-6">
      <ul aria-label="Parts in your cart" className="flex flex-col gap-3">
        {view.lines.map((line) => (
          <CartLineRow key={line.toolId} line={line} cart={cart} />
        ))}
      </ul>
      <section aria-label="Cart summary" className="flex flex-col gap-3 rounded-box bg-base-200 p-4 sm:p-6">
        <p className="flex items-baseline justify-between gap-3">
          <span className="font-medium">
            Subtotal ({view.unitCount.toLocaleString('en-US')} {view.unitCount === 1 ? 'unit' : 'units'})
          </span>
          <span className="text-xl font-bold tabular-nums">{formatDollars(centsToDollars(view.subtotalCents))}</span>
        </p>
        {/* The tax line ("incl. VAT") goes here, under the subtotal, once the cart's prices carry tax. */}
        {blocked ? (
          <p role="status" className="alert alert-warning alert-soft text-sm">
            Some parts above changed since you added them. Change or remove them to check out.
          </p>
        ) : null}
        <CheckOut blocked={blocked} />
      </section>
    </div>
  );
}

/** A customer goes to the checkout; a visitor signs in first and is brought back to it. */
function CheckOut({ blocked }: { blocked: boolean }) {
  const { status } = useAuth();
  const className = 'btn btn-primary btn-lg w-full sm:w-auto sm:self-end';
  if (blocked || status === 'loading') {
    return (
      <button type="button" className={className} disabled>
        <ShoppingCart aria-hidden="true" className="size-5" />
        Check out
      </button>
    );
  }
  const toLogin: LoginRedirectState = { from: { pathname: CHECKOUT_PATH, search: '', hash: '' } };
  return (
    <Link
      to={status === 'signedIn' ? CHECKOUT_PATH : '/login'}
      state={status === 'signedIn' ? undefined : toLogin}
      className={className}
    >
      <ShoppingCart aria-hidden="true" className="size-5" />
      Check out
    </Link>
  );
}
