// A customer's own orders as My Orders reads them: newest first, a page at a time, without the ones
// they cancelled themselves.
import { TRPCError } from '@trpc/server';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Page } from '../../../shared/common';
import { messages } from '../../../shared/messages';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { keysetPage } from '../../db/pages';
import { preparedFor } from '../../db/prepared';
import { bookings } from '../../db/schema';
import { bookingColumns, toBookingView, type BookingView } from './order-views';

export interface CustomerOrdersRequest {
  /** The customer the REST path names (`GET /booking?email=`): it must be the caller. */
  email?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** The orders before a position, prepared: every visit to My Orders runs it. */
const customerOrdersPage = preparedFor((db) =>
  db
    .select(bookingColumns)
    .from(bookings)
    .where(
      and(
        eq(bookings.userId, sql.placeholder('userId')),
        sql`${bookings.cancelReason} is distinct from 'customer'`,
        lt(bookings.seq, sql.placeholder('before')),
      ),
    )
    .orderBy(desc(bookings.seq))
    .limit(sql.placeholder('limit'))
    .prepare('customer_orders_page'),
);

/** The signed-in customer's orders; asking for another customer's is refused. */
export async function customerOrders(db: Database, user: SessionUser, request: CustomerOrdersRequest): Promise<Page<BookingView>> {
  if (request.email && request.email.toLowerCase() !== user.email) {
    throw new TRPCError({ code: 'FORBIDDEN', message: messages.notYourOrder });
  }
  const rows = await customerOrdersPage(db).execute({
    userId: user.id,
    before: request.cursor ? Number(request.cursor) : Number.MAX_SAFE_INTEGER,
    limit: request.limit + 1,
  });
  return keysetPage(rows, request.limit, toBookingView);
}
