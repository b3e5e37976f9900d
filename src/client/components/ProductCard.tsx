// One part in the catalogue: picture, price, its rating (when it has reviews), order limits, a short
// description, Book Now (SPEC.md §2) and Add to cart; the picture and the name lead to the part's
// own page.
import { Link } from 'react-router-dom';
import { bikeSpecToParam, type BikeSpec } from '../../shared/bike-standards';
import { AddToCart } from '../cart/AddToCart';
import { DESCRIPTION_PREVIEW_LENGTH } from '../../shared/constants';
import { formatDollars } from '../../shared/money';
import { partPath } from '../lib/part-path';
import type { RouterOutputs } from '../lib/trpc';
import { BookNowButton } from './BookNowButton';
import { PartImage } from './PartImage';
import { RatingBadge } from './RatingBadge';

export type Tool = RouterOutputs['tools']['list']['items'][number];

function descriptionPreview(description: string): string {
  return description.length > DESCRIPTION_PREVIEW_LENGTH
    ? `${description.slice(0, DESCRIPTION_PREVIEW_LENGTH).trimEnd()}…`
    : description;
}

/** `fits`: the bike the list was filtered to, carried to the part's page so it says whether it fits. */
export function ProductCard({ tool, fits }: { tool: Tool; fits?: BikeSpec | undefined }) {
  const to = fits ? { pathname: partPath(tool._id), search: `?fits=${bikeSpecToParam(fits)}` } : partPath(tool._id);
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md">
      {/* Keyboards reach the part through its name's link; the picture is a bigger target for a pointer. */}
      <Link to={to} tabIndex={-1} className="block aspect-[4/3] bg-base-200 sm:aspect-square">
        <PartImage src={tool.img} name={tool.name} className="h-full w-full object-contain p-6" />
      </Link>
      <div className="card-body gap-3">
        <div className="flex items-start justify-between gap-3">
          <h3 className="card-title text-lg leading-snug">
            <Link to={to} className="link-hover">
              {tool.name}
            </Link>
          </h3>
          <p className="shrink-0 text-lg font-bold text-primary">
            {/* A part with options shows its lowest price; each option's is on its page. */}
            {tool.variantCount > 1 ? <span className="text-sm font-normal">from </span> : null}
            <span>{formatDollars(tool.price)}</span>
          </p>
        </div>
        <RatingBadge reviewCount={tool.reviewCount} averageRating={tool.averageRating} />
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
        <div className="card-actions mt-auto flex-col items-stretch gap-2 pt-2">
          {tool.variantCount > 1 ? (
            // Which option to book is chosen on the part's page, where each shows its price and stock.
            <Link to={to} className="btn btn-primary w-full" aria-label={`Choose options of ${tool.name}`}>
              Choose options
            </Link>
          ) : (
            <>
              <BookNowButton tool={tool} className="w-full" />
              <AddToCart tool={tool} />
            </>
          )}
        </div>
      </div>
    </article>
  );
}
