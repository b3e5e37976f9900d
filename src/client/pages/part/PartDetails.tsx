// The top of a part's page: its pictures (PartGallery), name, price, rating, the whole description, the
// options it comes in, what can be ordered, Book Now (the same booking modal as the catalogue's
// cards) and Add to cart. Picture, price, stock, minimum order and both buttons follow the option
// chosen (docs/decisions/0052).
import { Link } from 'react-router-dom';
import { formatDollars } from '../../../shared/money';
import { variantName } from '../../../shared/part-options';
import { AddToCart } from '../../cart/AddToCart';
import { BookNowButton } from '../../components/BookNowButton';
import { PageHead } from '../../components/PageHead';
import { categoryPath } from '../../lib/category-path';
import { partPath } from '../../lib/part-path';
import type { RouterOutputs } from '../../lib/trpc';
import { PartGallery } from './PartGallery';
import { RatingSummary } from './RatingSummary';
import { PartStructuredData } from './PartStructuredData';
import { StockStatus } from './StockStatus';
import { useChosenVariant } from './use-chosen-variant';
import { VariantPicker } from './VariantPicker';

type Tool = RouterOutputs['tools']['byId'];
type CategoryStep = RouterOutputs['categories']['trailOfPart'][number];
type GalleryImage = Tool['images'][number];

/** Search results and link previews show about this much of a description. */
const SHARED_DESCRIPTION_LENGTH = 155;

function sharedDescription(tool: Tool): string {
  const text = `${tool.name}, ${formatDollars(tool.price)}: ${tool.description}`;
  return text.length > SHARED_DESCRIPTION_LENGTH ? `${text.slice(0, SHARED_DESCRIPTION_LENGTH - 1).trimEnd()}…` : text;
}

/** `trail`: the part's category and those above it, top first, shown between Parts and the part. */
export function PartDetails({ tool, trail = [] }: { tool: Tool; trail?: readonly CategoryStep[] }) {
  const [chosen, choose] = useChosenVariant(tool.variants);
  // What is booked and shown: the chosen variant under its own id, named by the part and its options.
  const sellable = chosen
    ? {
        ...tool,
        _id: chosen.id,
        name: variantName(tool.name, chosen.optionValues),
        price: chosen.price,
        img: chosen.img,
        minimumOrderQuantity: chosen.minimumOrderQuantity,
        available: chosen.available,
      }
    : tool;
  return (
    <article aria-labelledby="part-name" className="grid gap-8 md:grid-cols-2 md:gap-12">
      <PageHead title={tool.name} description={sharedDescription(tool)} path={partPath(tool._id)} image={tool.img} type="product" />
      <PartStructuredData tool={tool} trail={trail} />
      <PartGallery key={sellable.img} images={picturesOf(tool, sellable)} />
      {/* min-w-0: a grid item is otherwise as wide as its longest line, and a long breadcrumb made the
          whole page scroll sideways on a phone instead of scrolling only itself. */}
      <div className="flex min-w-0 flex-col gap-5">
        <nav aria-label="Breadcrumb" className="breadcrumbs p-0 text-sm">
          <ul>
            <li>
              <Link to="/home#parts">Parts</Link>
            </li>
            {trail.map((step) => (
              <li key={step.slug}>
                <Link to={categoryPath(step.slug)}>{step.name}</Link>
              </li>
            ))}
            <li aria-current="page">{tool.name}</li>
          </ul>
        </nav>
        <h1 id="part-name" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {tool.name}
        </h1>
        <p className="text-3xl font-bold text-primary">{formatDollars(sellable.price)}</p>
        {/* The figures kept on the part (docs/decisions/0050), so the top of the page needs no reviews read. */}
        <RatingSummary total={tool.reviewCount} averageRating={tool.averageRating} />
        <p className="leading-relaxed whitespace-pre-line text-base-content/85">{tool.description}</p>
        {chosen && <VariantPicker variants={tool.variants} chosen={chosen} onChoose={choose} />}
        {chosen?.sku && <p className="text-sm text-base-content/70">SKU {chosen.sku}</p>}
        <StockStatus minimumOrderQuantity={sellable.minimumOrderQuantity} available={sellable.available} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <BookNowButton tool={sellable} partId={tool._id} opensFromSignIn className="btn-lg w-full sm:w-auto sm:px-12" />
          {/* Keyed by the variant, so its quantity starts again at the chosen variant's minimum order. */}
          <AddToCart key={sellable._id} tool={sellable} className="sm:w-80" />
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

/** The part's gallery, led by the chosen option's own picture when it has one the gallery lacks. */
function picturesOf(tool: Tool, sellable: { img: string; name: string }): GalleryImage[] {
  if (tool.images[0]?.path === sellable.img) return tool.images;
  return [{ path: sellable.img, alt: sellable.name }, ...tool.images.filter((image) => image.path !== sellable.img)];
}
