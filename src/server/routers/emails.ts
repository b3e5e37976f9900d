// Order emails, for admins: the ones not delivered yet (failed, or waiting to be tried again) with
// their last error, and sending one again now.
import { pageInputSchema } from '../../shared/common';
import { emailIdSchema } from '../../shared/emails';
import { listUndeliveredEmails, retryEmail } from '../domains/email/outbox';
import { adminProcedure, adminWriteProcedure, router } from '../trpc';

export const emailsRouter = router({
  undelivered: adminProcedure.input(pageInputSchema.prefault({})).query(async ({ ctx, input }) => {
    return listUndeliveredEmails(ctx.deps.db, input);
  }),

  /** Within the admins' write budget, like every other admin change. */
  retry: adminWriteProcedure.input(emailIdSchema).mutation(async ({ ctx, input }) => {
    return retryEmail(ctx.deps.db, ctx.user, input.id);
  }),
});
