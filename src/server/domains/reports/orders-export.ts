// The orders export: every order placed in a range of calendar days (shop time zone), as CSV rows,
// read in keyset pages of (created_at, seq) so that no one statement runs long and memory holds
// one page whatever the range holds. Rows are read as they stand when their page is read; no row
// is skipped or repeated, as neither key ever changes.
import { pipeline, Readable } from 'node:stream';
import { stringify, type Stringifier } from 'csv-stringify';
import { and, asc, gte, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { orderStateOf } from '../../../shared/bookings';
import { addDays, type OrderExportRange } from '../../../shared/overview';
import type { Database } from '../../db/database';
import { bookings } from '../../db/schema';
import type { SessionUser } from '../../auth/session-user';
import { recordAudit } from '../audit/audit';
import { neutraliseFormula } from './spreadsheet-cells';

/** Orders read per statement. */
const EXPORT_PAGE_SIZE = 1000;

const COLUMNS = [
  'Order number',
  'Placed at',
  'State',
  'Part',
  'Quantity',
  'Unit price',
  'Total',
  'Customer',
  'Email',
  'Phone',
  'Address',
  'Paid at',
  'Transaction id',
  'Shipped at',
  'Cancelled at',
] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The file's name: the range it holds. */
export function exportFileName(range: OrderExportRange): string {
  return `orders-${range.from}-to-${range.to}.csv`;
}

async function* orderRows(db: Database, range: OrderExportRange, timeZone: string): AsyncGenerator<string[]> {
  const localTime = (column: AnyPgColumn) => sql<string | null>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;
  const startsAt = sql`(${range.from}::timestamp at time zone ${timeZone})`;
  const endsBefore = sql`(${addDays(range.to, 1)}::timestamp at time zone ${timeZone})`;
  // The cursor keeps created_at as text to the microsecond, in UTC and ISO form whatever the
  // session's DateStyle: a JavaScript Date would round it to the millisecond and read the last
  // rows of a page again.
  let after: { createdAt: string; seq: number } | null = null;
  for (;;) {
    const page = await db
      .select({
        cursorCreatedAt: sql<string>`to_char(${bookings.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`,
        seq: bookings.seq,
        placedAt: localTime(bookings.createdAt),
        status: bookings.status,
        cancelReason: bookings.cancelReason,
        toolName: bookings.toolName,
        quantity: bookings.quantity,
        unitPriceCents: bookings.unitPriceCents,
        totalCents: bookings.totalCents,
        personName: bookings.personName,
        email: bookings.email,
        phone: bookings.phone,
        address: bookings.address,
        paidAt: localTime(bookings.paidAt),
        transactionId: bookings.transactionId,
        shippedAt: localTime(bookings.shippedAt),
        cancelledAt: localTime(bookings.cancelledAt),
      })
      .from(bookings)
      .where(
        and(
          gte(bookings.createdAt, startsAt),
          lt(bookings.createdAt, endsBefore),
          after
            ? sql`(${bookings.createdAt}, ${bookings.seq}) > (${after.createdAt}::timestamp at time zone 'UTC', ${after.seq})`
            : undefined,
        ),
      )
      .orderBy(asc(bookings.createdAt), asc(bookings.seq))
      .limit(EXPORT_PAGE_SIZE);
    for (const row of page) {
      // Customers type names, phones and addresses: no cell may run as a formula.
      yield [
        String(row.seq),
        // Stryker disable next-line StringLiteral: every order has a placing time; the fallback only satisfies the type
        row.placedAt ?? '',
        orderStateOf(row.status, row.cancelReason),
        row.toolName,
        String(row.quantity),
        dollars(row.unitPriceCents),
        dollars(row.totalCents),
        row.personName,
        row.email,
        row.phone,
        row.address,
        row.paidAt ?? '',
        row.transactionId ?? '',
        row.shippedAt ?? '',
        row.cancelledAt ?? '',
      ].map(neutraliseFormula);
    }
    const last = page.at(-1);
    // Stryker disable next-line LogicalOperator,ConditionalExpression: a short page spares one empty read at the end
    if (!last || page.length < EXPORT_PAGE_SIZE) return;
    after = { createdAt: last.cursorCreatedAt, seq: last.seq };
  }
}

/**
 * The CSV of the range as a stream, read a page at a time as the client takes it (a slow download
 * holds back the reads; a download given up stops them). With a byte order mark, so spreadsheets
 * read the text as UTF-8. `onFailure` hears of a read that failed mid-way; the download then ends
 * short, as the status was already sent.
 */
export function ordersCsv(db: Database, range: OrderExportRange, timeZone: string, onFailure: (error: Error) => void): Stringifier {
  const csv = stringify({ header: true, columns: [...COLUMNS], bom: true });
  return pipeline(Readable.from(orderRows(db, range, timeZone)), csv, (error) => {
    if (error && error.code !== 'ERR_STREAM_PREMATURE_CLOSE') onFailure(error);
  });
}

/** Checks the range and records who exports it; the CSV itself streams from the export route. */
export async function startOrderExport(db: Database, admin: SessionUser, range: OrderExportRange): Promise<OrderExportRange> {
  await recordAudit(db, admin, 'order.export', `${range.from} to ${range.to}`);
  return range;
}
