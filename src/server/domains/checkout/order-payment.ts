// Paying an order placed at checkout: one PaymentIntent for its total (metadata names the order),
// settled once from whichever comes first of the browser's confirmation and the signed webhook.
// Settling marks the order and every line paid with the intent's id, spends the discount use and
// queues one payment email, in one transaction; money that arrives for an order that was
// cancelled or expired meanwhile is refunded whole.
import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';
import { idSchema } from '../../../shared/common';
import { messages } from '../../../shared/messages';
import { orderMessages } from '../../../shared/order-messages';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { bookings, discountUses, emailOutbox, orders, paymentEvents } from '../../db/schema';
import type { Metrics } from '../../metrics/metrics';
import type { PaymentEvent, PaymentIntentView, PaymentsGateway } from '../../payments/payments-gateway';
import { issueInvoice } from '../invoices/issue-invoice';
import { refundAfterEvent, type PaymentEventOutcome } from './payments';
import { loadAccessibleOrder, orderColumns, type OrderRow } from './placed-orders';
import { refundUnkeptPayment } from './refunds';

/** Refuses an order that cannot be paid: paid already, cancelled or expired. */
export function refuseUnlessPayable(order: Pick<OrderRow, 'status'>): void {
  if (order.status === 'paid') throw new TRPCError({ code: 'CONFLICT', message: orderMessages.orderPaid });
  if (order.status !== 'unpaid') throw new TRPCError({ code: 'CONFLICT', message: orderMessages.orderClosed(order.status) });
}

/**
 * The order's intent: the one stored on it, or a new one stored while the order is still unpaid
 * (an order cancelled meanwhile gets its new intent cancelled at once). An intent found already
 * succeeded settles the order.
 */
export async function ensureOrderIntent(
  db: Database,
  payments: PaymentsGateway,
  order: OrderRow,
): Promise<{ order: OrderRow; intent: PaymentIntentView }> {
  refuseUnlessPayable(order);
  if (order.paymentIntentId) {
    const existing = await payments.retrieveIntent(order.paymentIntentId);
    if (existing?.status === 'succeeded') {
      await settleOrder(db, order.id, existing);
      throw new TRPCError({ code: 'CONFLICT', message: orderMessages.orderPaid });
    }
    if (existing && existing.status !== 'canceled') return { order, intent: existing };
    throw new TRPCError({ code: 'CONFLICT', message: orderMessages.orderClosed('cancelled') });
  }
  const intent = await payments.createOrderIntent({
    orderId: order.id,
    amountCents: order.totalCents,
    currency: order.currency,
    email: order.email,
  });
  const [stored] = await db
    .update(orders)
    .set({ paymentIntentId: intent.id })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'unpaid'), isNull(orders.paymentIntentId)))
    .returning(orderColumns);
  if (stored) return { order: stored, intent };
  const [current] = await db.select(orderColumns).from(orders).where(eq(orders.id, order.id));
  // Another request stored the same intent first (the idempotency key gives one intent per order).
  if (current?.paymentIntentId === intent.id && current.status === 'unpaid') return { order: current, intent };
  await payments.cancelIntent(intent.id);
  refuseUnlessPayable(current ?? { status: 'cancelled' });
  throw new TRPCError({ code: 'CONFLICT', message: orderMessages.orderClosed('cancelled') });
}

/** The intent the order's payment page confirms the card against, for its owner. */
export async function intentForOwnPlacedOrder(
  db: Database,
  payments: PaymentsGateway,
  user: SessionUser,
  id: string,
): Promise<{ order: OrderRow; intent: PaymentIntentView }> {
  const order = await loadAccessibleOrder(db, user, id);
  if (order.userId !== user.id) throw new TRPCError({ code: 'FORBIDDEN', message: orderMessages.orderNotYours });
  return ensureOrderIntent(db, payments, order);
}

/** Why an intent cannot pay this order, or null when it can. */
function intentMismatch(order: OrderRow, intent: PaymentIntentView): string | null {
  if (intent.status !== 'succeeded') return messages.paymentNotSucceeded;
  const matches =
    intent.id === order.paymentIntentId &&
    intent.orderId === order.id &&
    intent.amountCents === order.totalCents &&
    intent.currency === order.currency;
  return matches ? null : messages.paymentMismatch;
}

type Settlement = 'paid' | 'already_paid' | { closed: OrderRow };

/**
 * Settles the order paid by `intent`, once, in one transaction with the order's row locked: the
 * order and its unpaid lines marked paid, the discount use spent, one payment email queued. A
 * mismatched intent is refused and changes nothing; an order closed meanwhile is reported so the
 * caller refunds the money.
 */
async function settleOrder(db: Database, orderId: string, intent: PaymentIntentView): Promise<Settlement> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select(orderColumns).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: orderMessages.orderNotFound });
    const mismatch = intentMismatch(order, intent);
    if (mismatch)
      throw new TRPCError({ code: mismatch === messages.paymentNotSucceeded ? 'CONFLICT' : 'BAD_REQUEST', message: mismatch });
    if (order.status === 'paid') return 'already_paid';
    if (order.status !== 'unpaid') return { closed: order };
    const paidAt = new Date();
    await tx.update(orders).set({ status: 'paid', paidAt, paymentError: null }).where(eq(orders.id, order.id));
    await tx
      .update(bookings)
      .set({ status: 'paid', transactionId: intent.id, paidAt, paymentError: null })
      .where(and(eq(bookings.orderId, order.id), eq(bookings.status, 'unpaid')));
    await tx.update(discountUses).set({ status: 'spent' }).where(eq(discountUses.orderId, order.id));
    await issueInvoice(tx, order.id, paidAt);
    await tx.insert(emailOutbox).values({ kind: 'payment_received', orderId: order.id, recipient: order.email });
    return 'paid';
  });
}

/** Settles, refusing (CONFLICT) an order that was closed before the money came. */
export async function settleOrRefuse(db: Database, orderId: string, intent: PaymentIntentView): Promise<void> {
  const settled = await settleOrder(db, orderId, intent);
  if (typeof settled === 'object')
    throw new TRPCError({ code: 'CONFLICT', message: orderMessages.orderClosed(closedState(settled.closed)) });
}

function closedState(order: OrderRow): 'cancelled' | 'expired' {
  return order.status === 'expired' ? 'expired' : 'cancelled';
}

/** The browser's word that it paid the order: believed only once the provider confirms it. */
export async function confirmPlacedOrderPayment(
  db: Database,
  payments: PaymentsGateway,
  user: SessionUser,
  request: { id: string; transactionId: string },
): Promise<OrderRow> {
  const order = await loadAccessibleOrder(db, user, request.id);
  if (order.userId !== user.id) throw new TRPCError({ code: 'FORBIDDEN', message: orderMessages.orderNotYours });
  await settleConfirmedIntent(db, payments, order, request.transactionId);
  return loadAccessibleOrder(db, user, request.id);
}

/**
 * Settles the order with the intent the caller names once the provider says it succeeded; a repeat
 * with the intent that paid it changes nothing. The caller has checked who may ask.
 */
export async function settleConfirmedIntent(
  db: Database,
  payments: PaymentsGateway,
  order: OrderRow,
  transactionId: string,
): Promise<void> {
  if (order.status === 'paid' && order.paymentIntentId === transactionId) return;
  if (transactionId !== order.paymentIntentId) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.paymentMismatch });
  const intent = await payments.retrieveIntent(transactionId);
  if (!intent) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.paymentMismatch });
  await settleOrRefuse(db, order.id, intent);
}

/**
 * A verified provider event about an order's intent, handled once: the event id is recorded in the
 * same transaction as its effect. A failed payment keeps the card's message on the order; money
 * for an order closed meanwhile is refunded whole after the transaction.
 */
export async function handleOrderEvent(
  db: Database,
  payments: PaymentsGateway,
  metrics: Pick<Metrics, 'refunded'>,
  event: PaymentEvent,
): Promise<PaymentEventOutcome> {
  const intent = event.intent;
  const orderId = intent?.orderId;
  if (!intent || !orderId) return 'ignored';
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return 'ignored';
  // Metadata that is not one of our ids names no order (and must not reach the uuid column).
  const namesAnOrder = idSchema.safeParse(orderId).success;
  const handled = await db.transaction(async (tx): Promise<PaymentEventOutcome | { closed: string }> => {
    const [order] = namesAnOrder ? await tx.select(orderColumns).from(orders).where(eq(orders.id, orderId)) : [];
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type, bookingId: null })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return 'duplicate';
    if (!order) return 'ignored';
    if (event.type === 'payment_intent.payment_failed') {
      await tx
        .update(orders)
        .set({ paymentError: intent.lastErrorMessage })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'unpaid')));
      return 'handled';
    }
    if (intentMismatch(order, intent) !== null) return 'handled';
    const settled = await settleOrder(tx, order.id, intent);
    return typeof settled === 'object' ? { closed: order.id } : 'handled';
  });
  if (typeof handled === 'string') return handled;
  return refundAfterEvent(db, event, () => refundUnkeptPayment(db, payments, metrics, intent, { orderId: handled.closed }));
}
