// The parts export: every part not retired (hidden ones too), in the columns of
// part-csv-columns.ts, read in keyset pages of seq so that no one statement runs long and memory
// holds one page whatever the catalogue holds.
import { pipeline, Readable } from 'node:stream';
import { stringify, type Stringifier } from 'csv-stringify';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { categories, tools } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { neutraliseFormula } from '../reports/spreadsheet-cells';
import { csvPartColumns, partCsvColumns, partCsvHeaders } from './part-csv-columns';
import { partNotRetired } from './part-views';

/** Parts read per statement. */
const EXPORT_PAGE_SIZE = 1000;

const PARTS_EXPORT_FILE_NAME = 'parts.csv';

async function* partRows(db: Database): AsyncGenerator<string[]> {
  let after: number | null = null;
  for (;;) {
    const page = await db
      .select({ ...csvPartColumns, seq: tools.seq })
      .from(tools)
      .leftJoin(categories, eq(categories.id, tools.categoryId))
      .where(after === null ? partNotRetired : and(partNotRetired, gt(tools.seq, after)))
      .orderBy(asc(tools.seq))
      .limit(EXPORT_PAGE_SIZE);
    // Admins type names and descriptions: no cell may run as a formula in a spreadsheet.
    for (const part of page) yield partCsvColumns.map((column) => neutraliseFormula(column.cell(part)));
    const last = page.at(-1);
    if (!last || page.length < EXPORT_PAGE_SIZE) return;
    after = last.seq;
  }
}

/**
 * The CSV as a stream, read a page at a time as the client takes it, with a byte order mark so
 * spreadsheets read the text as UTF-8. `onFailure` hears of a read that failed mid-way; the
 * download then ends short, as the status was already sent.
 */
export function partsCsv(db: Database, onFailure: (error: Error) => void): Stringifier {
  const csv = stringify({ header: true, columns: partCsvHeaders, bom: true });
  return pipeline(Readable.from(partRows(db)), csv, (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') onFailure(error);
  });
}

/** Records who exports the parts; the CSV itself streams from the export route. */
export async function startPartsExport(db: Database, admin: SessionUser): Promise<{ fileName: string }> {
  await recordAudit(db, admin, 'part.export', 'every part not deleted');
  return { fileName: PARTS_EXPORT_FILE_NAME };
}
