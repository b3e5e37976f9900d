// What a category's page says of itself to search results and link previews: its name, where it
// sits, how many parts it holds and what they cost, within the length results show.
import { formatDollars } from '../../../shared/money';
import type { RouterOutputs } from '../../lib/trpc';

type CategoryPageData = RouterOutputs['categories']['page'];

/** Search results and link previews show about this much of a description (as a part's page). */
const SHARED_DESCRIPTION_LENGTH = 155;

export function categoryDescription(page: CategoryPageData): string {
  const above = page.trail.slice(0, -1).map((step) => step.name);
  const where = above.length > 0 ? ` in ${above.join(' › ')}` : '';
  const count = `${page.total.toLocaleString('en-US')} ${page.total === 1 ? 'part' : 'parts'}`;
  const prices = page.priceRange
    ? page.priceRange.min === page.priceRange.max
      ? ` at ${formatDollars(page.priceRange.min)}`
      : ` from ${formatDollars(page.priceRange.min)} to ${formatDollars(page.priceRange.max)}`
    : '';
  const text = `${page.category.name}${where} at Sprocket: ${count}${prices}, booked by the batch.`;
  return text.length > SHARED_DESCRIPTION_LENGTH ? `${text.slice(0, SHARED_DESCRIPTION_LENGTH - 1).trimEnd()}…` : text;
}
