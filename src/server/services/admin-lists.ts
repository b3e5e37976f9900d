// The admin lists' pages: Manage orders, the users on Make Admin and the audit log, each narrowed
// by the filters the page's URL carries and read a keyset page at a time. Searches match the start
// of a text, case-blind, through the search indexes (db/schema.ts, docs/decisions/0024), so the
// first page costs about the same with a million rows as with a thousand.
import { and, asc, desc, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { orderNumberIn, type ListSort } from '../../shared/admin-lists';
import type { OrderState } from '../../shared/bookings';
import type { Page } from '../../shared/common';
import type { Database } from '../db/database';
import { auditEvents, bookings, searchKey, users } from '../db/schema';
import { adminEligibility } from '../domains/accounts/admins';
import { bookingColumns, toBookingView, type BookingView } from '../domains/orders/order-views';

interface PageRequest {
  limit: number;
  cursor?: string | undefined;
}

/** `column starts with search`, case-blind, in the form the column's search index answers. */
function startsWith(column: AnyPgColumn, search: string): SQL {
  const pattern = `${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
  return sql`${searchKey(column)} like ${pattern}`;
}

/** One more row than the page is read, so the page knows whether another follows. */
function toPage<Row extends { seq: number }, Item>(rows: Row[], limit: number, view: (row: Row) => Item): Page<Item> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(view), nextCursor: rows.length > limit && last ? String(last.seq) : null };
}

/** The orders in one state, told apart the way customers read them (orderStateOf). */
function inState(state: OrderState): SQL | undefined {
  if (state === 'expired') return and(eq(bookings.status, 'cancelled'), eq(bookings.cancelReason, 'expired'));
  if (state === 'cancelled') return and(eq(bookings.status, 'cancelled'), sql`${bookings.cancelReason} is distinct from 'expired'`);
  return eq(bookings.status, state);
}

export interface OrderListRequest extends PageRequest {
  status?: OrderState | undefined;
  q: string;
  sort: ListSort;
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
  return toPage(rows, request.limit, toBookingView);
}

export interface SearchRequest extends PageRequest {
  q: string;
}

/**
 * The accounts not removed, in sign-up order, whose email or name starts with the search, each with
 * whether it can be made admin (account-admin.ts).
 */
export async function listUsers(db: Database, request: SearchRequest) {
  const rows = await db
    .select({
      seq: users.seq,
      id: users.id,
      email: users.email,
      role: users.role,
      displayName: users.displayName,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(
      and(
        isNull(users.removedAt),
        request.q ? or(startsWith(users.email, request.q), startsWith(users.displayName, request.q)) : undefined,
        request.cursor ? gt(users.seq, Number(request.cursor)) : undefined,
      ),
    )
    .orderBy(asc(users.seq))
    .limit(request.limit + 1);
  return toPage(rows, request.limit, ({ seq: _seq, id, emailVerified, ...user }) => ({
    _id: id,
    ...user,
    adminEligibility: adminEligibility({ role: user.role, emailVerified }),
  }));
}

/** Admin actions, newest first, whose actor's email, action or subject starts with the search. */
export async function listAuditEvents(db: Database, request: SearchRequest) {
  const rows = await db
    .select({
      seq: auditEvents.seq,
      id: auditEvents.id,
      actorEmail: auditEvents.actorEmail,
      action: auditEvents.action,
      subject: auditEvents.subject,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(
      and(
        request.q
          ? or(
              startsWith(auditEvents.actorEmail, request.q),
              startsWith(auditEvents.action, request.q),
              startsWith(auditEvents.subject, request.q),
            )
          : undefined,
        request.cursor ? lt(auditEvents.seq, Number(request.cursor)) : undefined,
      ),
    )
    .orderBy(desc(auditEvents.seq))
    .limit(request.limit + 1);
  return toPage(rows, request.limit, ({ seq: _seq, id, createdAt, ...event }) => ({
    _id: id,
    ...event,
    createdAt: createdAt.toISOString(),
  }));
}
