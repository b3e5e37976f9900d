// Catalogue search: words found in names and descriptions (Postgres full-text search, ranked),
// an order, the in-stock and fits-my-bike filters, and the cursor of each order's next page.
import { TRPCError } from '@trpc/server';
import { and, asc, desc, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../../shared/common';
import { messages } from '../../../shared/messages';
import type { CatalogueSort } from '../../../shared/catalogue-sorts';
import type { searchToolsSchema } from '../../../shared/tools';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { tools } from '../../db/schema';
import { fitsBike } from './compatibility';
import { listed, toolColumns, toToolView, type ToolView } from './part-views';

type SearchInput = z.output<typeof searchToolsSchema>;

/** The letters and digits of what a customer typed, as words: nothing else reaches to_tsquery. */
export function typedWords(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The words of a search as a prefix query ("cass" finds cassettes): only letters and digits
 * reach to_tsquery, so nothing a customer types can be read as query syntax. `weights` narrows
 * each word to those parts of the document (`'A'`: the name, see migrations/0008).
 */
export function prefixQuery(text: string, weights = ''): SQL | null {
  const words = typedWords(text);
  if (words.length === 0) return null;
  return sql`to_tsquery('english', ${words.map((word) => `${word}:*${weights}`).join(' & ')})`;
}

function badCursor(): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message: messages.cursorInvalid });
}

/** A cursor of one number: a part's seq, or how many ranked results came before. */
function wholeNumber(cursor: string): number {
  if (cursor.includes('.')) throw badCursor();
  return Number(cursor);
}

/** A price order's cursor: the last part's price in cents and its seq, which breaks ties. */
function priceAndSeq(cursor: string): [number, number] {
  const [price, seq] = cursor.split('.').map(Number);
  if (price === undefined || seq === undefined) throw badCursor();
  return [price, seq];
}

export interface Ordering {
  orderBy: SQL[];
  /** Where the next page starts, from the cursor. */
  after?: SQL;
  offset: number;
  cursorOf: (last: { seq: number; priceCents: number }, pageEnd: number) => string;
}

export function ordering(sort: CatalogueSort, query: SQL | null, cursor: string | undefined): Ordering {
  const bySeq = (last: { seq: number }) => String(last.seq);
  switch (sort) {
    case 'newest':
      return {
        orderBy: [desc(tools.seq)],
        after: cursor ? lt(tools.seq, wholeNumber(cursor)) : undefined,
        offset: 0,
        cursorOf: bySeq,
      };
    case 'price-asc':
    case 'price-desc': {
      const ascending = sort === 'price-asc';
      const position = cursor ? priceAndSeq(cursor) : null;
      const direction = ascending ? asc : desc;
      return {
        orderBy: [direction(tools.listedPriceCents), direction(tools.seq)],
        after: position
          ? ascending
            ? sql`(${tools.listedPriceCents}, ${tools.seq}) > (${position[0]}, ${position[1]})`
            : sql`(${tools.listedPriceCents}, ${tools.seq}) < (${position[0]}, ${position[1]})`
          : undefined,
        offset: 0,
        cursorOf: (last) => `${last.priceCents}.${last.seq}`,
      };
    }
    case 'relevance':
      // Stryker disable next-line ConditionalExpression,BlockStatement: ranking no words ties every part, so the seq order is the same; this spares ranking the whole catalogue
      if (!query) {
        // Without words there is nothing to rank: the catalogue's own order.
        return {
          orderBy: [asc(tools.seq)],
          after: cursor ? gt(tools.seq, wholeNumber(cursor)) : undefined,
          offset: 0,
          cursorOf: bySeq,
        };
      }
      // Every match is ranked before the first page can be cut, so skipping ranked rows costs
      // no more than the first page did.
      return {
        orderBy: [sql`ts_rank(${tools.searchDocument}, ${query}) desc`, asc(tools.seq)],
        offset: cursor ? wholeNumber(cursor) : 0,
        cursorOf: (_last, pageEnd) => String(pageEnd),
      };
  }
}

export async function searchCatalogue(db: Database, input: SearchInput): Promise<Page<ToolView>> {
  const query = prefixQuery(input.q);
  const order = ordering(input.sort, query, input.cursor);
  const rows = await db
    .select(toolColumns)
    .from(tools)
    .where(
      and(
        listed,
        query ? sql`${tools.searchDocument} @@ ${query}` : undefined,
        input.inStock ? sql`${tools.listedAvailable} >= ${tools.minimumOrderQuantity}` : undefined,
        input.fits ? fitsBike(input.fits) : undefined,
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(input.limit + 1)
    .offset(order.offset);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toToolView),
    nextCursor: rows.length > input.limit && last ? order.cursorOf(last, order.offset + page.length) : null,
  };
}
