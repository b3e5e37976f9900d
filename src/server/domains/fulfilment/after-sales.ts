// What happened to a paid order after it was paid, as its page shows it to the customer and the
// admins: the parcels it left in (with the carrier's tracking link), the refunds with their credit
// notes, and how much of the payment is left to refund.
import { asc, eq, inArray } from 'drizzle-orm';
import { carriers, isCarrierId, trackingUrl, type CarrierId } from '../../../shared/carriers';
import type { OrderRefundKind } from '../../../shared/commerce';
import { centsToDollars } from '../../../shared/money';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { bookings, invoices, orderRefunds, shipments } from '../../db/schema';
import { loadAccessibleOrder } from '../checkout/placed-orders';
import { remainingRefundable } from '../checkout/pricing/refundable';
import { refundedCentsOf } from './order-refunds';

interface ShipmentView {
  _id: string;
  carrier: CarrierId;
  carrierName: string;
  trackingNumber: string;
  trackingUrl: string;
  createdAt: string;
  /** The names of the lines in the parcel, in order. */
  lines: string[];
}

interface OrderRefundView {
  _id: string;
  kind: OrderRefundKind;
  /** Given back, with tax, in the shop's currency units. */
  amount: number;
  tax: number;
  /** The line refunded, for a line's refund. */
  line: string | null;
  createdAt: string;
  /** False while the provider has not answered yet. */
  done: boolean;
  creditNote: { _id: string; number: string } | null;
}

export interface AfterSalesView {
  shipments: ShipmentView[];
  refunds: OrderRefundView[];
  remainingRefundable: number;
}

/** The order's shipments and refunds, for its owner or an admin. */
export async function afterSalesOf(db: Database, user: SessionUser, orderId: string): Promise<AfterSalesView> {
  const order = await loadAccessibleOrder(db, user, orderId);
  const parcels = await db
    .select({ id: shipments.id, carrier: shipments.carrier, trackingNumber: shipments.trackingNumber, createdAt: shipments.createdAt })
    .from(shipments)
    .where(eq(shipments.orderId, order.id))
    .orderBy(asc(shipments.createdAt));
  const shippedLines =
    parcels.length === 0
      ? []
      : await db
          .select({ shipmentId: bookings.shipmentId, name: bookings.toolName })
          .from(bookings)
          .where(
            inArray(
              bookings.shipmentId,
              parcels.map((parcel) => parcel.id),
            ),
          )
          .orderBy(asc(bookings.seq));
  const refunds = await db
    .select({
      id: orderRefunds.id,
      kind: orderRefunds.kind,
      amountCents: orderRefunds.amountCents,
      taxCents: orderRefunds.taxCents,
      line: bookings.toolName,
      refundId: orderRefunds.refundId,
      createdAt: orderRefunds.createdAt,
      creditNoteId: invoices.id,
      creditNoteNumber: invoices.number,
    })
    .from(orderRefunds)
    .leftJoin(bookings, eq(bookings.id, orderRefunds.bookingId))
    .leftJoin(invoices, eq(invoices.id, orderRefunds.creditNoteId))
    .where(eq(orderRefunds.orderId, order.id))
    .orderBy(asc(orderRefunds.createdAt));
  const paid = order.status === 'paid' ? order.totalCents : 0;
  return {
    shipments: parcels.flatMap((parcel) => {
      // Only carriers of the fixed list are ever stored; anything else is left out rather than linked.
      if (!isCarrierId(parcel.carrier)) return [];
      return [
        {
          _id: parcel.id,
          carrier: parcel.carrier,
          carrierName: carriers[parcel.carrier].name,
          trackingNumber: parcel.trackingNumber,
          trackingUrl: trackingUrl(parcel.carrier, parcel.trackingNumber),
          createdAt: parcel.createdAt.toISOString(),
          lines: shippedLines.filter((line) => line.shipmentId === parcel.id).map((line) => line.name),
        },
      ];
    }),
    refunds: refunds.map((refund) => ({
      _id: refund.id,
      kind: refund.kind,
      amount: centsToDollars(refund.amountCents),
      tax: centsToDollars(refund.taxCents),
      line: refund.line,
      createdAt: refund.createdAt.toISOString(),
      done: refund.refundId !== null,
      creditNote:
        refund.creditNoteId && refund.creditNoteNumber ? { _id: refund.creditNoteId, number: refund.creditNoteNumber } : null,
    })),
    remainingRefundable: centsToDollars(remainingRefundable(paid, await refundedCentsOf(db, order.id))),
  };
}
