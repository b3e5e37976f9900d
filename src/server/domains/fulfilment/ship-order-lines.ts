// Shipping an order placed at checkout: some or all of its paid lines leave in one parcel, with a
// carrier and a tracking number. The shipment, the lines marked shipped, the audit line and the
// one 'shipped' email (naming that parcel) are written in one transaction with the order locked.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { carriers } from '../../../shared/carriers';
import { orderMessages } from '../../../shared/order-messages';
import type { ShipOrderInput } from '../../../shared/orders';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { bookings, emailOutbox, orders, shipments } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { orderColumns, orderNumberOf, type OrderRow } from '../checkout/placed-orders';

interface LineToShip {
  id: string;
  toolName: string;
  status: string;
  shipmentId: string | null;
}

/** The lines to ship: the chosen ones, each paid and not shipped, or else every paid line not shipped yet. */
function linesToShip(lines: readonly LineToShip[], chosen: readonly string[] | undefined): LineToShip[] {
  if (!chosen) {
    const unshipped = lines.filter((line) => line.status === 'paid');
    if (unshipped.length === 0) throw new TRPCError({ code: 'CONFLICT', message: orderMessages.shipNothingLeft });
    return unshipped;
  }
  const wanted = new Set(chosen);
  const picked = lines.filter((line) => wanted.has(line.id));
  if (picked.length !== wanted.size) throw new TRPCError({ code: 'BAD_REQUEST', message: orderMessages.shipLineNotInOrder });
  for (const line of picked) {
    if (line.status === 'shipped' || line.shipmentId) {
      throw new TRPCError({ code: 'CONFLICT', message: orderMessages.shipLineShipped(line.toolName) });
    }
    if (line.status !== 'paid') throw new TRPCError({ code: 'CONFLICT', message: orderMessages.shipLineNotPaid(line.toolName) });
  }
  return picked;
}

/**
 * Ships the order's chosen paid lines (all paid, unshipped ones by default) in one parcel. Refuses
 * with CONFLICT an order not paid, or a line not paid or shipped already; NOT_FOUND an unknown order.
 */
export async function shipOrderLines(db: Database, admin: SessionUser, request: ShipOrderInput): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    // Locked, so two admins shipping the same lines at once ship them once.
    const [order] = await tx.select(orderColumns).from(orders).where(eq(orders.id, request.id)).for('update');
    if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: orderMessages.orderNotFound });
    if (order.status !== 'paid') throw new TRPCError({ code: 'CONFLICT', message: orderMessages.shipNeedsPaidOrder });
    const lines = await tx
      .select({ id: bookings.id, toolName: bookings.toolName, status: bookings.status, shipmentId: bookings.shipmentId })
      .from(bookings)
      .where(eq(bookings.orderId, order.id))
      .orderBy(asc(bookings.seq));
    const shipping = linesToShip(lines, request.bookingIds);
    const [shipment] = await tx
      .insert(shipments)
      .values({ orderId: order.id, carrier: request.carrier, trackingNumber: request.trackingNumber })
      .returning({ id: shipments.id });
    // Stryker disable next-line ConditionalExpression,StringLiteral: an insert … returning answers its row; this only narrows the type
    if (!shipment) throw new Error(`no shipment stored for order ${order.id}`);
    await tx
      .update(bookings)
      .set({
        status: 'shipped',
        shippedAt: new Date(),
        shipmentId: shipment.id,
        carrier: request.carrier,
        trackingNumber: request.trackingNumber,
      })
      .where(
        and(
          inArray(
            bookings.id,
            shipping.map((line) => line.id),
          ),
          eq(bookings.status, 'paid'),
        ),
      );
    const named = shipping.map((line) => line.toolName).join(', ');
    await recordAudit(
      tx,
      admin,
      'order.ship',
      `${orderNumberOf(order.number)} (${order.id}): ${named} with ${carriers[request.carrier].name} ${request.trackingNumber}`,
    );
    await tx.insert(emailOutbox).values({ kind: 'shipped', orderId: order.id, shipmentId: shipment.id, recipient: order.email });
    return order;
  });
}
