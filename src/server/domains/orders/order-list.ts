// The admins' view of every order: Manage orders' pages, narrowed by state and searched by the
// start of an email or a name, or by order number (docs/decisions/0024), and one order with
// everything the shop knows of it.
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import { orderNumberIn, type ListSort } from '../../../shared/admin-lists';
import type { OrderState } from '../../../shared/bookings';
import type { Page } from '../../../shared/common';
import { messages } from '../../../shared/messages';
import type { Database } from '../../db/database';
import { keysetPage, startsWith } from '../../db/pages';
import { bookings } from '../../db/schema';
import { bookingColumns, toBookingView, type BookingView } from './order-views';

export interface OrderListRequest {
  status?: OrderState | undefined;
  q: string;
  sort: ListSort;
  limit: number;
  cursor?: string | undefined;
}

/** The orders in one state, told apart the way customers read them (orderStateOf). */
function inState(state: OrderState): SQL | undefined {
  if (state === 'expired') return and(eq(bookings.status, 'cancelled'), eq(bookings.cancelReason, 'expired'));
  if (state === 'cancelled') return and(eq(bookings.status, 'cancelled'), sql`${bookings.cancelReason} is distinct from 'expired'`);
  return eq(bookings.status, state);
}

/**
 * Every customer's orders, newest or oldest first: the order number follows the order in which
 * orders were placed, so it is both the date order and an exact cursor.
 */
export async function listOrders(db: Database, request: OrderListRequest): Promise<Page<BookingView>> {
  const newest = request.sort === 'newest';
  const orderNumber = orderNumberIn(request.q);
  const rows = await db
    .select(bookingColumns)
    .from(bookings)
    .where(
      and(
        request.status ? inState(request.status) : undefined,
        request.q
          ? or(
              startsWith(bookings.email, request.q),
              startsWith(bookings.personName, request.q),
              // Stryker disable next-line ConditionalExpression: `seq = null` matches nothing, as leaving the term out does
              orderNumber === null ? undefined : eq(bookings.seq, orderNumber),
            )
          : undefined,
        request.cursor ? (newest ? lt : gt)(bookings.seq, Number(request.cursor)) : undefined,
      ),
    )
    .orderBy(newest ? desc(bookings.seq) : asc(bookings.seq))
    .limit(request.limit + 1);
  return keysetPage(rows, request.limit, toBookingView);
}

/** One order for the admin's order page, with the customer and the payment it names. */
export async function orderDetail(db: Database, id: string) {
  const [row] = await db.select(bookingColumns).from(bookings).where(eq(bookings.id, id));
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.orderNotFound });
  return { ...toBookingView(row), customerId: row.userId, paymentIntentId: row.paymentIntentId };
}
