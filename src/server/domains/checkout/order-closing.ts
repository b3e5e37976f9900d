// Closing an unpaid order placed at checkout: cancelled by its owner or an admin (a cancel of any
// of its lines cancels the whole order, so its totals never change under a reservation), or
// expired when its hold passes. One path for each of them: the intent is closed at the provider
// first (money already taken wins: the order is settled paid instead), then in one transaction
// the order and its lines are closed, the stock comes back, the discount use is released and one
// email is queued.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { orderMessages } from '../../../shared/order-messages';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { bookings, discountUses, emailOutbox, orders, tools } from '../../db/schema';
import type { PaymentsGateway } from '../../payments/payments-gateway';
import { recordAudit } from '../audit/audit';
import { closeIntentAtProvider } from './intent-closing';
import { refuseUnlessPayable, settleOrRefuse } from './order-payment';
import { loadAccessibleOrder, orderColumns, orderNumberOf, type OrderRow } from './placed-orders';

/** Why the order is closed; an admin closing someone else's order is audited as the actor. */
export type OrderClosing = { reason: 'admin'; actor: SessionUser } | { reason: 'customer' | 'expired' | 'account_removed' };

/** The caller cancels their own unpaid order, or an admin anyone's (audited). */
export async function cancelPlacedOrder(db: Database, payments: PaymentsGateway, user: SessionUser, id: string): Promise<OrderRow> {
  const order = await loadAccessibleOrder(db, user, id);
  return closeOrder(db, payments, order, order.userId === user.id ? { reason: 'customer' } : { reason: 'admin', actor: user });
}

/**
 * Closes the unpaid order. Refuses with CONFLICT one paid or closed already, or whose payment
 * turns out to have succeeded (the order is then settled paid). Throws PaymentsUnavailableError,
 * changing nothing, while the provider cannot be asked.
 */
export async function closeOrder(db: Database, payments: PaymentsGateway, order: OrderRow, closing: OrderClosing): Promise<OrderRow> {
  refuseUnlessPayable(order);
  if (order.paymentIntentId) {
    const succeeded = await closeIntentAtProvider(payments, order.paymentIntentId);
    if (succeeded) {
      await settleOrRefuse(db, order.id, succeeded);
      throw new TRPCError({ code: 'CONFLICT', message: orderMessages.orderPaid });
    }
  }
  const closed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ status: closing.reason === 'expired' ? 'expired' : 'cancelled', cancelledAt: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'unpaid')))
      .returning(orderColumns);
    if (!row) return null;
    const released = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: closing.reason })
      .where(and(eq(bookings.orderId, row.id), eq(bookings.status, 'unpaid')))
      .returning({ toolId: bookings.toolId, quantity: bookings.quantity });
    for (const line of released.sort((a, b) => (a.toolId < b.toolId ? -1 : 1))) {
      await tx
        .update(tools)
        .set({ available: sql`${tools.available} + ${line.quantity}` })
        .where(eq(tools.id, line.toolId));
    }
    await tx.update(discountUses).set({ status: 'released' }).where(eq(discountUses.orderId, row.id));
    await tx
      .insert(emailOutbox)
      .values({ kind: closing.reason === 'expired' ? 'expired' : 'cancelled', orderId: row.id, recipient: row.email });
    if (closing.reason === 'admin') {
      await recordAudit(tx, closing.actor, 'order.cancel', `order ${orderNumberOf(row.number)} for ${row.email} (${row.id})`);
    }
    return row;
  });
  if (!closed) {
    const [current] = await db.select(orderColumns).from(orders).where(eq(orders.id, order.id));
    refuseUnlessPayable(current ?? { status: 'cancelled' });
    throw new Error(`Order ${order.id} was unpaid but could not be closed`);
  }
  await db.$cache.invalidate({ tables: [tools, bookings] });
  // An intent stored while this ran (the payment page opened at that moment) must not take money.
  if (closed.paymentIntentId && closed.paymentIntentId !== order.paymentIntentId) await payments.cancelIntent(closed.paymentIntentId);
  return closed;
}

const BATCH_SIZE = 100;

export interface OrderExpiryOutcome {
  expired: number;
  settledPaid: number;
  failed: number;
}

/**
 * Expires the unpaid orders whose hold has passed, oldest deadline first. Every process may run it:
 * each order is claimed with FOR UPDATE SKIP LOCKED and closed only while still unpaid.
 */
export async function expireLapsedOrders(
  db: Database,
  payments: PaymentsGateway,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<OrderExpiryOutcome> {
  const outcome: OrderExpiryOutcome = { expired: 0, settledPaid: 0, failed: 0 };
  const lapsed = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'unpaid'), lt(orders.heldUntil, now)))
    .orderBy(asc(orders.heldUntil))
    .limit(BATCH_SIZE);
  for (const { id } of lapsed) {
    try {
      const result = await db.transaction(async (tx) => {
        const [order] = await tx
          .select(orderColumns)
          .from(orders)
          .where(and(eq(orders.id, id), eq(orders.status, 'unpaid'), lt(orders.heldUntil, now)))
          .for('update', { skipLocked: true });
        if (!order) return 'skipped';
        try {
          await closeOrder(tx, payments, order, { reason: 'expired' });
          return 'expired';
        } catch (error) {
          if (error instanceof TRPCError && error.message === orderMessages.orderPaid) return 'settledPaid';
          throw error;
        }
      });
      if (result !== 'skipped') outcome[result]++;
    } catch (error) {
      outcome.failed++;
      log?.warn({ err: error, orderId: id }, 'could not expire a lapsed order; will retry');
    }
  }
  return outcome;
}
