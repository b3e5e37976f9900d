// A category's page: the parts in the category and every category below it, filtered by price,
// stock, average rating (the figures kept on each part) and the bike they must fit, ordered as the
// visitor chose, a page at a time; with its breadcrumb, its subcategories and the counts its
// filters show. Reads the small categories table once, then tools twice: the page (an index on
// category, price and seq serves it) and one aggregate for every count.
import { TRPCError } from '@trpc/server';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { CategoryPageInput } from '../../../shared/categories';
import { messages } from '../../../shared/messages';
import { centsToDollars, dollarsToCents } from '../../../shared/money';
import type { Database } from '../../db/database';
import { tools } from '../../db/schema';
import { fitsBike } from './compatibility';
import { readCategories, subtreeIds, toLink, trailTo, type CategoryLink, type CategoryRow } from './category-tree';
import { listed, toolColumns, toToolView, type ToolView } from './part-views';
import { ordering } from './search';

export interface CategoryPage {
  category: CategoryLink;
  /** From the top-level category down to this one. */
  trail: CategoryLink[];
  /** The subcategories, each with how many of its parts (at any depth) the filters let through. */
  children: Array<CategoryLink & { parts: number }>;
  /** Parts the filters let through, in the category and below it. */
  total: number;
  /** Parts in the price range that can be booked: what ticking "in stock" would show. */
  inStock: number;
  /** Parts the other filters let through that are rated 4 stars or more: what "4 stars & up" would show. */
  fourStarsUp: number;
  /** The cheapest and dearest part on sale in the category, whatever the filters; null when empty. */
  priceRange: { min: number; max: number } | null;
  items: ToolView[];
  nextCursor: string | null;
}

/** A part's listed figures: its variants' stock summed against its own minimum order (docs/decisions/0052). */
const bookable = sql`${tools.listedAvailable} >= ${tools.minimumOrderQuantity}`;

/** Stars a part's average must reach for the "4 stars & up" filter's count. */
const FOUR_STARS = 4;

/** An average of at least `stars`, compared in whole numbers: total ≥ stars × count, with at least one review. */
function ratedAtLeast(stars: number): SQL {
  return sql`(${tools.reviewCount} > 0 and ${tools.ratingTotal} >= ${stars} * ${tools.reviewCount})`;
}

function inPriceRange(input: CategoryPageInput): SQL {
  const min = input.minPrice === undefined ? undefined : dollarsToCents(input.minPrice);
  const max = input.maxPrice === undefined ? undefined : dollarsToCents(input.maxPrice);
  return and(
    sql`true`,
    min === undefined ? undefined : sql`${tools.listedPriceCents} >= ${min}`,
    max === undefined ? undefined : sql`${tools.listedPriceCents} <= ${max}`,
  )!;
}

export async function categoryPage(db: Database, input: CategoryPageInput): Promise<CategoryPage> {
  const rows = await readCategories(db);
  const category = rows.find((row) => row.slug === input.slug);
  if (!category) throw new TRPCError({ code: 'NOT_FOUND', message: messages.categoryNotFound });
  const ids = subtreeIds(rows, category.id);
  // The bike counts like the price range: every count and "in stock" figure is of parts that fit.
  const priceOk = input.fits ? and(inPriceRange(input), fitsBike(input.fits))! : inPriceRange(input);
  const stockOk = input.inStock ? and(priceOk, bookable)! : priceOk;
  const filtersOk = input.minRating === undefined ? stockOk : and(stockOk, ratedAtLeast(input.minRating))!;
  const ratingOk = input.minRating === undefined ? priceOk : and(priceOk, ratedAtLeast(input.minRating))!;
  const order = ordering(input.sort === 'catalogue' ? 'relevance' : input.sort, null, input.cursor);

  const [found, counts] = await Promise.all([
    db
      .select(toolColumns)
      .from(tools)
      .where(and(listed, inArray(tools.categoryId, ids), filtersOk, order.after))
      .orderBy(...order.orderBy)
      .limit(input.limit + 1),
    db
      .select({
        categoryId: tools.categoryId,
        matching: sql<number>`(count(*) filter (where ${filtersOk}))::int`,
        inStock: sql<number>`(count(*) filter (where ${ratingOk} and ${bookable}))::int`,
        fourStarsUp: sql<number>`(count(*) filter (where ${stockOk} and ${ratedAtLeast(FOUR_STARS)}))::int`,
        minCents: sql<number>`min(${tools.listedPriceCents})`,
        maxCents: sql<number>`max(${tools.listedPriceCents})`,
      })
      .from(tools)
      .where(and(listed, inArray(tools.categoryId, ids)))
      .groupBy(tools.categoryId),
  ]);

  const page = found.slice(0, input.limit);
  const last = page.at(-1);
  const matchingIn = (subtree: string[]) =>
    counts.filter((count) => count.categoryId && subtree.includes(count.categoryId)).reduce((sum, count) => sum + count.matching, 0);
  const withParts = counts.filter((count) => count.minCents !== null);
  return {
    category: toLink(category),
    trail: trailTo(rows, category.id).map(toLink),
    children: childrenOf(rows, category.id).map((child) => ({ ...toLink(child), parts: matchingIn(subtreeIds(rows, child.id)) })),
    total: counts.reduce((sum, count) => sum + count.matching, 0),
    inStock: counts.reduce((sum, count) => sum + count.inStock, 0),
    fourStarsUp: counts.reduce((sum, count) => sum + count.fourStarsUp, 0),
    priceRange:
      withParts.length > 0
        ? {
            min: centsToDollars(Math.min(...withParts.map((count) => Number(count.minCents)))),
            max: centsToDollars(Math.max(...withParts.map((count) => Number(count.maxCents)))),
          }
        : null,
    items: page.map(toToolView),
    nextCursor: found.length > input.limit && last ? order.cursorOf(last, page.length) : null,
  };
}

function childrenOf(rows: CategoryRow[], id: string): CategoryRow[] {
  return rows.filter((row) => row.parentId === id);
}
