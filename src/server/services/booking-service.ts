// Booking rules that touch stock: reserving it atomically on booking, releasing it on cancel.
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import type { CreateBookingInput } from '../../shared/bookings';
import { MAX_ORDER_TOTAL_CENTS } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { dollarsToCents } from '../../shared/money';
import type { SessionUser } from '../auth/session-user';
import type { Database } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { bookings, tools } from '../db/schema';
import { bookingColumns, type BookingRow } from './booking-views';
import { listed } from './tool-views';

export type CancelReason = 'customer' | 'admin' | 'expired' | 'account_removed';

/**
 * Books a part for the user in one statement: a conditional UPDATE takes the stock only if
 * enough is left (and the total is what the customer saw, and payable), and the booking is
 * inserted from what it returned. Concurrent bookings (in any number of processes) can never
 * oversell, and the part's row is locked only for that one statement, not across round trips.
 */
export async function createBooking(db: Database, user: SessionUser, input: CreateBookingInput): Promise<BookingRow> {
  const expectedTotalCents = input.price === undefined ? null : dollarsToCents(input.price);
  const result = await bookPart(db).execute({
    toolsId: input.toolsId,
    amount: input.amount,
    expectedTotalCents,
    userId: user.id,
    email: user.email,
    personName: user.displayName ?? user.email,
    phone: input.phone,
    address: input.address,
  });
  const [row] = rowsOf(result);
  if (!row) throw await bookingRefusal(db, input, expectedTotalCents);
  // drizzle reports the writes it builds to the change feed; this statement is its own SQL.
  await db.$cache.invalidate({ tables: [tools] });
  return bookingFromRow(row);
}

const bookingFields = Object.entries(bookingColumns);
/** RETURNING every column of bookingColumns under its field name. */
const bookingReturning = sql.join(
  bookingFields.map(([field, column]) => sql`${sql.identifier(column.name)} as ${sql.identifier(field)}`),
  sql`, `,
);

/** The booking statement of createBooking, prepared: every booking runs it. */
const bookPart = preparedStatement(
  'book_part',
  sql`
    with taken as (
      update ${tools} set available = available - ${sql.placeholder('amount')}::integer
      where id = ${sql.placeholder('toolsId')}::uuid and removed_at is null and not hidden
        and minimum_order_quantity <= ${sql.placeholder('amount')}::integer and available >= ${sql.placeholder('amount')}::integer
        and price_cents::bigint * ${sql.placeholder('amount')}::integer <= ${MAX_ORDER_TOTAL_CENTS}::bigint
        and (${sql.placeholder('expectedTotalCents')}::bigint is null
          or price_cents::bigint * ${sql.placeholder('amount')}::integer = ${sql.placeholder('expectedTotalCents')}::bigint)
      returning id, name, price_cents
    )
    insert into ${bookings} (tool_id, user_id, tool_name, email, person_name, phone, address, quantity, unit_price_cents, total_cents)
    select id, ${sql.placeholder('userId')}::uuid, name, ${sql.placeholder('email')}::text, ${sql.placeholder('personName')}::text,
      ${sql.placeholder('phone')}::text, ${sql.placeholder('address')}::text, ${sql.placeholder('amount')}::integer, price_cents,
      price_cents * ${sql.placeholder('amount')}::integer
    from taken
    returning ${bookingReturning}`,
);

/** The cancellation statement of cancelUnpaidBooking, prepared like the booking's. */
const cancelUnpaid = preparedStatement(
  'cancel_unpaid_booking',
  sql`
    with cancelled as (
      update ${bookings} set status = 'cancelled', cancelled_at = now(), cancel_reason = ${sql.placeholder('reason')}::text
      where id = ${sql.placeholder('id')}::uuid and status = 'unpaid'
      returning *
    ), released as (
      update ${tools} set available = available + cancelled.quantity
      from cancelled where ${tools.id} = cancelled.tool_id
    )
    select ${bookingReturning} from cancelled`,
);

/** A returned row as drizzle would map it (driver values through each column's mapping). */
function bookingFromRow(row: Record<string, unknown>): BookingRow {
  const mapped = bookingFields.map(([field, column]) => {
    const value = row[field];
    return [field, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
  });
  return Object.fromEntries(mapped) as BookingRow;
}

/** postgres-js answers a raw statement with the rows; PGlite with { rows }. */
function rowsOf(result: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(result)) return result as Array<Record<string, unknown>>;
  return (result as { rows?: Array<Record<string, unknown>> }).rows ?? [];
}

/** Explains why the conditional stock update took nothing, in the order the rules apply. */
async function bookingRefusal(db: Database, input: CreateBookingInput, expectedTotalCents: number | null): Promise<TRPCError> {
  const [tool] = await db
    .select({ minimumOrderQuantity: tools.minimumOrderQuantity, available: tools.available, priceCents: tools.priceCents })
    .from(tools)
    .where(and(eq(tools.id, input.toolsId), listed));
  if (!tool) return new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
  if (input.amount < tool.minimumOrderQuantity) {
    return new TRPCError({ code: 'BAD_REQUEST', message: messages.quantityOutOfRange });
  }
  if (tool.available >= input.amount) {
    const totalCents = tool.priceCents * input.amount;
    if (totalCents > MAX_ORDER_TOTAL_CENTS) return new TRPCError({ code: 'BAD_REQUEST', message: messages.orderTooLarge });
    if (expectedTotalCents !== null && expectedTotalCents !== totalCents) {
      return new TRPCError({ code: 'BAD_REQUEST', message: messages.priceChanged });
    }
  }
  return new TRPCError({ code: 'CONFLICT', message: messages.outOfStock(tool.available) });
}

/** Loads a booking the user may act on: their own, or any booking for an admin. */
export async function loadAccessibleBooking(db: Database, user: SessionUser, id: string): Promise<BookingRow> {
  const [booking] = await db.select(bookingColumns).from(bookings).where(eq(bookings.id, id));
  if (!booking) throw new TRPCError({ code: 'NOT_FOUND', message: messages.orderNotFound });
  if (booking.userId !== user.id && user.role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: messages.notYourOrder });
  }
  return booking;
}

export function refuseUnlessUnpaid(booking: Pick<BookingRow, 'status'>): void {
  if (booking.status === 'paid' || booking.status === 'shipped') {
    throw new TRPCError({ code: 'CONFLICT', message: messages.orderAlreadyPaid });
  }
  if (booking.status === 'cancelled') throw new TRPCError({ code: 'CONFLICT', message: messages.orderCancelled });
}

/**
 * Cancels an unpaid booking and returns its stock, in one statement: the stock half of
 * cancelBooking (cancellation.ts), which every cancel goes through so the intent is closed first.
 * Only a booking still unpaid at the moment of the update is cancelled, so a concurrent payment
 * wins cleanly.
 */
export async function cancelUnpaidBooking(db: Database, id: string, reason: CancelReason): Promise<BookingRow> {
  const result = await cancelUnpaid(db).execute({ id, reason });
  const [row] = rowsOf(result);
  await db.$cache.invalidate({ tables: [bookings, tools] });
  if (row) return bookingFromRow(row);
  const [current] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
  if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: messages.orderNotFound });
  refuseUnlessUnpaid(current);
  throw new Error(`Booking ${id} was unpaid but could not be cancelled`);
}
