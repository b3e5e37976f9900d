// The header search's answer as the options of its list, in the order the arrow keys walk them:
// parts first, then categories, each knowing the page it opens.
import { formatDollars } from '../../../shared/money';
import { categoryPath } from '../../lib/category-path';
import { partPath } from '../../lib/part-path';
import type { RouterOutputs } from '../../lib/trpc';

type Suggestions = RouterOutputs['search']['suggest'];

export interface SuggestionOption {
  /** Unique among the options, and the start of its element's id. */
  key: string;
  kind: 'part' | 'category';
  /** The page the option opens. */
  to: string;
  label: string;
  /** A part's price; a category's place in the tree (Category in Drivetrain). */
  detail: string;
  img?: string;
}

export function suggestionOptions(suggestions: Suggestions | undefined): SuggestionOption[] {
  if (!suggestions) return [];
  return [
    ...suggestions.parts.map((part) => ({
      key: `part-${part._id}`,
      kind: 'part' as const,
      to: partPath(part._id),
      label: part.name,
      detail: formatDollars(part.price),
      img: part.img,
    })),
    ...suggestions.categories.map((category) => ({
      key: `category-${category.slug}`,
      kind: 'category' as const,
      to: categoryPath(category.slug),
      label: category.name,
      detail: category.trail.length > 0 ? `Category in ${category.trail.join(' › ')}` : 'Category',
    })),
  ];
}
