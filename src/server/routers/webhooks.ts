// Webhooks out, for admins: endpoints (create → secret, list, update, rotate the secret, remove,
// send a test event) and their deliveries with attempts (list, replay). Every change is within the
// admins' write budget and audited.
import {
  createWebhookEndpointSchema,
  listWebhookDeliveriesSchema,
  updateWebhookEndpointSchema,
  webhookDeliveryIdSchema,
  webhookEndpointIdSchema,
} from '../../shared/webhooks';
import { listDeliveries, replayDelivery } from '../domains/webhooks/deliveries';
import { STRICT_ADDRESS_POLICY } from '../domains/webhooks/endpoint-address';
import {
  createEndpoint,
  listEndpoints,
  removeEndpoint,
  rotateEndpointSecret,
  sendTestEvent,
  updateEndpoint,
} from '../domains/webhooks/endpoints';
import { adminProcedure, adminWriteProcedure, router } from '../trpc';

export const webhooksRouter = router({
  create: adminWriteProcedure.input(createWebhookEndpointSchema).mutation(async ({ ctx, input }) => {
    return createEndpoint(ctx.deps.db, ctx.user, input, ctx.deps.webhookAddressPolicy ?? STRICT_ADDRESS_POLICY);
  }),

  endpoints: adminProcedure.query(async ({ ctx }) => {
    return listEndpoints(ctx.deps.db);
  }),

  update: adminWriteProcedure.input(updateWebhookEndpointSchema).mutation(async ({ ctx, input }) => {
    return updateEndpoint(ctx.deps.db, ctx.user, input);
  }),

  rotateSecret: adminWriteProcedure.input(webhookEndpointIdSchema).mutation(async ({ ctx, input }) => {
    return rotateEndpointSecret(ctx.deps.db, ctx.user, input.id);
  }),

  remove: adminWriteProcedure.input(webhookEndpointIdSchema).mutation(async ({ ctx, input }) => {
    return removeEndpoint(ctx.deps.db, ctx.user, input.id);
  }),

  sendTest: adminWriteProcedure.input(webhookEndpointIdSchema).mutation(async ({ ctx, input }) => {
    return sendTestEvent(ctx.deps.db, ctx.user, input.id);
  }),

  deliveries: adminProcedure.input(listWebhookDeliveriesSchema.prefault({})).query(async ({ ctx, input }) => {
    return listDeliveries(ctx.deps.db, input);
  }),

  replay: adminWriteProcedure.input(webhookDeliveryIdSchema).mutation(async ({ ctx, input }) => {
    return replayDelivery(ctx.deps.db, ctx.user, input.id);
  }),
});
