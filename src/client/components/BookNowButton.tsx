// Book Now: opens the booking modal for a signed-in customer, or sends a visitor to sign in first
// and back to the part's page with the modal open, so the booking they started is not lost.
import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import type { LoginRedirectState } from '../auth/redirect-state';
import { partPath } from '../lib/part-path';
import type { BookableTool } from './booking/useBooking';

const BookingModal = lazy(() => import('./booking/BookingModal').then((module) => ({ default: module.BookingModal })));

/** The part page's address with this hash opens its booking modal once the customer is signed in. */
const BOOK_HASH = '#book';

interface BookNowButtonProps {
  /** What is booked: a part, or on its page the variant chosen (its own id, name, price and limits). */
  tool: BookableTool;
  /** The page to come back to after signing in, when it is not the booked row's: a variant's part. */
  partId?: string;
  className?: string;
  /** Opens the modal when the page was reached through a sign-in started by Book Now (the part's page). */
  opensFromSignIn?: boolean;
}

export function BookNowButton({ tool, partId, className = '', opensFromSignIn = false }: BookNowButtonProps) {
  const { status } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [booking, setBooking] = useState(false);
  const outOfStock = tool.available < tool.minimumOrderQuantity;

  // Opening is decided while rendering (once per arrival), so the modal shows on the first paint.
  const arrivedToBook = opensFromSignIn && status === 'signedIn' && location.hash === BOOK_HASH;
  const [arrivalHandled, setArrivalHandled] = useState(false);
  if (arrivedToBook && !arrivalHandled) {
    setArrivalHandled(true);
    if (!outOfStock) setBooking(true);
  }
  useEffect(() => {
    // Dropping the hash keeps a reload or the back button from opening the modal again.
    if (arrivedToBook) void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [arrivedToBook, location.pathname, location.search, navigate]);

  function onBookNow() {
    if (status !== 'signedIn') {
      // Back on the part's page with the variant chosen (its ?variant=), and the modal open.
      const search = partId ? location.search : '';
      const state: LoginRedirectState = { from: { pathname: partPath(partId ?? tool._id), search, hash: BOOK_HASH } };
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
