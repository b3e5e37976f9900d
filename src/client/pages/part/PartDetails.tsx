// The top of a part's page: a large picture, name, price, rating, the whole description, what
// can be ordered, Book Now (the same booking modal as the catalogue's cards) and Add to cart.
import { Link } from 'react-router-dom';
import { formatDollars } from '../../../shared/money';
import { AddToCart } from '../../cart/AddToCart';
import { BookNowButton } from '../../components/BookNowButton';
import { PageDescription } from '../../components/PageDescription';
import { PageTitle } from '../../components/PageTitle';
import { PartImage } from '../../components/PartImage';
import type { RouterOutputs } from '../../lib/trpc';
import { RatingSummary } from './RatingSummary';
import { StockStatus } from './StockStatus';
import { usePartReviews } from './use-part-reviews';

type Tool = RouterOutputs['tools']['byId'];

/** Search results and link previews show about this much of a description. */
const SHARED_DESCRIPTION_LENGTH = 155;

function sharedDescription(tool: Tool): string {
  const text = `${tool.name}, ${formatDollars(tool.price)}: ${tool.description}`;
  return text.length > SHARED_DESCRIPTION_LENGTH ? `${text.slice(0, SHARED_DESCRIPTION_LENGTH - 1).trimEnd()}…` : text;
}

export function PartDetails({ tool }: { tool: Tool }) {
  const summary = usePartReviews(tool._id).data?.pages[0];
  return (
    <article aria-labelledby="part-name" className="grid gap-8 md:grid-cols-2 md:gap-12">
      <PageTitle title={tool.name} />
      <PageDescription description={sharedDescription(tool)} />
      <figure className="aspect-square overflow-hidden rounded-box border border-base-300 bg-base-200">
        <PartImage src={tool.img} name={tool.name} priority className="h-full w-full object-contain p-8 sm:p-12" />
      </figure>
      <div className="flex flex-col gap-5">
        <nav aria-label="Breadcrumb" className="breadcrumbs p-0 text-sm">
          <ul>
            <li>
              <Link to="/home#parts">Parts</Link>
            </li>
            <li aria-current="page">{tool.name}</li>
          </ul>
        </nav>
        <h1 id="part-name" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {tool.name}
        </h1>
        <p className="text-3xl font-bold text-primary">{formatDollars(tool.price)}</p>
        <RatingSummary total={summary?.total} averageRating={summary?.averageRating ?? null} />
        <p className="leading-relaxed whitespace-pre-line text-base-content/85">{tool.description}</p>
        <StockStatus minimumOrderQuantity={tool.minimumOrderQuantity} available={tool.available} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <BookNowButton tool={tool} opensFromSignIn className="btn-lg w-full sm:w-auto sm:px-12" />
          <AddToCart tool={tool} className="sm:w-80" />
        </div>
      </div>
    </article>
  );
}

export function PartDetailsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the part" className="grid gap-8 md:grid-cols-2 md:gap-12">
      <div className="skeleton aspect-square" />
      <div className="flex flex-col gap-5">
        <div className="skeleton h-10 w-3/4" />
        <div className="skeleton h-9 w-32" />
        <div className="skeleton h-24 w-full" />
        <div className="skeleton h-20 w-full" />
        <div className="skeleton h-12 w-40" />
      </div>
    </div>
  );
}
