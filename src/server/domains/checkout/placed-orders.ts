// Orders placed at checkout as the API shows them: the columns a read selects, loading one for its
// owner (or an admin), and the view with its lines, in the shop's currency units like every price.
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { OrderStatus } from '../../../shared/commerce';
import { centsToDollars } from '../../../shared/money';
import { orderMessages } from '../../../shared/order-messages';
import type { BookingStatus } from '../../../shared/bookings';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { bookings, orders, tools } from '../../db/schema';
import type { TaxTreatment } from './pricing/price-order';

export const orderColumns = {
  id: orders.id,
  number: orders.number,
  userId: orders.userId,
  email: orders.email,
  status: orders.status,
  channel: orders.channel,
  currency: orders.currency,
  shipName: orders.shipName,
  shipCompany: orders.shipCompany,
  shipLine1: orders.shipLine1,
  shipLine2: orders.shipLine2,
  shipCity: orders.shipCity,
  shipPostalCode: orders.shipPostalCode,
  shipCountry: orders.shipCountry,
  phone: orders.phone,
  buyerVatId: orders.buyerVatId,
  pricesIncludeTax: orders.pricesIncludeTax,
  taxTreatment: orders.taxTreatment,
  taxRateBasisPoints: orders.taxRateBasisPoints,
  subtotalCents: orders.subtotalCents,
  discountCode: orders.discountCode,
  discountCents: orders.discountCents,
  shippingMethod: orders.shippingMethod,
  shippingCents: orders.shippingCents,
  shippingTaxCents: orders.shippingTaxCents,
  netCents: orders.netCents,
  taxCents: orders.taxCents,
  totalCents: orders.totalCents,
  paymentIntentId: orders.paymentIntentId,
  paymentError: orders.paymentError,
  heldUntil: orders.heldUntil,
  paidAt: orders.paidAt,
  cancelledAt: orders.cancelledAt,
  createdAt: orders.createdAt,
};

export type OrderRow = Pick<typeof orders.$inferSelect, keyof typeof orderColumns>;

const lineColumns = {
  bookingId: bookings.id,
  toolId: bookings.toolId,
  /** The part a variant's line belongs to; null for a part's own row. */
  variantOf: tools.variantOf,
  name: bookings.toolName,
  quantity: bookings.quantity,
  unitPriceCents: bookings.unitPriceCents,
  totalCents: bookings.totalCents,
  discountCents: bookings.discountCents,
  taxCents: bookings.taxCents,
  chargedCents: bookings.chargedCents,
  status: bookings.status,
  transactionId: bookings.transactionId,
  shippedAt: bookings.shippedAt,
  refundedAt: bookings.refundedAt,
};

/** The number a customer quotes: SP-10000 and up. */
export function orderNumberOf(number: number): string {
  return `SP-${number}`;
}

function orderLines(db: Database, orderId: string) {
  return db
    .select(lineColumns)
    .from(bookings)
    .leftJoin(tools, eq(tools.id, bookings.toolId))
    .where(eq(bookings.orderId, orderId))
    .orderBy(asc(bookings.seq));
}

type OrderLineRow = Awaited<ReturnType<typeof orderLines>>[number];

export async function loadOrder(db: Database, id: string): Promise<OrderRow> {
  const [order] = await db.select(orderColumns).from(orders).where(eq(orders.id, id));
  if (!order) throw new TRPCError({ code: 'NOT_FOUND', message: orderMessages.orderNotFound });
  return order;
}

/** The order, for its owner or an admin. */
export async function loadAccessibleOrder(db: Database, user: SessionUser, id: string): Promise<OrderRow> {
  const order = await loadOrder(db, id);
  if (order.userId !== user.id && user.role !== 'admin')
    throw new TRPCError({ code: 'FORBIDDEN', message: orderMessages.orderNotYours });
  return order;
}

interface OrderLineView {
  bookingId: string;
  toolsId: string;
  /** The part a variant's line belongs to; null when the line is a part's own row (its default). */
  variantOf: string | null;
  name: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  discount: number;
  tax: number;
  /** What the line costs the customer: after its share of the discount, with its tax. */
  charged: number;
  status: BookingStatus;
  shippedAt: string | null;
  refundedAt: string | null;
}

export interface OrderView {
  _id: string;
  number: string;
  status: OrderStatus;
  email: string;
  currency: string;
  shipTo: {
    name: string;
    company: string | null;
    line1: string;
    line2: string | null;
    city: string;
    postalCode: string;
    country: string;
  };
  phone: string;
  buyerVatId: string | null;
  pricesIncludeTax: boolean;
  taxTreatment: TaxTreatment;
  /** In percent, as a customer reads it (19, 25.5). */
  taxRate: number;
  reverseCharge: boolean;
  lines: OrderLineView[];
  subtotal: number;
  discount: { code: string; amount: number } | null;
  /** None for a Book Now order, which charges no shipping. */
  shipping: { method: string; amount: number; tax: number } | null;
  net: number;
  tax: number;
  total: number;
  paymentError: string | null;
  transaction: string | null;
  heldUntil: string;
  createdAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
}

function toOrderView(order: OrderRow, lines: readonly OrderLineRow[]): OrderView {
  return {
    _id: order.id,
    number: orderNumberOf(order.number),
    status: order.status,
    email: order.email,
    currency: order.currency,
    shipTo: {
      name: order.shipName,
      company: order.shipCompany,
      line1: order.shipLine1,
      line2: order.shipLine2,
      city: order.shipCity,
      postalCode: order.shipPostalCode,
      country: order.shipCountry,
    },
    phone: order.phone,
    buyerVatId: order.buyerVatId,
    pricesIncludeTax: order.pricesIncludeTax,
    taxTreatment: order.taxTreatment as TaxTreatment,
    taxRate: order.taxRateBasisPoints / 100,
    reverseCharge: order.taxTreatment === 'reverse_charge',
    lines: lines.map((line) => ({
      bookingId: line.bookingId,
      toolsId: line.toolId,
      variantOf: line.variantOf,
      name: line.name,
      quantity: line.quantity,
      unitPrice: centsToDollars(line.unitPriceCents),
      lineTotal: centsToDollars(line.totalCents),
      discount: centsToDollars(line.discountCents ?? 0),
      tax: centsToDollars(line.taxCents ?? 0),
      charged: centsToDollars(line.chargedCents ?? line.totalCents),
      status: line.status,
      shippedAt: line.shippedAt?.toISOString() ?? null,
      refundedAt: line.refundedAt?.toISOString() ?? null,
    })),
    subtotal: centsToDollars(order.subtotalCents),
    discount: order.discountCode ? { code: order.discountCode, amount: centsToDollars(order.discountCents) } : null,
    // A Book Now order charges no shipping and names no method.
    shipping:
      order.channel === 'book_now'
        ? null
        : { method: order.shippingMethod, amount: centsToDollars(order.shippingCents), tax: centsToDollars(order.shippingTaxCents) },
    net: centsToDollars(order.netCents),
    tax: centsToDollars(order.taxCents),
    total: centsToDollars(order.totalCents),
    paymentError: order.paymentError,
    transaction: order.status === 'paid' ? order.paymentIntentId : null,
    heldUntil: order.heldUntil.toISOString(),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
  };
}

export async function orderView(db: Database, order: OrderRow): Promise<OrderView> {
  return toOrderView(order, await orderLines(db, order.id));
}

/** The caller's orders, newest first, a page at a time. */
export async function ownOrders(
  db: Database,
  user: SessionUser,
  page: { cursor?: string | undefined; limit: number },
): Promise<{ items: OrderView[]; nextCursor: string | null }> {
  const before = page.cursor ? Number(page.cursor) : Number.MAX_SAFE_INTEGER;
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.userId, user.id), lt(orders.number, before)))
    .orderBy(desc(orders.number))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return {
    items: await Promise.all(items.map((order) => orderView(db, order))),
    nextCursor: rows.length > page.limit && last ? String(last.number) : null,
  };
}
