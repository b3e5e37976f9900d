// Card payments: a PaymentIntent for the owner's unpaid booking, for the server's total.
import { TRPCError } from '@trpc/server';
import { messages } from '../../shared/messages';
import { centsToDollars, dollarsToCents } from '../../shared/money';
import { createIntentSchema } from '../../shared/payments';
import { loadAccessibleBooking } from '../domains/orders/booking';
import { closeCheckoutsOf } from '../domains/checkout/basket';
import { intentForBooking } from '../domains/checkout/payments';
import { protectedProcedure, router } from '../trpc';

/** Each intent is a call to the payment provider. */
const paymentProcedure = protectedProcedure.meta({ rateLimit: 'payment' });

export const paymentsRouter = router({
  createIntent: paymentProcedure
    .meta({ counted: 'paymentIntents' })
    .input(createIntentSchema)
    .mutation(async ({ ctx, input }) => {
      const { db, payments } = ctx.deps;
      const booking = await loadAccessibleBooking(db, ctx.user, input.bookingId);
      if (booking.userId !== ctx.user.id) throw new TRPCError({ code: 'FORBIDDEN', message: messages.notYourOrder });
      if (input.price !== undefined && dollarsToCents(input.price) !== booking.totalCents) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: messages.priceChanged });
      }
      // Paying alone closes any basket holding the booking, so it cannot be paid twice.
      await closeCheckoutsOf(db, payments, booking.id);
      const intent = await intentForBooking(db, payments, booking);
      return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amount: centsToDollars(booking.totalCents) };
    }),
});
