// Orders placed at checkout: the quote for the cart, placing the order, paying it with one card
// payment, reading and cancelling it. Each line stays a booking for SPEC's views and paths.
import { pageInputSchema } from '../../shared/common';
import { centsToDollars } from '../../shared/money';
import { confirmOrderPaymentSchema, orderIdSchema, placeOrderSchema, quoteInputSchema } from '../../shared/orders';
import { quoteCheckout, savedAddressesOf } from '../domains/checkout/checkout-quote';
import { cancelPlacedOrder } from '../domains/checkout/order-closing';
import { confirmPlacedOrderPayment, intentForOwnPlacedOrder } from '../domains/checkout/order-payment';
import { placeOrder } from '../domains/checkout/place-order';
import { loadAccessibleOrder, orderView, ownOrders } from '../domains/checkout/placed-orders';
import { invoiceOfOrder } from '../domains/invoices/order-invoices';
import { protectedProcedure, router } from '../trpc';

/** Placing an order holds stock, as a booking does. */
const placingProcedure = protectedProcedure.meta({ rateLimit: 'bookingCreate' });
/** Each of these calls the payment provider. */
const paymentProcedure = protectedProcedure.meta({ rateLimit: 'payment' });
/** Cancelling may cancel an intent at the payment provider. */
const cancelProcedure = protectedProcedure.meta({ rateLimit: 'cancellation' });

export const ordersRouter = router({
  /** The cart priced for where it goes, with the shipping methods offered there. */
  quote: protectedProcedure.input(quoteInputSchema).query(({ ctx, input }) => quoteCheckout(ctx.deps.db, ctx.user, input)),

  savedAddresses: protectedProcedure.query(({ ctx }) => savedAddressesOf(ctx.deps.db, ctx.user)),

  place: placingProcedure
    .meta({ counted: 'bookings' })
    .input(placeOrderSchema)
    .mutation(async ({ ctx, input }) => {
      const { db, payments, holdLimits } = ctx.deps;
      return orderView(db, await placeOrder(db, payments, ctx.user, input, holdLimits));
    }),

  /** The caller's orders, newest first. */
  mine: protectedProcedure
    .input(pageInputSchema.prefault({}))
    .query(({ ctx, input }) => ownOrders(ctx.deps.db, ctx.user, { cursor: input.cursor, limit: input.limit })),

  byId: protectedProcedure
    .input(orderIdSchema)
    .query(async ({ ctx, input }) => orderView(ctx.deps.db, await loadAccessibleOrder(ctx.deps.db, ctx.user, input.id))),

  /** The intent the order's payment page confirms the card against. */
  intent: paymentProcedure
    .meta({ counted: 'paymentIntents' })
    .input(orderIdSchema)
    .mutation(async ({ ctx, input }) => {
      const { order, intent } = await intentForOwnPlacedOrder(ctx.deps.db, ctx.deps.payments, ctx.user, input.id);
      return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, total: centsToDollars(order.totalCents) };
    }),

  /** The browser confirmed the card: the order is marked paid once the provider agrees. */
  confirm: paymentProcedure
    .meta({ counted: 'paymentConfirmations' })
    .input(confirmOrderPaymentSchema)
    .mutation(async ({ ctx, input }) => {
      const { db, payments } = ctx.deps;
      return orderView(db, await confirmPlacedOrderPayment(db, payments, ctx.user, input));
    }),

  /** The paid order's invoice as a PDF, for its owner or an admin. */
  invoice: protectedProcedure
    .input(orderIdSchema)
    .query(({ ctx, input }) => invoiceOfOrder(ctx.deps.db, ctx.user, input.id, ctx.deps.shopTimeZone)),

  cancel: cancelProcedure.input(orderIdSchema).mutation(async ({ ctx, input }) => {
    const { db, payments } = ctx.deps;
    return orderView(db, await cancelPlacedOrder(db, payments, ctx.user, input.id));
  }),
});
