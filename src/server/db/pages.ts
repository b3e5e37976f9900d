// How the shop's lists are read: keyset pages on a row's `seq` (one row more than the page is read,
// so the page knows whether another follows), and case-blind prefix searches in the form the
// search indexes answer (db/schema.ts `searchKey`, docs/decisions/0024).
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Page } from '../../shared/common';
import { searchKey } from './schema';

/** The page of `limit` rows out of `rows` (read with one more), its cursor the last row's seq. */
export function keysetPage<Row extends { seq: number }, Item>(rows: Row[], limit: number, view: (row: Row) => Item): Page<Item> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(view), nextCursor: rows.length > limit && last ? String(last.seq) : null };
}

/** `column starts with search`, case-blind, in the form the column's search index answers. */
export function startsWith(column: AnyPgColumn, search: string): SQL {
  const pattern = `${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
  return sql`${searchKey(column)} like ${pattern}`;
}
