// Shipping a paid order: an admin marks it shipped, audited, and the customer's shipped email is
// queued in the same transaction.
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { bookings } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { queueOrderEmail } from '../email/outbox';
import { bookingColumns, type BookingRow } from './order-views';

/** Only a paid order ships; an unknown one is NOT_FOUND, any other state a CONFLICT. */
export async function shipOrder(db: Database, admin: SessionUser, id: string): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const [shipped] = await tx
      .update(bookings)
      .set({ status: 'shipped', shippedAt: new Date() })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'paid')))
      .returning(bookingColumns);
    if (!shipped) {
      const [current] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
      if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: messages.orderNotFound });
      throw new TRPCError({ code: 'CONFLICT', message: messages.orderNotPaid });
    }
    await recordAudit(tx, admin, 'order.ship', `${shipped.toolName} for ${shipped.email} (${shipped.id})`);
    await queueOrderEmail(tx, 'shipped', shipped);
    return shipped;
  });
}
