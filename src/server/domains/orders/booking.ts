// Booking a part and releasing an unpaid booking's stock, each in one statement. Whether a booking
// may be made is decided in one place, the database function book_part_or_refuse
// (migrations/0024, docs/decisions/0038), which names the rule a refused booking breaks; this file
// turns that name into the sentence the customer reads.
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { isPaidStatus, type CreateBookingInput } from '../../../shared/bookings';
import { MAX_ORDER_TOTAL_CENTS } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { dollarsToCents } from '../../../shared/money';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { raisedWith } from '../../db/database-errors';
import { preparedStatement } from '../../db/prepared';
import { bookings, tools } from '../../db/schema';
import { queueOrderEmailsOf } from '../email/outbox';
import type { HoldLimits } from './hold-limits';
import { bookingColumns, type BookingRow } from './order-views';

export type CancelReason = 'customer' | 'admin' | 'expired' | 'account_removed';

/**
 * Books a part for the user with one statement: book_part_or_refuse locks the customer's row, takes
 * the stock only within every rule (the quantity, the stock, the total the customer saw, what one
 * card payment and the customer's holds allow) and inserts the booking; the booking email is queued
 * by the same statement. Concurrent bookings (in any number of processes) can never oversell, and a
 * second booking by the same customer waits for the first to commit and then counts its hold
 * (docs/decisions/0018, 0028). A refusal names its rule, answered here with its sentence. Book Now
 * runs it inside the transaction that makes the booking its order (checkout/book-now.ts), which
 * tells the read cache afterwards: drizzle reports only the writes it builds, and this is raw SQL.
 */
export async function createBooking(
  db: Database,
  user: SessionUser,
  input: CreateBookingInput,
  limits: HoldLimits,
): Promise<BookingRow> {
  const [row] = await bookLegacyPart(db, {
    userId: user.id,
    toolId: input.toolsId,
    amount: input.amount,
    expectedTotalCents: input.price === undefined ? null : dollarsToCents(input.price),
    email: user.email,
    personName: user.displayName ?? user.email,
    phone: input.phone,
    address: input.address,
    maxBookings: limits.bookings,
    maxUnits: limits.units,
    maxValueCents: limits.valueCents,
    maxOrderTotalCents: MAX_ORDER_TOTAL_CENTS,
  }).catch((error: unknown) => {
    const refused = raisedWith(error, BOOKING_REFUSED);
    throw refused ? bookingRefusal(refused, limits) : error;
  });
  // Stryker disable next-line ConditionalExpression,StringLiteral: the function answers its booking or raises; this only narrows the type
  if (!row) throw new Error('book_part_or_refuse answered no booking and no refusal');
  return bookingFromRow(row);
}

/** The SQLSTATE book_part_or_refuse raises a refusal with; its message names the rule. */
const BOOKING_REFUSED = 'SP001';

/** The sentence (and status) for each rule a refused booking breaks, in the function's words. */
function bookingRefusal(refused: { message: string; detail?: string }, limits: HoldLimits): TRPCError {
  switch (refused.message) {
    case 'part_not_found':
      return new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
    case 'below_minimum_order':
      return new TRPCError({ code: 'BAD_REQUEST', message: messages.quantityOutOfRange });
    case 'order_too_large':
      return new TRPCError({ code: 'BAD_REQUEST', message: messages.orderTooLarge });
    case 'price_changed':
      return new TRPCError({ code: 'BAD_REQUEST', message: messages.priceChanged });
    case 'hold_limit_bookings':
      return new TRPCError({ code: 'PRECONDITION_FAILED', message: messages.holdLimitBookings(limits.bookings) });
    case 'hold_limit_units':
      return new TRPCError({ code: 'PRECONDITION_FAILED', message: messages.holdLimitUnits(limits.units) });
    case 'hold_limit_value':
      return new TRPCError({ code: 'PRECONDITION_FAILED', message: messages.holdLimitValue(limits.valueCents) });
    default:
      return new TRPCError({ code: 'CONFLICT', message: messages.outOfStock(Number(refused.detail ?? 0)) });
  }
}

const { orderChannel: _readWithTheOrder, ...bookingTableColumns } = bookingColumns;
const bookingFields = Object.entries(bookingTableColumns);
/** RETURNING every column of bookingColumns under its field name; a booking just made has no order yet. */
const bookingReturning = sql.join(
  [
    ...bookingFields.map(([field, column]) => sql`${sql.identifier(column.name)} as ${sql.identifier(field)}`),
    sql`null::order_channel as "orderChannel"`,
  ],
  sql`, `,
);

/** The booking statement of createBooking, prepared: every booking runs it. */
const bookLegacyPart = preparedStatement(
  'book_part_or_refuse',
  sql`
    with booked as (
      select * from book_part_or_refuse(
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
      )
    ), mailed as (
      ${queueOrderEmailsOf(sql`booked`, sql`'booking'::email_kind`)}
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
      ${queueOrderEmailsOf(sql`cancelled`, sql`(case when cancel_reason = 'expired' then 'expired' else 'cancelled' end)::email_kind`)}
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
