// The basket: a customer's unpaid orders, paid together with one card payment (a checkout).
import { checkoutIdSchema, confirmCheckoutSchema, createCheckoutSchema, type CheckoutStatus } from '../../shared/checkouts';
import { centsToDollars } from '../../shared/money';
import { toBookingView, type BookingRow, type BookingView } from '../domains/orders/order-views';
import {
  basketOf,
  confirmCheckout,
  intentForCheckout,
  loadOwnCheckout,
  openCheckout,
  type CheckoutRow,
} from '../domains/checkout/basket';
import { protectedProcedure, router } from '../trpc';

/** Each of these calls the payment provider. */
const paymentProcedure = protectedProcedure.meta({ rateLimit: 'payment' });

export interface CheckoutView {
  _id: string;
  status: CheckoutStatus;
  /** The sum of the orders' totals in dollars, computed by the server. */
  total: number;
  /** The PaymentIntent id once paid: every order of the basket shows it as its transaction id. */
  transaction: string | null;
  items: BookingView[];
}

function toCheckoutView(checkout: CheckoutRow, items: BookingRow[]): CheckoutView {
  return {
    _id: checkout.id,
    status: checkout.status,
    total: centsToDollars(checkout.totalCents),
    transaction: checkout.status === 'paid' ? checkout.paymentIntentId : null,
    items: items.map(toBookingView),
  };
}

export const checkoutsRouter = router({
  /** The caller's unpaid orders, oldest first, with their total. */
  basket: protectedProcedure.query(async ({ ctx }) => {
    const { items, more } = await basketOf(ctx.deps.db, ctx.user.id);
    const totalCents = items.reduce((sum, booking) => sum + booking.totalCents, 0);
    return { items: items.map(toBookingView), total: centsToDollars(totalCents), more };
  }),

  create: paymentProcedure
    .meta({ counted: 'paymentIntents' })
    .input(createCheckoutSchema)
    .mutation(async ({ ctx, input }) => {
      const { db, payments } = ctx.deps;
      const checkout = await openCheckout(db, payments, ctx.user, input.bookingIds);
      return { checkoutId: checkout.id, total: centsToDollars(checkout.totalCents) };
    }),

  byId: protectedProcedure.input(checkoutIdSchema).query(async ({ ctx, input }) => {
    const { checkout, items } = await loadOwnCheckout(ctx.deps.db, ctx.user, input.id);
    return toCheckoutView(checkout, items);
  }),

  /** The intent the checkout page confirms the card against. */
  intent: paymentProcedure.input(checkoutIdSchema).mutation(async ({ ctx, input }) => {
    const { db, payments } = ctx.deps;
    const { checkout, items } = await loadOwnCheckout(db, ctx.user, input.id);
    const intent = await intentForCheckout(db, payments, checkout, items);
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, total: centsToDollars(checkout.totalCents) };
  }),

  /** The browser confirmed the card: every order of the basket is marked paid once the provider agrees. */
  confirm: paymentProcedure
    .meta({ counted: 'paymentConfirmations' })
    .input(confirmCheckoutSchema)
    .mutation(async ({ ctx, input }) => {
      const { db, payments } = ctx.deps;
      const { checkout } = await loadOwnCheckout(db, ctx.user, input.id);
      await confirmCheckout(db, payments, checkout, input.transactionId);
      const settled = await loadOwnCheckout(db, ctx.user, input.id);
      return toCheckoutView(settled.checkout, settled.items);
    }),
});
