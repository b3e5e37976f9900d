// An admin's refunds of an order placed at checkout: one line's charge, the shipping charge, or
// an amount of the order, each never more than what is left of the order's payment, each with the
// tax it reverses, its own credit note and a 'refunded' email. A refund is recorded before the
// provider is asked (the order's row locked, so concurrent refunds queue and each sees the others)
// and removed again when the provider refuses it or cannot be reached, so nothing changes then.
import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';
import { idSchema } from '../../../shared/common';
import type { OrderRefundKind } from '../../../shared/commerce';
import { centsToDollars, formatDollars } from '../../../shared/money';
import { orderMessages } from '../../../shared/order-messages';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { bookings, emailOutbox, orderRefunds, orders } from '../../db/schema';
import type { Metrics } from '../../metrics/metrics';
import type { PaymentsGateway, RefundView } from '../../payments/payments-gateway';
import { PaymentsUnavailableError, RefundRefusedError } from '../../payments/payments-gateway';
import { recordAudit, type Actor } from '../audit/audit';
import { orderNumberOf } from '../checkout/placed-orders';
import { remainingRefundable } from '../checkout/pricing/refundable';
import type { TaxTreatment } from '../checkout/pricing/tax-treatment';
import { refundBookingAtProvider } from '../checkout/refunds';
import type { InvoiceLine } from '../invoices/invoice-document';
import { goodsLineOf, pricedLinesOf, shippingLineOf } from '../invoices/issue-invoice';
import type { IssueWarnings } from '../invoices/eur-vat';
import { issueCreditNote } from '../invoices/issue-credit-note';
import { bookingColumns, paidCentsOf, type BookingRow } from '../orders/order-views';
import { messages } from '../../../shared/messages';
import { taxInRefund } from './refund-tax';

/** What an admin asks to give back. */
export type OrderRefundRequest = { kind: 'line'; bookingId: string } | { kind: 'shipping' } | { kind: 'amount'; amountCents: number };

type OrderRecord = typeof orders.$inferSelect;

interface RefundPart {
  amountCents: number;
  taxCents: number;
  /** The credit note's line for it. */
  credited: InvoiceLine;
  line: BookingRow | null;
}

interface ReservedRefund {
  rowId: string;
  kind: OrderRefundKind;
  order: OrderRecord;
  part: RefundPart;
}

type RefundRecorder = Pick<Metrics, 'refunded'>;

/**
 * Already refunded of the order: every refund recorded, those still waiting for the provider too,
 * and any line refunded whole through its booking (bookings.refund) without a record here.
 */
export async function refundedCentsOf(tx: Database, orderId: string): Promise<number[]> {
  const recorded = await tx
    .select({ amountCents: orderRefunds.amountCents, bookingId: orderRefunds.bookingId })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  const recordedLines = new Set(recorded.map((row) => row.bookingId));
  const refundedLines = await tx
    .select({ id: bookings.id, chargedCents: bookings.chargedCents, totalCents: bookings.totalCents })
    .from(bookings)
    .where(and(eq(bookings.orderId, orderId), eq(bookings.status, 'refunded')));
  return [
    ...recorded.map((row) => row.amountCents),
    ...refundedLines.filter((line) => !recordedLines.has(line.id)).map((line) => paidCentsOf(line)),
  ];
}

async function lineRefund(tx: Database, order: OrderRecord, bookingId: string): Promise<RefundPart> {
  const [line] = await tx
    .select({ ...bookingColumns, discountCents: bookings.discountCents, taxCents: bookings.taxCents })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.orderId, order.id)));
  if (!line) throw new TRPCError({ code: 'BAD_REQUEST', message: orderMessages.refundLineNotInOrder });
  const [earlier] = await tx.select({ id: orderRefunds.id }).from(orderRefunds).where(eq(orderRefunds.bookingId, line.id));
  if (earlier || line.status === 'refunded') {
    throw new TRPCError({ code: 'CONFLICT', message: orderMessages.refundLineRefunded(line.toolName) });
  }
  if (line.status !== 'paid' && line.status !== 'shipped') {
    throw new TRPCError({ code: 'CONFLICT', message: orderMessages.refundLineNotPaid(line.toolName) });
  }
  return lineCredit(order, line);
}

function lineCredit(order: OrderRecord, line: BookingRow & { discountCents: number | null; taxCents: number | null }): RefundPart {
  const credited = goodsLineOf({ ...line, name: line.toolName }, order.taxRateBasisPoints);
  return { amountCents: credited.grossCents, taxCents: credited.taxCents, credited, line };
}

async function shippingRefund(tx: Database, order: OrderRecord): Promise<RefundPart> {
  const [earlier] = await tx
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.kind, 'shipping')));
  if (earlier) throw new TRPCError({ code: 'CONFLICT', message: orderMessages.refundShippingRefunded });
  const goods = (await pricedLinesOf(tx, order.id)).map((line) => goodsLineOf(line, order.taxRateBasisPoints));
  const credited = shippingLineOf(order, goods);
  if (credited.grossCents <= 0) throw new TRPCError({ code: 'CONFLICT', message: orderMessages.refundShippingNone });
  return { amountCents: credited.grossCents, taxCents: credited.taxCents, credited, line: null };
}

function amountRefund(order: OrderRecord, amountCents: number): RefundPart {
  const taxCents = taxInRefund(amountCents, order.taxRateBasisPoints, order.taxTreatment as TaxTreatment);
  const netCents = amountCents - taxCents;
  const credited: InvoiceLine = {
    description: `Refund of part of order ${orderNumberOf(order.number)}`,
    quantity: 1,
    unitNetCents: netCents,
    discountNetCents: 0,
    netCents,
    taxRateBasisPoints: order.taxRateBasisPoints,
    taxCents,
    grossCents: amountCents,
  };
  return { amountCents, taxCents, credited, line: null };
}

/** Records the refund as waiting for the provider, refused when the order cannot give it. */
async function reserveRefund(db: Database, admin: SessionUser, orderId: string, request: OrderRefundRequest): Promise<ReservedRefund> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: orderMessages.orderNotFound });
    if (order.status !== 'paid') throw new TRPCError({ code: 'CONFLICT', message: orderMessages.refundNeedsPaidOrder });
    const part =
      request.kind === 'line'
        ? await lineRefund(tx, order, request.bookingId)
        : request.kind === 'shipping'
          ? await shippingRefund(tx, order)
          : amountRefund(order, request.amountCents);
    const remaining = remainingRefundable(order.totalCents, await refundedCentsOf(tx, order.id));
    if (part.amountCents > remaining)
      throw new TRPCError({ code: 'CONFLICT', message: orderMessages.refundAboveRemaining(remaining) });
    const [row] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        bookingId: part.line?.id ?? null,
        kind: request.kind,
        amountCents: part.amountCents,
        taxCents: part.taxCents,
        actorId: admin.id,
        actorEmail: admin.email,
      })
      .returning({ id: orderRefunds.id });
    // Stryker disable next-line ConditionalExpression,StringLiteral: an insert … returning answers its row; this only narrows the type
    if (!row) throw new Error(`no refund recorded for order ${order.id}`);
    return { rowId: row.id, kind: request.kind, order, part };
  });
}

/** The provider's refund of the reserved part: a line through the per-booking refund, the rest keyed by the record. */
async function refundAtProvider(
  db: Database,
  payments: PaymentsGateway,
  metrics: RefundRecorder,
  admin: SessionUser,
  reserved: ReservedRefund,
): Promise<RefundView> {
  if (reserved.part.line) return (await refundBookingAtProvider(db, payments, metrics, reserved.part.line, admin)).refund;
  const paymentIntentId = reserved.order.paymentIntentId;
  // Stryker disable next-line ConditionalExpression,StringLiteral: a paid order has its intent; this only narrows the type
  if (!paymentIntentId) throw new Error(`paid order ${reserved.order.id} has no payment intent`);
  try {
    return await payments.refundOrderPart({
      orderId: reserved.order.id,
      orderRefundId: reserved.rowId,
      paymentIntentId,
      amountCents: reserved.part.amountCents,
    });
  } catch (error) {
    if (error instanceof PaymentsUnavailableError)
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: messages.refundsUnavailable });
    if (error instanceof RefundRefusedError) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.refundRefused(error.message), cause: error });
    }
    throw error;
  }
}

const kindWords: Record<OrderRefundKind, string> = { line: 'line', shipping: 'shipping', amount: 'amount' };

/**
 * The provider took it: the record gets its refund id and credit note, with the email and the audit
 * line, once: the admin's request and the refund's webhook may both get here, and only the first
 * to claim the record completes it. True when this call did.
 */
async function completeRefund(
  db: Database,
  metrics: RefundRecorder,
  log: IssueWarnings,
  admin: Actor,
  reserved: ReservedRefund,
  refund: RefundView,
): Promise<boolean> {
  const { order, part } = reserved;
  const completed = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(orderRefunds)
      .set({ refundId: refund.id })
      .where(and(eq(orderRefunds.id, reserved.rowId), isNull(orderRefunds.refundId)))
      .returning({ id: orderRefunds.id });
    if (!claimed) return false;
    const creditNote = await issueCreditNote(tx, order.id, [part.credited], new Date(), log);
    await tx.update(orderRefunds).set({ creditNoteId: creditNote.id }).where(eq(orderRefunds.id, reserved.rowId));
    await tx
      .insert(emailOutbox)
      .values({ kind: 'refunded', orderId: order.id, orderRefundId: reserved.rowId, recipient: order.email });
    // A line's refund was audited with the booking when the provider took it (domains/checkout/refunds.ts).
    if (!part.line) {
      const amount = formatDollars(centsToDollars(part.amountCents));
      await recordAudit(
        tx,
        admin,
        'order.refund',
        `${orderNumberOf(order.number)} (${order.id}): ${kindWords[reserved.kind]} ${amount} refunded as ${refund.id}, credit note ${creditNote.number}`,
      );
    }
    return true;
  });
  if (completed && !part.line) metrics.refunded('admin', part.amountCents);
  return completed;
}

/**
 * A succeeded refund the provider reports for part of an order, whose record the shop holds but has
 * not completed (the process stopped between the provider's answer and the record): completed now,
 * with its credit note, email and audit line, in the name of the admin who asked. The refund names
 * its record (a shipping or amount refund) or the line's booking. True when this call completed it.
 */
export async function completeRefundFromProvider(
  db: Database,
  metrics: RefundRecorder,
  log: IssueWarnings,
  refund: RefundView,
): Promise<boolean> {
  if (refund.status !== 'succeeded') return false;
  // Metadata that is not one of our ids names no record (and must not reach the uuid column).
  const rowId = idSchema.safeParse(refund.orderRefundId).data;
  const bookingId = idSchema.safeParse(refund.bookingId).data;
  const naming = rowId ? eq(orderRefunds.id, rowId) : bookingId ? eq(orderRefunds.bookingId, bookingId) : null;
  if (!naming) return false;
  const [row] = await db
    .select()
    .from(orderRefunds)
    .where(and(naming, isNull(orderRefunds.refundId), eq(orderRefunds.amountCents, refund.amountCents)));
  if (!row) return false;
  const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
  // Stryker disable next-line ConditionalExpression: a refund record's order is never deleted; this only narrows the type
  if (!order) return false;
  const part = await recordedPart(db, order, row);
  return completeRefund(
    db,
    metrics,
    log,
    { id: row.actorId, email: row.actorEmail },
    { rowId: row.id, kind: row.kind, order, part },
    refund,
  );
}

/** What a refund record gives back, as reserving it computed it. */
async function recordedPart(db: Database, order: OrderRecord, row: typeof orderRefunds.$inferSelect): Promise<RefundPart> {
  if (row.kind === 'amount') return amountRefund(order, row.amountCents);
  if (row.kind === 'shipping') {
    const goods = (await pricedLinesOf(db, order.id)).map((line) => goodsLineOf(line, order.taxRateBasisPoints));
    const credited = shippingLineOf(order, goods);
    return { amountCents: credited.grossCents, taxCents: credited.taxCents, credited, line: null };
  }
  const [line] = await db
    .select({ ...bookingColumns, discountCents: bookings.discountCents, taxCents: bookings.taxCents })
    .from(bookings)
    .where(eq(bookings.id, row.bookingId ?? order.id));
  // Stryker disable next-line ConditionalExpression,StringLiteral: a line's record names its booking, never deleted
  if (!line) throw new Error(`refund ${row.id} names no line`);
  return lineCredit(order, line);
}

/**
 * Refunds part of a paid order: a line's charge, the shipping, or an amount. Refuses with CONFLICT
 * an order not paid, a line or the shipping refunded already, or more than is left of the payment;
 * with SERVICE_UNAVAILABLE, changing nothing, while the provider cannot be reached.
 */
export async function refundOrderPart(
  db: Database,
  payments: PaymentsGateway,
  metrics: RefundRecorder,
  log: IssueWarnings,
  admin: SessionUser,
  orderId: string,
  request: OrderRefundRequest,
): Promise<void> {
  const reserved = await reserveRefund(db, admin, orderId, request);
  let refund: RefundView;
  try {
    refund = await refundAtProvider(db, payments, metrics, admin, reserved);
  } catch (error) {
    await db.delete(orderRefunds).where(eq(orderRefunds.id, reserved.rowId));
    throw error;
  }
  await completeRefund(db, metrics, log, admin, reserved, refund);
}
