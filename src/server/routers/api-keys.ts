// API keys for server-to-server use of the shop (docs/api.md "API keys"): an admin's for the shop,
// a business customer's for their own account. Keys are a credential like a session, so none of
// these declares an API scope: a call made with a key is refused here (trpc.ts).
import { apiKeyIdSchema, createApiKeySchema } from '../../shared/api-keys';
import { createApiKey, listApiKeys, revokeApiKey } from '../domains/developers/api-keys';
import { protectedProcedure, router } from '../trpc';

/** Making and revoking keys is a change to one's own account, within the same budget as the profile's. */
const keyChangeProcedure = protectedProcedure.meta({ rateLimit: 'profileUpdate' });

export const apiKeysRouter = router({
  /** The new key with its secret, the only time the secret is shown. */
  create: keyChangeProcedure.input(createApiKeySchema).mutation(({ ctx, input }) => createApiKey(ctx.deps.db, ctx.user, input)),

  /** The caller's keys, and every shop key for an admin, newest first; never a secret. */
  list: protectedProcedure.query(({ ctx }) => listApiKeys(ctx.deps.db, ctx.user)),

  /** Another account's key is NOT_FOUND; a revoked key is answered as it is. */
  revoke: keyChangeProcedure.input(apiKeyIdSchema).mutation(({ ctx, input }) => revokeApiKey(ctx.deps.db, ctx.user, input.id)),
});
