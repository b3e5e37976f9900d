// Booking rules that touch stock: reserving it atomically on booking, releasing it on cancel.
import { TRPCError } from '@trpc/server';
import { and, count, eq, sql } from 'drizzle-orm';
import { isPaidStatus, type CreateBookingInput } from '../../../shared/bookings';
import { MAX_ORDER_TOTAL_CENTS } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { dollarsToCents } from '../../../shared/money';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { preparedStatement } from '../../db/prepared';
import { bookings, emailOutbox, tools } from '../../db/schema';
import { bookingColumns, type BookingRow } from './order-views';
import { holdLimitRefusal, type Held, type HoldLimits } from './hold-limits';
import { listed } from '../catalogue/part-views';

export type CancelReason = 'customer' | 'admin' | 'expired' | 'account_removed';

/**
 * Books a part for the user with one call of the database function `book_part`
 * (migrations/0018): it locks the customer's row, then a conditional UPDATE takes the stock only
 * if enough is left (and the total is what the customer saw, and payable, and within what the
 * customer may hold unpaid), and the booking is inserted from what it returned, with its booking
 * email in the outbox (nothing when refused). Concurrent bookings (in any number of processes) can
 * never oversell, and a second booking by the same customer waits for the first to commit and then
 * counts its hold (docs/decisions/0018, 0028).
 */
export async function createBooking(
  db: Database,
  user: SessionUser,
  input: CreateBookingInput,
  limits: HoldLimits,
): Promise<BookingRow> {
  const expectedTotalCents = input.price === undefined ? null : dollarsToCents(input.price);
  const [row] = await bookPart(db, {
    userId: user.id,
    toolId: input.toolsId,
    amount: input.amount,
    expectedTotalCents,
    email: user.email,
    personName: user.displayName ?? user.email,
    phone: input.phone,
    address: input.address,
    maxBookings: limits.bookings,
    maxUnits: limits.units,
    maxValueCents: limits.valueCents,
    maxOrderTotalCents: MAX_ORDER_TOTAL_CENTS,
  });
  if (!row) throw await bookingRefusal(db, user, input, expectedTotalCents, limits);
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

/** The call of createBooking, prepared: every booking runs it. */
const bookPart = preparedStatement(
  'book_part',
  sql`
    select ${bookingReturning} from book_part(
      p_user_id => ${sql.placeholder('userId')}::uuid,
      p_tool_id => ${sql.placeholder('toolId')}::uuid,
      p_amount => ${sql.placeholder('amount')}::integer,
      p_expected_total_cents => ${sql.placeholder('expectedTotalCents')}::bigint,
      p_email => ${sql.placeholder('email')}::text,
      p_person_name => ${sql.placeholder('personName')}::text,
      p_phone => ${sql.placeholder('phone')}::text,
      p_address => ${sql.placeholder('address')}::text,
      p_max_bookings => ${sql.placeholder('maxBookings')}::integer,
      p_max_units => ${sql.placeholder('maxUnits')}::integer,
      p_max_value_cents => ${sql.placeholder('maxValueCents')}::bigint,
      p_max_order_total_cents => ${sql.placeholder('maxOrderTotalCents')}::bigint
    )`,
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
  const [row] = await cancelUnpaid(db, { id, reason });
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
