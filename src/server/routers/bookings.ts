// Orders: customers book, list, pay and cancel their own; admins see all, ship paid ones and refund them.
import { TRPCError } from '@trpc/server';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { adminOrdersInputSchema } from '../../shared/admin-lists';
import { bookingIdSchema, createBookingSchema, markPaidSchema } from '../../shared/bookings';
import { emailSchema } from '../../shared/auth';
import { pageInputSchema, type Page } from '../../shared/common';
import { messages } from '../../shared/messages';
import { bookings } from '../db/schema';
import { preparedFor } from '../db/prepared';
import { listOrders } from '../services/admin-lists';
import { recordAudit } from '../domains/audit/audit';
import { createBooking, loadAccessibleBooking } from '../domains/orders/booking';
import { bookingColumns, toBookingView, type BookingRow, type BookingView } from '../domains/orders/order-views';
import { cancelBooking } from '../domains/orders/cancellation';
import { queueOrderEmail } from '../domains/email/outbox';
import { markBookingPaid } from '../domains/checkout/payments';
import { refundBooking } from '../domains/checkout/refunds';
import { adminProcedure, adminWriteProcedure, protectedProcedure, router } from '../trpc';

const myBookingsInputSchema = pageInputSchema
  .extend({ /** The REST path names the customer; it must be the caller. */ email: emailSchema.optional() })
  .prefault({});

/** Bookings spend a budget per user, so nobody can hold the whole stock by booking in a loop. */
const bookingProcedure = protectedProcedure.meta({ rateLimit: 'bookingCreate' });
/** Cancelling may cancel an intent at the payment provider. */
const cancelProcedure = protectedProcedure.meta({ rateLimit: 'cancellation' });
/** Checking a payment asks the payment provider. */
const paymentProcedure = protectedProcedure.meta({ rateLimit: 'payment' });

/** A customer's orders, newest first, before a position; the first page passes the largest one. */
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

function toPage(rows: BookingRow[], limit: number): Page<BookingView> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toBookingView), nextCursor: rows.length > limit && last ? String(last.seq) : null };
}

export const bookingsRouter = router({
  create: bookingProcedure
    .meta({ counted: 'bookings' })
    .input(createBookingSchema)
    .mutation(async ({ ctx, input }) => {
      return toBookingView(await createBooking(ctx.deps.db, ctx.user, input, ctx.deps.holdLimits));
    }),

  /** The signed-in customer's orders, newest first; orders they cancelled themselves are gone. */
  mine: protectedProcedure.input(myBookingsInputSchema).query(async ({ ctx, input }) => {
    if (input.email && input.email.toLowerCase() !== ctx.user.email) {
      throw new TRPCError({ code: 'FORBIDDEN', message: messages.notYourOrder });
    }
    const rows = await customerOrdersPage(ctx.deps.db).execute({
      userId: ctx.user.id,
      before: input.cursor ? Number(input.cursor) : Number.MAX_SAFE_INTEGER,
      limit: input.limit + 1,
    });
    return toPage(rows, input.limit);
  }),

  byId: protectedProcedure.input(bookingIdSchema).query(async ({ ctx, input }) => {
    return toBookingView(await loadAccessibleBooking(ctx.deps.db, ctx.user, input.id));
  }),

  cancel: cancelProcedure.input(bookingIdSchema).mutation(async ({ ctx, input }) => {
    const { db, payments } = ctx.deps;
    const booking = await loadAccessibleBooking(db, ctx.user, input.id);
    const byOwner = booking.userId === ctx.user.id;
    await cancelBooking(db, payments, booking, byOwner ? { reason: 'customer' } : { reason: 'admin', actor: ctx.user });
    return { deletedCount: 1 };
  }),

  markPaid: paymentProcedure
    .meta({ counted: 'paymentConfirmations' })
    .input(markPaidSchema)
    .mutation(async ({ ctx, input }) => {
      const { db, payments } = ctx.deps;
      const booking = await loadAccessibleBooking(db, ctx.user, input.id);
      return toBookingView(await markBookingPaid(db, payments, booking, input.transactionId));
    }),

  /** Every customer's orders, a page at a time: one state or all, searched, newest or oldest first. */
  all: adminProcedure.input(adminOrdersInputSchema).query(({ ctx, input }) => listOrders(ctx.deps.db, input)),

  /** One order with everything the shop knows of it, for the admin's order page. */
  detail: adminProcedure.input(bookingIdSchema).query(async ({ ctx, input }) => {
    const [row] = await ctx.deps.db.select(bookingColumns).from(bookings).where(eq(bookings.id, input.id));
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: messages.orderNotFound });
    return { ...toBookingView(row), customerId: row.userId, paymentIntentId: row.paymentIntentId };
  }),

  ship: adminWriteProcedure.input(bookingIdSchema).mutation(async ({ ctx, input }) => {
    return ctx.deps.db.transaction(async (tx) => {
      const [shipped] = await tx
        .update(bookings)
        .set({ status: 'shipped', shippedAt: new Date() })
        .where(and(eq(bookings.id, input.id), eq(bookings.status, 'paid')))
        .returning(bookingColumns);
      if (!shipped) {
        const [current] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, input.id));
        if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: messages.orderNotFound });
        throw new TRPCError({ code: 'CONFLICT', message: messages.orderNotPaid });
      }
      await recordAudit(tx, ctx.user, 'order.ship', `${shipped.toolName} for ${shipped.email} (${shipped.id})`);
      await queueOrderEmail(tx, 'shipped', shipped);
      return toBookingView(shipped);
    });
  }),

  /** Refunds a paid or shipped order in full (services/refund-service.ts). */
  refund: adminWriteProcedure.input(bookingIdSchema).mutation(async ({ ctx, input }) => {
    const { db, payments, metrics } = ctx.deps;
    const booking = await loadAccessibleBooking(db, ctx.user, input.id);
    return toBookingView(await refundBooking(db, payments, metrics, booking, ctx.user));
  }),
});
