// A page's breadcrumb as schema.org data (BreadcrumbList): Home, then each step down to the page,
// each with its full address, so search results can show where a page sits in the shop.
import { categoryPath } from './category-path';

interface BreadcrumbStep {
  name: string;
  url: string;
}

export function breadcrumbList(origin: string, steps: readonly BreadcrumbStep[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', url: `${origin}/` }, ...steps].map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

/** A category trail (top first) as breadcrumb steps, each category at its own address. */
export function categorySteps(origin: string, trail: ReadonlyArray<{ name: string; slug: string }>): BreadcrumbStep[] {
  return trail.map((step) => ({ name: step.name, url: `${origin}${categoryPath(step.slug)}` }));
}
