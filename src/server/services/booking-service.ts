// Booking rules that touch stock: reserving it atomically on booking, releasing it on cancel.
import { TRPCError } from '@trpc/server';
import { and, count, eq, sql } from 'drizzle-orm';
import { isPaidStatus, type CreateBookingInput } from '../../shared/bookings';
import { MAX_ORDER_TOTAL_CENTS } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { dollarsToCents } from '../../shared/money';
import type { SessionUser } from '../auth/session-user';
import type { Database } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { bookings, emailOutbox, tools, users } from '../db/schema';
import { bookingColumns, type BookingRow } from './booking-views';
import { holdLimitRefusal, type Held, type HoldLimits } from './hold-limits';
import { listed } from './tool-views';

export type CancelReason = 'customer' | 'admin' | 'expired' | 'account_removed';

/**
 * Books a part for the user in one statement: a conditional UPDATE takes the stock only if
 * enough is left (and the total is what the customer saw, and payable, and within what the
 * customer may hold unpaid), and the booking is inserted from what it returned, with its booking
 * email in the outbox (nothing when refused). Concurrent bookings (in any number of processes) can
 * never oversell, and the part's row is locked only for that statement and its commit, not across
 * round trips.
 *
 * The customer's row is locked first, in the same transaction: a second booking by the same
 * customer waits for the first to commit, and its statement (a fresh snapshot) then counts the
 * first one's hold, so concurrent bookings cannot both pass the hold limits
 * (docs/decisions/0018-per-customer-hold-limits.md).
 */
export async function createBooking(
  db: Database,
  user: SessionUser,
  input: CreateBookingInput,
  limits: HoldLimits,
): Promise<BookingRow> {
  const expectedTotalCents = input.price === undefined ? null : dollarsToCents(input.price);
  const booking = await db.transaction(async (tx) => {
    // Stryker disable next-line ObjectLiteral: the row lock is what matters, not the columns read
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const result = await bookPart(tx).execute({
      toolsId: input.toolsId,
      amount: input.amount,
      expectedTotalCents,
      userId: user.id,
      email: user.email,
      personName: user.displayName ?? user.email,
      phone: input.phone,
      address: input.address,
      maxBookings: limits.bookings,
      maxUnits: limits.units,
      maxValueCents: limits.valueCents,
    });
    const [row] = rowsOf(result);
    if (!row) throw await bookingRefusal(tx, user, input, expectedTotalCents, limits);
    return bookingFromRow(row);
  });
  // drizzle reports the writes it builds to the change feed; this statement is its own SQL.
  await db.$cache.invalidate({ tables: [tools] });
  return booking;
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
    with held as (
      select count(*) as bookings, coalesce(sum(quantity), 0) as units, coalesce(sum(total_cents), 0) as value_cents
      from ${bookings} where user_id = ${sql.placeholder('userId')}::uuid and status = 'unpaid'
    ), taken as (
      update ${tools} set available = available - ${sql.placeholder('amount')}::integer
      from held
      where ${tools.id} = ${sql.placeholder('toolsId')}::uuid and removed_at is null and not hidden
        and held.bookings < ${sql.placeholder('maxBookings')}::integer
        and held.units + ${sql.placeholder('amount')}::integer <= ${sql.placeholder('maxUnits')}::integer
        and held.value_cents + price_cents::bigint * ${sql.placeholder('amount')}::integer <= ${sql.placeholder('maxValueCents')}::bigint
        and minimum_order_quantity <= ${sql.placeholder('amount')}::integer and available >= ${sql.placeholder('amount')}::integer
        and price_cents::bigint * ${sql.placeholder('amount')}::integer <= ${MAX_ORDER_TOTAL_CENTS}::bigint
        and (${sql.placeholder('expectedTotalCents')}::bigint is null
          or price_cents::bigint * ${sql.placeholder('amount')}::integer = ${sql.placeholder('expectedTotalCents')}::bigint)
      returning ${tools.id}, name, price_cents
    )
    , booked as (
      insert into ${bookings} (tool_id, user_id, tool_name, email, person_name, phone, address, quantity, unit_price_cents, total_cents)
      select id, ${sql.placeholder('userId')}::uuid, name, ${sql.placeholder('email')}::text, ${sql.placeholder('personName')}::text,
        ${sql.placeholder('phone')}::text, ${sql.placeholder('address')}::text, ${sql.placeholder('amount')}::integer, price_cents,
        price_cents * ${sql.placeholder('amount')}::integer
      from taken
      returning *
    ), mailed as (
      insert into ${emailOutbox} (kind, booking_id, recipient) select 'booking', id, email from booked
    )
    select ${bookingReturning} from booked`,
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
    ), mailed as (
      insert into ${emailOutbox} (kind, booking_id, recipient)
      select case when cancel_reason = 'expired' then 'expired' else 'cancelled' end::email_kind, id, email from cancelled
    )
    select ${bookingReturning} from cancelled`,
);

/** A returned row as drizzle would map it (driver values through each column's mapping). */
function bookingFromRow(row: Record<string, unknown>): BookingRow {
  const mapped = bookingFields.map(([field, column]) => {
    const value = row[field];
    // Stryker disable next-line ConditionalExpression,LogicalOperator: RETURNING names every field, and drizzle maps a null text or timestamp to null too
    return [field, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
  });
  return Object.fromEntries(mapped) as BookingRow;
}

// Stryker disable ConditionalExpression,ArrayDeclaration: the mutation run uses PGlite, which always answers { rows }; the Postgres suites run the array form
/** postgres-js answers a raw statement with the rows; PGlite with { rows }. */
function rowsOf(result: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(result)) return result as Array<Record<string, unknown>>;
  return (result as { rows?: Array<Record<string, unknown>> }).rows ?? [];
}
// Stryker restore ConditionalExpression,ArrayDeclaration

/** Explains why the conditional stock update took nothing, in the order the rules apply. */
async function bookingRefusal(
  db: Database,
  user: SessionUser,
  input: CreateBookingInput,
  expectedTotalCents: number | null,
  limits: HoldLimits,
): Promise<TRPCError> {
  const [tool] = await db
    .select({ minimumOrderQuantity: tools.minimumOrderQuantity, available: tools.available, priceCents: tools.priceCents })
    .from(tools)
    .where(and(eq(tools.id, input.toolsId), listed));
  if (!tool) return new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
  if (input.amount < tool.minimumOrderQuantity) {
    return new TRPCError({ code: 'BAD_REQUEST', message: messages.quantityOutOfRange });
  }
  const outOfStock = new TRPCError({ code: 'CONFLICT', message: messages.outOfStock(tool.available) });
  if (tool.available < input.amount) return outOfStock;
  const totalCents = tool.priceCents * input.amount;
  if (totalCents > MAX_ORDER_TOTAL_CENTS) return new TRPCError({ code: 'BAD_REQUEST', message: messages.orderTooLarge });
  if (expectedTotalCents !== null && expectedTotalCents !== totalCents) {
    return new TRPCError({ code: 'BAD_REQUEST', message: messages.priceChanged });
  }
  const held = await heldBy(db, user.id);
  return holdLimitRefusal(limits, held, { units: input.amount, valueCents: totalCents }) ?? outOfStock;
}

/** The customer's unpaid bookings, counted as the booking statement counts them. */
async function heldBy(db: Database, userId: string): Promise<Held> {
  const [held] = await db
    .select({
      bookings: count(),
      units: sql<string>`coalesce(sum(${bookings.quantity}), 0)`,
      valueCents: sql<string>`coalesce(sum(${bookings.totalCents}), 0)`,
    })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'unpaid')));
  // Stryker disable next-line OptionalChaining: an aggregate without GROUP BY answers one row; the fallbacks only satisfy the types
  return { bookings: held?.bookings ?? 0, units: Number(held?.units ?? 0), valueCents: Number(held?.valueCents ?? 0) };
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
  if (isPaidStatus(booking.status)) {
    throw new TRPCError({ code: 'CONFLICT', message: messages.orderAlreadyPaid });
  }
  if (booking.status === 'cancelled') throw new TRPCError({ code: 'CONFLICT', message: messages.orderCancelled });
  if (booking.status === 'refunded') throw new TRPCError({ code: 'CONFLICT', message: messages.orderRefunded });
}

/**
 * Cancels an unpaid booking, returns its stock and queues its cancelled (or expired) email, in one
 * statement: the stock half of cancelBooking (cancellation.ts), which every cancel goes through so
 * the intent is closed first.
 * Only a booking still unpaid at the moment of the update is cancelled, so a concurrent payment
 * wins cleanly.
 */
export async function cancelUnpaidBooking(db: Database, id: string, reason: CancelReason): Promise<BookingRow> {
  const result = await cancelUnpaid(db).execute({ id, reason });
  const [row] = rowsOf(result);
  await db.$cache.invalidate({ tables: [bookings, tools] });
  if (row) return bookingFromRow(row);
  const [current] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
  // Bookings are never deleted, and never return to unpaid: past the statement's refusal one of these throws.
  // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral: a booking cannot vanish
  if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: messages.orderNotFound });
  refuseUnlessUnpaid(current);
  // Stryker disable next-line StringLiteral: unreachable, as a booking still unpaid would have been cancelled
  throw new Error(`Booking ${id} was unpaid but could not be cancelled`);
}
