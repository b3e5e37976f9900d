// The parts a sitemap lists: every part in the shop for visitors, by its address, read in ranges
// of `seq` (the catalogue's order and unique index), so that any sitemap page is one index range
// however many parts the shop has.
import { and, asc, gt, lte, max } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { tools } from '../../db/schema';
import { listed } from './part-views';

/** The highest `seq` of a listed part, 0 when none is listed: how far the sitemap's ranges reach. */
export async function lastListedSeq(db: Database): Promise<number> {
  const [row] = await db
    .select({ last: max(tools.seq) })
    .from(tools)
    .where(listed);
  return row?.last ?? 0;
}

/**
 * The ids of the listed parts with `seq` in (after, upTo], in catalogue order, read `batch` rows
 * at a time on the seq index (keyset), so no read holds more than one batch.
 */
export async function listedPartIdsInRange(db: Database, after: number, upTo: number, batch = 10_000): Promise<string[]> {
  const ids: string[] = [];
  let cursor = after;
  for (;;) {
    const rows = await db
      .select({ id: tools.id, seq: tools.seq })
      .from(tools)
      .where(and(listed, gt(tools.seq, cursor), lte(tools.seq, upTo)))
      .orderBy(asc(tools.seq))
      .limit(batch);
    for (const row of rows) ids.push(row.id);
    const last = rows.at(-1);
    if (!last || rows.length < batch) return ids;
    cursor = last.seq;
  }
}
