// What search engines read of a part's page as data (schema.org JSON-LD): the Product with its
// offer (price, currency, whether it can be ordered from stock), one offer per option for a part
// that comes in several (each with its SKU and the address that chooses it), its rating when it has
// reviews, and the breadcrumb trail Home › its categories › part. A data block, never run, so the
// Content-Security-Policy's ban on inline scripts does not touch it; written with jsonForScript, so
// no part's name or description can close the element.
import { jsonForScript } from '../../../shared/page-render';
import { variantName } from '../../../shared/part-options';
import { breadcrumbList, categorySteps } from '../../lib/breadcrumb-list';
import { partPath } from '../../lib/part-path';
import { useShopOrigin } from '../../lib/shop-origin';
import type { RouterOutputs } from '../../lib/trpc';
import { variantParam } from './use-chosen-variant';

type Tool = RouterOutputs['tools']['byId'];
type CategoryStep = RouterOutputs['categories']['trailOfPart'][number];

const SHOP_CURRENCY = 'USD';

function offer(url: string, sellable: { price: number; available: number; minimumOrderQuantity: number }): object {
  const bookable = sellable.available >= sellable.minimumOrderQuantity;
  return {
    '@type': 'Offer',
    url,
    price: sellable.price.toFixed(2),
    priceCurrency: SHOP_CURRENCY,
    availability: bookable ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
  };
}

function partStructuredData(tool: Tool, trail: readonly CategoryStep[], origin: string): object[] {
  const url = `${origin}${partPath(tool._id)}`;
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: tool.name,
    description: tool.description,
    // Every picture of the gallery, the cover first.
    image: tool.images.map((image) => (origin ? new URL(image.path, origin).href : image.path)),
    sku: tool._id,
    url,
    offers:
      tool.variants.length > 1
        ? tool.variants.map((variant, position) => ({
            ...offer(position === 0 ? url : `${url}?variant=${encodeURIComponent(variantParam(variant))}`, variant),
            sku: variant.sku ?? variant.id,
            name: variantName(tool.name, variant.optionValues),
          }))
        : offer(url, tool),
    ...(tool.reviewCount > 0 && tool.averageRating !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: tool.averageRating,
            reviewCount: tool.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  const breadcrumbs = breadcrumbList(origin, [...categorySteps(origin, trail), { name: tool.name, url }]);
  return [product, breadcrumbs];
}

/** `trail`: the part's category and those above it, top first; empty without a category. */
export function PartStructuredData({ tool, trail }: { tool: Tool; trail: readonly CategoryStep[] }) {
  const origin = useShopOrigin();
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(partStructuredData(tool, trail, origin)) }} />
  );
}
