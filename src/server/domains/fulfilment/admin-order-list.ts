// The admins' list of orders placed at checkout: newest first, a page at a time, one state or all.
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Page } from '../../../shared/common';
import type { OrderStatus } from '../../../shared/commerce';
import { centsToDollars } from '../../../shared/money';
import type { Database } from '../../db/database';
import { bookings, orders } from '../../db/schema';
import { orderNumberOf } from '../checkout/placed-orders';

export interface PlacedOrderSummary {
  _id: string;
  number: string;
  email: string;
  name: string;
  status: OrderStatus;
  lines: number;
  total: number;
  createdAt: string;
  paidAt: string | null;
}

export async function listPlacedOrders(
  db: Database,
  page: { status?: OrderStatus | undefined; cursor?: string | undefined; limit: number },
): Promise<Page<PlacedOrderSummary>> {
  const conditions: SQL[] = [lt(orders.number, page.cursor ? Number(page.cursor) : Number.MAX_SAFE_INTEGER)];
  if (page.status) conditions.push(eq(orders.status, page.status));
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      email: orders.email,
      name: orders.shipName,
      status: orders.status,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      lines: db.$count(bookings, eq(bookings.orderId, orders.id)),
    })
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.number))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return {
    items: items.map((row) => ({
      _id: row.id,
      number: orderNumberOf(row.number),
      email: row.email,
      name: row.name,
      status: row.status,
      lines: row.lines,
      total: centsToDollars(row.totalCents),
      createdAt: row.createdAt.toISOString(),
      paidAt: row.paidAt?.toISOString() ?? null,
    })),
    nextCursor: rows.length > page.limit && last ? String(last.number) : null,
  };
}
