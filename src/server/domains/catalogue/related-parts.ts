// A part page's related parts: up to four other parts on sale from the part's own category, then
// from the rest of its parent category's subtree, ranked by `relatedRanking`. A part without a
// category has none; a part not on sale is NOT_FOUND, as its page is.
import { and, asc, desc, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { tools } from '../../db/schema';
import { categoryOfListedPart, readCategories, subtreeIds } from './category-tree';
import { listed, toolColumns, toToolView, type ToolView } from './part-views';

/** A part page has room for one row of four. */
const RELATED_PARTS_MAX = 4;

/**
 * The order related parts are offered in: those that can be booked now first, then the catalogue's
 * order. The one place to change when parts are also ranked by the bikes they fit.
 */
function relatedRanking(): SQL[] {
  return [desc(sql`${tools.listedAvailable} >= ${tools.minimumOrderQuantity}`), asc(tools.seq)];
}

async function rankedIn(db: Database, categoryIds: string[], exclude: string[], limit: number): Promise<ToolView[]> {
  if (categoryIds.length === 0 || limit <= 0) return [];
  const rows = await db
    .select(toolColumns)
    .from(tools)
    .where(and(listed, inArray(tools.categoryId, categoryIds), notInArray(tools.id, exclude)))
    .orderBy(...relatedRanking())
    .limit(limit);
  return rows.map(toToolView);
}

export async function relatedParts(db: Database, partId: string): Promise<ToolView[]> {
  const categoryId = await categoryOfListedPart(db, partId);
  if (!categoryId) return [];
  const sameCategory = await rankedIn(db, [categoryId], [partId], RELATED_PARTS_MAX);
  if (sameCategory.length === RELATED_PARTS_MAX) return sameCategory;
  const rows = await readCategories(db);
  const parentId = rows.find((row) => row.id === categoryId)?.parentId;
  if (!parentId) return sameCategory;
  // The parent's whole subtree but the part's own category, already read above.
  const around = subtreeIds(rows, parentId).filter((id) => id !== categoryId);
  const fromParent = await rankedIn(db, around, [partId], RELATED_PARTS_MAX - sameCategory.length);
  return [...sameCategory, ...fromParent];
}
