// Card payments: a PaymentIntent for the owner's unpaid booking, for the server's total.
import { centsToDollars } from '../../shared/money';
import { createIntentSchema } from '../../shared/payments';
import { intentForOwnOrder } from '../domains/checkout/order-payments';
import { protectedProcedure, router } from '../trpc';

/** Each intent is a call to the payment provider. */
const paymentProcedure = protectedProcedure.meta({ rateLimit: 'payment' });

export const paymentsRouter = router({
  createIntent: paymentProcedure
    .meta({ counted: 'paymentIntents' })
    .input(createIntentSchema)
    .mutation(async ({ ctx, input }) => {
      const { intent } = await intentForOwnOrder(ctx.deps.db, ctx.deps.payments, ctx.user, input);
      return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amount: centsToDollars(intent.amountCents) };
    }),
});
