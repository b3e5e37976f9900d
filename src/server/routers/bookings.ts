// Orders: customers book, list, pay and cancel their own; admins see all, ship paid ones and refund them.
import { adminOrdersInputSchema } from '../../shared/admin-lists';
import { emailSchema } from '../../shared/auth';
import { bookingIdSchema, createBookingSchema, markPaidSchema } from '../../shared/bookings';
import { pageInputSchema } from '../../shared/common';
import { confirmOrderPayment, refundOrder } from '../domains/checkout/order-payments';
import { bookNow } from '../domains/checkout/book-now';
import { loadAccessibleBooking } from '../domains/orders/booking';
import { cancelOrder } from '../domains/orders/cancellation';
import { customerOrders } from '../domains/orders/customer-orders';
import { listOrders, orderDetail } from '../domains/orders/order-list';
import { toBookingView } from '../domains/orders/order-views';
import { shipOrder } from '../domains/orders/shipping';
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

export const bookingsRouter = router({
  create: bookingProcedure
    .meta({ counted: 'bookings' })
    .input(createBookingSchema)
    .mutation(async ({ ctx, input }) => {
      const { db, holdLimits, bookingHoldMs } = ctx.deps;
      return toBookingView(await bookNow(db, ctx.user, input, holdLimits, bookingHoldMs));
    }),

  /** The signed-in customer's orders, newest first; orders they cancelled themselves are gone. */
  mine: protectedProcedure
    .meta({ apiScope: 'orders:read' })
    .input(myBookingsInputSchema)
    .query(({ ctx, input }) => customerOrders(ctx.deps.db, ctx.user, input)),

  byId: protectedProcedure
    .input(bookingIdSchema)
    .query(async ({ ctx, input }) => toBookingView(await loadAccessibleBooking(ctx.deps.db, ctx.user, input.id))),

  cancel: cancelProcedure.input(bookingIdSchema).mutation(async ({ ctx, input }) => {
    await cancelOrder(ctx.deps.db, ctx.deps.payments, ctx.user, input.id);
    return { deletedCount: 1 };
  }),

  markPaid: paymentProcedure
    .meta({ counted: 'paymentConfirmations' })
    .input(markPaidSchema)
    .mutation(async ({ ctx, input }) => toBookingView(await confirmOrderPayment(ctx.deps.db, ctx.deps.payments, ctx.user, input))),

  /** Every customer's orders, a page at a time: one state or all, searched, newest or oldest first. */
  all: adminProcedure.input(adminOrdersInputSchema).query(({ ctx, input }) => listOrders(ctx.deps.db, input)),

  /** One order with everything the shop knows of it, for the admin's order page. */
  detail: adminProcedure.input(bookingIdSchema).query(({ ctx, input }) => orderDetail(ctx.deps.db, input.id)),

  ship: adminWriteProcedure
    .input(bookingIdSchema)
    .mutation(async ({ ctx, input }) => toBookingView(await shipOrder(ctx.deps.db, ctx.user, input.id))),

  /** Refunds a paid or shipped booking in full: a line of an order with its credit note (domains/checkout/order-payments.ts). */
  refund: adminWriteProcedure.input(bookingIdSchema).mutation(async ({ ctx, input }) => {
    const { db, payments, metrics, log } = ctx.deps;
    return toBookingView(await refundOrder(db, payments, metrics, log, ctx.user, input.id));
  }),
});
