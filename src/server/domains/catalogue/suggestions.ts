// The header search's suggestions as a visitor types: a few parts whose name has the typed words
// (the last one usually half typed, so every word is a prefix) and a few categories whose name
// does. Cheap enough for every keystroke at 100,000 parts: the parts come from the full-text index
// and only a bounded number of matches is ranked; the categories from the small tree read whole.
import { and, asc, desc, sql } from 'drizzle-orm';
import { SUGGEST_MIN_CHARS } from '../../../shared/constants';
import type { SuggestInput } from '../../../shared/search-suggestions';
import { centsToDollars } from '../../../shared/money';
import type { Database } from '../../db/database';
import { tools } from '../../db/schema';
import { readCategories, trailTo, type CategoryRow } from './category-tree';
import { listed } from './part-views';
import { prefixQuery, typedWords } from './search';

/** Parts and categories a suggestion list shows: enough to pick from, few enough to read. */
const SUGGESTED_PARTS_MAX = 6;
const SUGGESTED_CATEGORIES_MAX = 4;

/**
 * How many name matches are ranked, at most. Two letters can match thousands of names; ranking
 * them all on every keystroke would cost as much as the full search. Which best few of a broad
 * prefix show matters little: one more letter narrows it, and Enter opens the ranked search.
 */
const RANKED_MATCHES_MAX = 200;

interface SuggestedPart {
  _id: string;
  name: string;
  price: number;
  img: string;
}

interface SuggestedCategory {
  slug: string;
  name: string;
  /** The names of the categories above it, top first (Drivetrain for Cassettes); empty at the top. */
  trail: string[];
}

interface Suggestions {
  parts: SuggestedPart[];
  categories: SuggestedCategory[];
}

const NOTHING: Suggestions = { parts: [], categories: [] };

/** Whether the typed text is long enough to suggest anything: letters and digits only count. */
function enoughTyped(q: string): boolean {
  return typedWords(q).join('').length >= SUGGEST_MIN_CHARS;
}

export async function suggest(db: Database, input: SuggestInput): Promise<Suggestions> {
  if (!enoughTyped(input.q)) return NOTHING;
  const [parts, categoryRows] = await Promise.all([suggestedParts(db, input.q), readCategories(db)]);
  return { parts, categories: matchingCategories(categoryRows, input.q) };
}

/**
 * Parts in the shop whose name (weight A of the search document) has every typed word as a word's
 * prefix. A suggestion shows a name, so a part found only by its description would puzzle; the
 * full search, one Enter away, finds those too.
 *
 * Postgres guesses every prefix matches 2% of the parts, so with the LIMIT it plans a scan of the
 * table that stops at the 200th match: quick for "ca", but a whole 100,000-row scan for a rare or
 * mistyped prefix (80 ms measured). Seq scans are switched off for this one read, so the GIN index
 * on search_document finds the matches: 2 ms for a rare prefix, about 50 ms for the broadest
 * (docs/decisions/0049).
 */
async function suggestedParts(db: Database, q: string): Promise<SuggestedPart[]> {
  const query = prefixQuery(q, 'A')!;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const matches = tx
      .select({
        id: tools.id,
        seq: tools.seq,
        name: tools.name,
        img: tools.img,
        priceCents: tools.listedPriceCents,
        rank: sql<number>`ts_rank(${tools.searchDocument}, ${query})`.as('rank'),
      })
      .from(tools)
      .where(and(listed, sql`${tools.searchDocument} @@ ${query}`))
      .limit(RANKED_MATCHES_MAX)
      .as('matches');
    const rows = await tx
      .select({ id: matches.id, name: matches.name, img: matches.img, priceCents: matches.priceCents })
      .from(matches)
      .orderBy(desc(matches.rank), asc(matches.seq))
      .limit(SUGGESTED_PARTS_MAX);
    return rows.map((row) => ({ _id: row.id, name: row.name, price: centsToDollars(row.priceCents), img: row.img }));
  });
}

/** Lower case without accents, so "Derailleur" is found by "dérail" and the other way round. */
function folded(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Categories whose name has every typed word as a word's prefix, in the order readCategories gives. */
function matchingCategories(rows: CategoryRow[], q: string): SuggestedCategory[] {
  const typed = typedWords(folded(q));
  return rows
    .filter((row) => {
      const nameWords = typedWords(folded(row.name));
      return typed.every((word) => nameWords.some((nameWord) => nameWord.startsWith(word)));
    })
    .slice(0, SUGGESTED_CATEGORIES_MAX)
    .map((row) => ({
      slug: row.slug,
      name: row.name,
      trail: trailTo(rows, row.id)
        .slice(0, -1)
        .map((step) => step.name),
    }));
}
