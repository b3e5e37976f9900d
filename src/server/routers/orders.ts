// Orders placed at checkout: the quote for the cart, placing the order, paying it with one card
// payment, reading and cancelling it; for the admins, listing them, shipping them and refunding
// them. Each line stays a booking for SPEC's views and paths.
import { pageInputSchema } from '../../shared/common';
import { centsToDollars, dollarsToCents } from '../../shared/money';
import { orderPaymentPath } from '../../shared/order-links';
import {
  allOrdersInputSchema,
  confirmOrderPaymentSchema,
  orderDocumentSchema,
  orderIdSchema,
  placeOrderSchema,
  quoteInputSchema,
  refundOrderAmountSchema,
  refundOrderLineSchema,
  shipOrderSchema,
} from '../../shared/orders';
import { placeOrderFromLinesSchema, quoteOrderRequestSchema } from '../../shared/public-api/order';
import { quoteCheckout, quoteNamedLines, savedAddressesOf } from '../domains/checkout/checkout-quote';
import { cancelPlacedOrder } from '../domains/checkout/order-closing';
import { confirmPlacedOrderPayment, intentForOwnPlacedOrder } from '../domains/checkout/order-payment';
import { placeOrder, placeOrderFromLines } from '../domains/checkout/place-order';
import { loadAccessibleOrder, orderView, ownOrders } from '../domains/checkout/placed-orders';
import { listPlacedOrders } from '../domains/fulfilment/admin-order-list';
import { afterSalesOf } from '../domains/fulfilment/after-sales';
import { refundOrderPart, type OrderRefundRequest } from '../domains/fulfilment/order-refunds';
import { shipOrderLines } from '../domains/fulfilment/ship-order-lines';
import { documentOfOrder, invoiceOfOrder } from '../domains/invoices/order-invoices';
import type { SessionUser } from '../auth/session-user';
import type { Context } from '../context';
import { adminProcedure, adminWriteProcedure, protectedProcedure, router } from '../trpc';

/** Placing an order holds stock, as a booking does. */
const placingProcedure = protectedProcedure.meta({ rateLimit: 'bookingCreate' });
/** Each of these calls the payment provider. */
const paymentProcedure = protectedProcedure.meta({ rateLimit: 'payment' });
/** Cancelling may cancel an intent at the payment provider. */
const cancelProcedure = protectedProcedure.meta({ rateLimit: 'cancellation' });

export const ordersRouter = router({
  /** The cart priced for where it goes, with the shipping methods offered there. */
  quote: protectedProcedure.input(quoteInputSchema).query(({ ctx, input }) => quoteCheckout(ctx.deps.db, ctx.user, input)),

  /** The same quote for lines the caller names rather than the cart (the public API's quote). */
  quoteFromLines: protectedProcedure
    .meta({ apiScope: 'orders:write' })
    .input(quoteOrderRequestSchema)
    .query(({ ctx, input }) => quoteNamedLines(ctx.deps.db, ctx.user, input)),

  savedAddresses: protectedProcedure.query(({ ctx }) => savedAddressesOf(ctx.deps.db, ctx.user)),

  place: placingProcedure
    .meta({ counted: 'bookings' })
    .input(placeOrderSchema)
    .mutation(async ({ ctx, input }) => {
      const { db, payments, holdLimits } = ctx.deps;
      return orderView(db, await placeOrder(db, payments, ctx.user, input, holdLimits));
    }),

  /**
   * Places an order of the lines given rather than the cart (the public API's POST /api/v1/orders):
   * unpaid, its stock held, paid by the customer on the shop's payment page, whose address it
   * answers with.
   */
  placeFromLines: placingProcedure
    .meta({ counted: 'bookings', apiScope: 'orders:write' })
    .input(placeOrderFromLinesSchema)
    .mutation(async ({ ctx, input }) => {
      const { db, holdLimits, shopUrl } = ctx.deps;
      const order = await orderView(db, await placeOrderFromLines(db, ctx.user, input, holdLimits));
      return { ...order, paymentUrl: `${shopUrl}${orderPaymentPath(order._id)}` };
    }),

  /** The caller's orders, newest first. */
  mine: protectedProcedure
    .meta({ apiScope: 'orders:read' })
    .input(pageInputSchema.prefault({}))
    .query(({ ctx, input }) => ownOrders(ctx.deps.db, ctx.user, { cursor: input.cursor, limit: input.limit })),

  byId: protectedProcedure
    .meta({ apiScope: 'orders:read' })
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

  cancel: cancelProcedure
    .meta({ apiScope: 'orders:write' })
    .input(orderIdSchema)
    .mutation(async ({ ctx, input }) => {
      const { db, payments } = ctx.deps;
      return orderView(db, await cancelPlacedOrder(db, payments, ctx.user, input.id));
    }),

  /** Every customer's placed orders, newest first, a page at a time, one state or all. */
  all: adminProcedure.input(allOrdersInputSchema.prefault({})).query(({ ctx, input }) => listPlacedOrders(ctx.deps.db, input)),

  /** The order's shipments and refunds (with their credit notes), for its owner or an admin. */
  afterSales: protectedProcedure.input(orderIdSchema).query(({ ctx, input }) => afterSalesOf(ctx.deps.db, ctx.user, input.id)),

  /** One of the order's documents (its invoice or a credit note) as a PDF, for its owner or an admin. */
  document: protectedProcedure
    .input(orderDocumentSchema)
    .query(({ ctx, input }) => documentOfOrder(ctx.deps.db, ctx.user, input.id, input.documentId, ctx.deps.shopTimeZone)),

  /** Ships paid lines (all the unshipped ones when none are chosen) in one parcel, with one email. */
  ship: adminWriteProcedure.input(shipOrderSchema).mutation(async ({ ctx, input }) => {
    const { db } = ctx.deps;
    return orderView(db, await shipOrderLines(db, ctx.user, input));
  }),

  /** Refunds one line's charge, with its credit note. */
  refundLine: adminWriteProcedure
    .input(refundOrderLineSchema)
    .mutation(({ ctx, input }) => refunded(ctx, input.id, { kind: 'line', bookingId: input.bookingId })),

  /** Refunds the shipping charge, with its tax and its credit note. */
  refundShipping: adminWriteProcedure.input(orderIdSchema).mutation(({ ctx, input }) => refunded(ctx, input.id, { kind: 'shipping' })),

  /** Refunds an amount of the order, its tax reversed pro rata, with its credit note. */
  refundAmount: adminWriteProcedure
    .input(refundOrderAmountSchema)
    .mutation(({ ctx, input }) => refunded(ctx, input.id, { kind: 'amount', amountCents: dollarsToCents(input.amount) })),
});

/** Makes the refund and answers the order as it is afterwards, with its refunds. */
async function refunded(ctx: Context & { user: SessionUser }, orderId: string, request: OrderRefundRequest) {
  const { db, payments, metrics, log } = ctx.deps;
  await refundOrderPart(db, payments, metrics, log, ctx.user, orderId, request);
  return afterSalesOf(db, ctx.user, orderId);
}
