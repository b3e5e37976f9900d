// The basket: a customer's unpaid orders, paid together with one card payment (a checkout).
import { checkoutIdSchema, confirmCheckoutSchema, createCheckoutSchema } from '../../shared/checkouts';
import { centsToDollars } from '../../shared/money';
import { confirmCheckout, intentForCheckout, loadOwnCheckout, openCheckout } from '../domains/checkout/basket';
import { basketView, toCheckoutView } from '../domains/checkout/basket-views';
import { protectedProcedure, router } from '../trpc';

/** Each of these calls the payment provider. */
const paymentProcedure = protectedProcedure.meta({ rateLimit: 'payment' });

export const checkoutsRouter = router({
  /** The caller's unpaid orders, oldest first, with their total. */
  basket: protectedProcedure.query(({ ctx }) => basketView(ctx.deps.db, ctx.user.id)),

  create: paymentProcedure
    .meta({ counted: 'paymentIntents' })
    .input(createCheckoutSchema)
    .mutation(async ({ ctx, input }) => {
      const checkout = await openCheckout(ctx.deps.db, ctx.deps.payments, ctx.user, input.bookingIds);
      return { checkoutId: checkout.id, total: centsToDollars(checkout.totalCents) };
    }),

  byId: protectedProcedure
    .input(checkoutIdSchema)
    .query(async ({ ctx, input }) => toCheckoutView(await loadOwnCheckout(ctx.deps.db, ctx.user, input.id))),

  /** The intent the checkout page confirms the card against. */
  intent: paymentProcedure.input(checkoutIdSchema).mutation(async ({ ctx, input }) => {
    const { checkout, intent } = await intentForCheckout(ctx.deps.db, ctx.deps.payments, ctx.user, input.id);
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, total: centsToDollars(checkout.totalCents) };
  }),

  /** The browser confirmed the card: every order of the basket is marked paid once the provider agrees. */
  confirm: paymentProcedure
    .meta({ counted: 'paymentConfirmations' })
    .input(confirmCheckoutSchema)
    .mutation(async ({ ctx, input }) => toCheckoutView(await confirmCheckout(ctx.deps.db, ctx.deps.payments, ctx.user, input))),
});
