// Book Now: opens the booking modal for a signed-in customer, or sends a visitor to sign in first.
import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import type { LoginRedirectState } from '../auth/redirect-state';
import type { RouterOutputs } from '../lib/trpc';

type Tool = RouterOutputs['tools']['byId'];

const BookingModal = lazy(() => import('./BookingModal').then((module) => ({ default: module.BookingModal })));

export function BookNowButton({ tool, className = '' }: { tool: Tool; className?: string }) {
  const { status } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [booking, setBooking] = useState(false);
  const outOfStock = tool.available < tool.minimumOrderQuantity;

  function onBookNow() {
    if (status !== 'signedIn') {
      const state: LoginRedirectState = { from: location };
      void navigate('/login', { state });
      return;
    }
    setBooking(true);
  }

  return (
    <>
      <button
        type="button"
        className={`btn btn-primary ${className}`}
        disabled={outOfStock || status === 'loading'}
        onClick={onBookNow}
      >
        {outOfStock ? 'Out of stock' : 'Book Now'}
      </button>
      {booking &&
        // Rendered at the end of <body> so no card (or its hover shadow) can paint over the modal.
        createPortal(
          <Suspense fallback={null}>
            <BookingModal tool={tool} onClose={() => setBooking(false)} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
