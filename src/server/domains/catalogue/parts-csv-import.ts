// The parts import: a CSV an admin uploads, every row checked with the part editor's rules and
// against the shop (ids, categories, images), reported by line. A file with any bad row writes
// nothing; a good one is written in one transaction with one audit line. A check reports what an
// import would change and writes nothing (docs/decisions/0051).
import { TRPCError } from '@trpc/server';
import { CsvError, parse } from 'csv-parse/sync';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import { dollarsToCents } from '../../../shared/money';
import type { Specification } from '../../../shared/part-specifications';
import { PARTS_CSV_MAX_ROWS, type ImportPartsCsvInput, type PartsCsvProblem, type PartsCsvReport } from '../../../shared/parts-csv';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { categories, tools } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { restoreFormulaText } from '../reports/spreadsheet-cells';
import type { ShopImages } from './images';
import { csvPartColumns, partCsvColumns, partCsvHeaders, partCsvRowSchema, type CsvPart, type PartCsvRow } from './part-csv-columns';
import { saveGallery, startGalleries } from './part-gallery';
import { partNotRetired } from './part-views';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

interface CheckedRow {
  line: number;
  row: PartCsvRow;
}

/** The part as the file says it should be, in the columns it is stored in. */
interface Wanted {
  name: string;
  description: string;
  priceCents: number;
  minimumOrderQuantity: number;
  available: number;
  hidden: boolean;
  categoryId: string | null;
  img: string;
  specifications: Specification[];
}

/** Inserts per statement, well within Postgres's 65,535 parameters. */
const INSERT_BATCH = 500;

export async function importPartsCsv(
  db: Database,
  images: ShopImages,
  admin: SessionUser,
  input: ImportPartsCsvInput,
): Promise<PartsCsvReport> {
  const problems: PartsCsvProblem[] = [];
  const rows = readRows(input.csv, problems);
  await refuseMissingImages(images, rows, problems);
  refuseRepeatedIds(rows, problems);
  const write = input.mode === 'import';
  return db.transaction(async (tx) => {
    const existing = await partsNamed(tx, rows, write);
    const categoryIds = new Map(
      (await tx.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [c.slug, c.id]),
    );
    const created: Wanted[] = [];
    const updated: Array<{ id: string; wanted: Wanted }> = [];
    let unchanged = 0;
    for (const { line, row } of rows) {
      const categoryId = row.categorySlug === null ? null : categoryIds.get(row.categorySlug);
      if (categoryId === undefined) problems.push({ line, message: messages.partsCsvUnknownCategory(row.categorySlug ?? '') });
      const before = row.id === null ? null : existing.get(row.id);
      if (before === undefined) problems.push({ line, message: messages.partsCsvUnknownPart });
      if (categoryId === undefined || before === undefined) continue;
      const wanted = wantedPart(row, categoryId);
      if (before === null) created.push(wanted);
      else if (isUnchanged(before, wanted, row)) unchanged += 1;
      else updated.push({ id: before.id, wanted });
    }
    problems.sort((a, b) => a.line - b.line);
    const report = { problems, created: created.length, updated: updated.length, unchanged, written: false };
    if (!write || problems.length > 0) return report;

    for (let start = 0; start < created.length; start += INSERT_BATCH) {
      const inserted = await tx
        .insert(tools)
        .values(created.slice(start, start + INSERT_BATCH))
        .returning({ id: tools.id, name: tools.name, img: tools.img });
      await startGalleries(tx, inserted);
    }
    // The version moves as an edit's does, so an edit form opened before the import is refused
    // rather than overwriting it; the tools_changed trigger refreshes every process's read cache.
    for (const { id, wanted } of updated) {
      await tx
        .update(tools)
        .set({ ...wanted, version: sql`${tools.version} + 1` })
        .where(eq(tools.id, id));
      // A new image in the file is the part's new cover: its gallery's first image follows.
      await saveGallery(tx, { id, name: wanted.name, img: wanted.img }, undefined);
    }
    await recordAudit(tx, admin, 'part.import', `${created.length} created, ${updated.length} updated, ${unchanged} unchanged`);
    return { ...report, written: true };
  });
}

/** The file's rows that pass the editor's rules, each with its line; the others are problems. */
function readRows(csv: string, problems: PartsCsvProblem[]): CheckedRow[] {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // With `info`, each record comes with the line it ends on (csv-parse's types do not follow the option).
    records = parse(csv, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    problems.push({ line: typeof error.lines === 'number' ? error.lines : 1, message: messages.partsCsvUnreadable });
    return [];
  }
  const [header, ...body] = records;
  const headerCells = header?.record.map((cell) => cell.trim().toLowerCase()) ?? [];
  if (headerCells.join('\u0000') !== partCsvHeaders.join('\u0000')) {
    problems.push({ line: header?.info.lines ?? 1, message: messages.partsCsvHeaderInvalid(partCsvHeaders.join(', ')) });
    return [];
  }
  if (body.length > PARTS_CSV_MAX_ROWS) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: messages.partsCsvTooManyRows(PARTS_CSV_MAX_ROWS) });
  }
  const rows: CheckedRow[] = [];
  for (const { record, info } of body) {
    // csv-parse counts to the record's last line; a description may run over several.
    const line = info.lines - record.join('').split('\n').length + 1;
    if (record.length !== partCsvColumns.length) {
      problems.push({ line, message: messages.partsCsvCellCount(partCsvColumns.length, record.length) });
      continue;
    }
    const fields = Object.fromEntries(
      partCsvColumns.map((column, index) => [column.field, column.read(restoreFormulaText(record[index] ?? ''))]),
    );
    const checked = partCsvRowSchema.safeParse(fields);
    if (checked.success) rows.push({ line, row: checked.data });
    else {
      for (const issue of checked.error.issues) {
        const header = partCsvColumns.find((column) => column.field === issue.path[0])?.header;
        problems.push({ line, message: header ? `${header}: ${issue.message}` : issue.message });
      }
    }
  }
  return rows;
}

/** An image path must name an image the shop has, as in the editor; web addresses are taken as they are. */
async function refuseMissingImages(images: ShopImages, rows: CheckedRow[], problems: PartsCsvProblem[]): Promise<void> {
  const paths = [...new Set(rows.map(({ row }) => row.img).filter((img) => img.startsWith('/')))];
  const missing = new Set<string>();
  for (const path of paths) if (!(await images.exists(path))) missing.add(path);
  for (const { line, row } of rows) if (missing.has(row.img)) problems.push({ line, message: messages.productImageMissing });
}

function refuseRepeatedIds(rows: CheckedRow[], problems: PartsCsvProblem[]): void {
  const firstLine = new Map<string, number>();
  for (const { line, row } of rows) {
    if (row.id === null) continue;
    const first = firstLine.get(row.id);
    if (first === undefined) firstLine.set(row.id, line);
    else problems.push({ line, message: messages.partsCsvDuplicateId(first) });
  }
}

/** The parts the file names, not retired; locked until the import commits when it writes. */
async function partsNamed(tx: Transaction, rows: CheckedRow[], lock: boolean): Promise<Map<string, CsvPart>> {
  const ids = rows.flatMap(({ row }) => (row.id === null ? [] : [row.id]));
  if (ids.length === 0) return new Map();
  const read = tx
    .select(csvPartColumns)
    .from(tools)
    .leftJoin(categories, eq(categories.id, tools.categoryId))
    .where(and(inArray(tools.id, ids), partNotRetired));
  const parts = lock ? await read.for('update', { of: tools }) : await read;
  return new Map(parts.map((part) => [part.id, part]));
}

function wantedPart(row: PartCsvRow, categoryId: string | null): Wanted {
  return {
    name: row.name,
    description: row.description,
    priceCents: dollarsToCents(row.price),
    minimumOrderQuantity: row.minimumOrderQuantity,
    available: row.available,
    hidden: row.hidden,
    categoryId,
    img: row.img,
    specifications: row.specifications ?? [],
  };
}

/** Whether the part already reads as the row does, cell for cell of the file. */
function isUnchanged(before: CsvPart, wanted: Wanted, row: PartCsvRow): boolean {
  const after: CsvPart = { ...wanted, id: before.id, categorySlug: row.categorySlug };
  return partCsvColumns.every((column) => column.cell(before) === column.cell(after));
}
