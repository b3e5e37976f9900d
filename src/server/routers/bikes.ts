// A customer's saved bikes, for the profile's "My bikes" and the catalogue's "fits my bike". Only
// their owner reads or changes them; the catalogue's filters take a bike's standards as input, so
// those shared reads never read a customer's bikes themselves.
import { bikeFormSchema, bikeIdSchema, updateBikeSchema } from '../../shared/bikes';
import { createBike, listBikes, removeBike, updateBike } from '../domains/accounts/bikes';
import { protectedProcedure, router } from '../trpc';

/** Saving bikes is a change to one's own profile, within the same budget. */
const bikeChangeProcedure = protectedProcedure.meta({ rateLimit: 'profileUpdate' });

export const bikesRouter = router({
  /** The caller's bikes, oldest first. */
  list: protectedProcedure.query(({ ctx }) => listBikes(ctx.deps.db, ctx.user)),

  /** Refused with CONFLICT once the caller has saved the most bikes one may. */
  create: bikeChangeProcedure.input(bikeFormSchema).mutation(({ ctx, input }) => createBike(ctx.deps.db, ctx.user, input)),

  /** Another customer's bike is NOT_FOUND. */
  update: bikeChangeProcedure.input(updateBikeSchema).mutation(({ ctx, input }) => updateBike(ctx.deps.db, ctx.user, input)),

  remove: bikeChangeProcedure.input(bikeIdSchema).mutation(async ({ ctx, input }) => {
    await removeBike(ctx.deps.db, ctx.user, input.id);
    return { removed: true };
  }),
});
