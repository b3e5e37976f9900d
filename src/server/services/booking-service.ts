// Booking rules that touch stock: reserving it atomically on booking, releasing it on cancel.
import { TRPCError } from '@trpc/server';
import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { CreateBookingInput } from '../../shared/bookings';
import { messages } from '../../shared/messages';
import { dollarsToCents } from '../../shared/money';
import type { SessionUser } from '../context';
import type { Database } from '../db/database';
import { bookings, tools } from '../db/schema';
import { bookingColumns, type BookingRow } from './booking-views';

export type CancelReason = 'customer' | 'admin' | 'expired' | 'account_removed';

/**
 * Books a part for the user: one conditional UPDATE takes the stock only if enough is left,
 * so concurrent bookings (in any number of processes) can never oversell.
 */
export async function createBooking(db: Database, user: SessionUser, input: CreateBookingInput): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const [tool] = await tx
      .update(tools)
      .set({ available: sql`${tools.available} - ${input.amount}` })
      .where(
        and(
          eq(tools.id, input.toolsId),
          isNull(tools.removedAt),
          lte(tools.minimumOrderQuantity, input.amount),
          gte(tools.available, input.amount),
        ),
      )
      .returning({ id: tools.id, name: tools.name, priceCents: tools.priceCents });
    if (!tool) throw await bookingRefusal(tx, input);

    const totalCents = tool.priceCents * input.amount;
    if (input.price !== undefined && dollarsToCents(input.price) !== totalCents) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: messages.priceChanged });
    }
    const [booking] = await tx
      .insert(bookings)
      .values({
        toolId: tool.id,
        userId: user.id,
        toolName: tool.name,
        email: user.email,
        personName: user.displayName ?? user.email,
        phone: input.phone,
        address: input.address,
        quantity: input.amount,
        unitPriceCents: tool.priceCents,
        totalCents,
      })
      .returning(bookingColumns);
    if (!booking) throw new Error('Inserting a booking returned no row');
    return booking;
  });
}

/** Explains why the conditional stock update took nothing. */
async function bookingRefusal(db: Pick<Database, 'select'>, input: CreateBookingInput): Promise<TRPCError> {
  const [tool] = await db
    .select({ minimumOrderQuantity: tools.minimumOrderQuantity, available: tools.available })
    .from(tools)
    .where(and(eq(tools.id, input.toolsId), isNull(tools.removedAt)));
  if (!tool) return new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
  if (input.amount < tool.minimumOrderQuantity) {
    return new TRPCError({ code: 'BAD_REQUEST', message: messages.quantityOutOfRange });
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
 * Cancels an unpaid booking and returns its stock, in one transaction. Only a booking still
 * unpaid at the moment of the update is cancelled, so a concurrent payment wins cleanly.
 */
export async function cancelUnpaidBooking(db: Database, id: string, reason: CancelReason): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: reason })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'unpaid')))
      .returning(bookingColumns);
    if (!booking) {
      const [current] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
      if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: messages.orderNotFound });
      refuseUnlessUnpaid(current);
      throw new Error(`Booking ${id} was unpaid but could not be cancelled`);
    }
    await tx
      .update(tools)
      .set({ available: sql`${tools.available} + ${booking.quantity}` })
      .where(eq(tools.id, booking.toolId));
    return booking;
  });
}
