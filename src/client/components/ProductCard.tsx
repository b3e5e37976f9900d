// One part in the catalogue: picture, price, order limits, a short description and Book Now (SPEC.md §2).
import { lazy, Suspense, useState, type SyntheticEvent } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router-dom';
import { DESCRIPTION_PREVIEW_LENGTH } from '../../shared/constants';
import { formatDollars } from '../../shared/money';
import { useAuth } from '../auth/useAuth';
import type { LoginRedirectState } from '../auth/redirect-state';
import type { RouterOutputs } from '../lib/trpc';

const BookingModal = lazy(() => import('./BookingModal').then((module) => ({ default: module.BookingModal })));

export type Tool = RouterOutputs['tools']['list']['items'][number];

const PLACEHOLDER_IMAGE = '/images/parts/placeholder.svg';

function showPlaceholder(event: SyntheticEvent<HTMLImageElement>): void {
  const image = event.currentTarget;
  if (!image.src.endsWith(PLACEHOLDER_IMAGE)) image.src = PLACEHOLDER_IMAGE;
}

function descriptionPreview(description: string): string {
  return description.length > DESCRIPTION_PREVIEW_LENGTH
    ? `${description.slice(0, DESCRIPTION_PREVIEW_LENGTH).trimEnd()}…`
    : description;
}

export function ProductCard({ tool }: { tool: Tool }) {
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
    <article className="card border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md">
      <figure className="aspect-[4/3] bg-base-200 sm:aspect-square">
        <img
          src={tool.img}
          alt={tool.name}
          width={800}
          height={800}
          loading="lazy"
          decoding="async"
          onError={showPlaceholder}
          className="h-full w-full object-contain p-6"
        />
      </figure>
      <div className="card-body gap-3">
        <div className="flex items-start justify-between gap-3">
          <h3 className="card-title text-lg leading-snug">{tool.name}</h3>
          <p className="shrink-0 text-lg font-bold text-primary">{formatDollars(tool.price)}</p>
        </div>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div className="rounded-lg bg-base-200 px-3 py-2">
            <dt className="text-base-content/70">Minimum order</dt>
            <dd className="font-semibold">{tool.minimumOrderQuantity.toLocaleString('en-US')}</dd>
          </div>
          <div className="rounded-lg bg-base-200 px-3 py-2">
            <dt className="text-base-content/70">Available</dt>
            <dd className="font-semibold">{tool.available.toLocaleString('en-US')}</dd>
          </div>
        </dl>
        <p className="text-sm text-base-content/80" title={tool.description}>
          {descriptionPreview(tool.description)}
        </p>
        <div className="card-actions mt-auto pt-2">
          <button type="button" className="btn btn-primary w-full" disabled={outOfStock || status === 'loading'} onClick={onBookNow}>
            {outOfStock ? 'Out of stock' : 'Book Now'}
          </button>
        </div>
      </div>
      {booking &&
        // Rendered at the end of <body> so no card (or its hover shadow) can paint over the modal.
        createPortal(
          <Suspense fallback={null}>
            <BookingModal tool={tool} onClose={() => setBooking(false)} />
          </Suspense>,
          document.body,
        )}
    </article>
  );
}
