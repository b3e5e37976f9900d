// What search engines read of a category's page as data (schema.org JSON-LD): the breadcrumb
// Home › Drivetrain › Cassettes, and the parts the page shows as an ItemList in their order. A
// data block, never run, written with jsonForScript so no category or part name can close it.
import { jsonForScript } from '../../../shared/page-render';
import { breadcrumbList, categorySteps } from '../../lib/breadcrumb-list';
import { partPath } from '../../lib/part-path';
import { useShopOrigin } from '../../lib/shop-origin';
import type { RouterOutputs } from '../../lib/trpc';

type CategoryPageData = RouterOutputs['categories']['page'];

function categoryStructuredData(page: CategoryPageData, parts: CategoryPageData['items'], origin: string): object[] {
  const itemList = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: page.category.name,
    numberOfItems: parts.length,
    itemListElement: parts.map((part, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: part.name,
      url: `${origin}${partPath(part._id)}`,
    })),
  };
  return [breadcrumbList(origin, categorySteps(origin, page.trail)), itemList];
}

/** `parts`: those the page shows now, in its order. */
export function CategoryStructuredData({ page, parts }: { page: CategoryPageData; parts: CategoryPageData['items'] }) {
  const origin = useShopOrigin();
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: jsonForScript(categoryStructuredData(page, parts, origin)) }}
    />
  );
}
