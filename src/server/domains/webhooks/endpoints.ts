// The admins' webhook endpoints: registering one (its URL checked against the address policy) with
// a fresh secret, listing, changing events or switching off, rotating the secret, removing, and
// sending one a test event. Each change is audited; the secret is shown only on creation and rotation.
import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { asc, eq } from 'drizzle-orm';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { webhookMessages } from '../../../shared/webhook-messages';
import {
  WEBHOOK_TEST_EVENT,
  type CreateWebhookEndpointInput,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '../../../shared/webhooks';
import { recordAudit } from '../audit/audit';
import { refusalOfEndpointUrl, type EndpointAddressPolicy } from './endpoint-address';

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
function newEndpointSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const viewColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  createdAt: webhookEndpoints.createdAt,
};

type ViewRow = { [K in keyof typeof viewColumns]: (typeof webhookEndpoints.$inferSelect)[K] };

function toView(row: ViewRow): WebhookEndpointView {
  return {
    _id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
  };
}

async function refuseUnsafeUrl(url: string, policy: EndpointAddressPolicy): Promise<void> {
  const refusal = await refusalOfEndpointUrl(url, policy);
  if (refusal) throw new TRPCError({ code: 'BAD_REQUEST', message: refusal });
}

export async function createEndpoint(
  db: Database,
  actor: SessionUser,
  input: Required<CreateWebhookEndpointInput>,
  policy: EndpointAddressPolicy,
): Promise<WebhookEndpointWithSecret> {
  await refuseUnsafeUrl(input.url, policy);
  const secret = newEndpointSecret();
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ url: input.url, description: input.description, events: input.events, secret })
      .returning(viewColumns);
    await recordAudit(tx, actor, 'webhook.create', `${created!.url} (${created!.id}): ${input.events.join(', ')}`);
    return { ...toView(created!), secret };
  });
}

export async function listEndpoints(db: Database): Promise<WebhookEndpointView[]> {
  const rows = await db.select(viewColumns).from(webhookEndpoints).orderBy(asc(webhookEndpoints.seq));
  return rows.map(toView);
}

function notFound(): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: webhookMessages.endpointNotFound });
}

export async function updateEndpoint(
  db: Database,
  actor: SessionUser,
  input: { id: string; events?: WebhookEventType[]; enabled?: boolean },
): Promise<WebhookEndpointView> {
  const changes = {
    ...(input.events ? { events: input.events } : {}),
    ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
  };
  if (Object.keys(changes).length === 0) {
    // Nothing to change: the endpoint as it is, and nothing to audit.
    const [current] = await db.select(viewColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, input.id));
    if (!current) throw notFound();
    return toView(current);
  }
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, input.id)).returning(viewColumns);
    if (!updated) throw notFound();
    const state = updated.enabled ? 'enabled' : 'disabled';
    await recordAudit(tx, actor, 'webhook.update', `${updated.url} (${updated.id}): ${state}, ${updated.events.join(', ')}`);
    return toView(updated);
  });
}

/** A new secret at once: deliveries from now on are signed with it, the old one stops verifying. */
export async function rotateEndpointSecret(db: Database, actor: SessionUser, id: string): Promise<WebhookEndpointWithSecret> {
  const secret = newEndpointSecret();
  return db.transaction(async (tx) => {
    const [rotated] = await tx.update(webhookEndpoints).set({ secret }).where(eq(webhookEndpoints.id, id)).returning(viewColumns);
    if (!rotated) throw notFound();
    await recordAudit(tx, actor, 'webhook.rotate_secret', `${rotated.url} (${rotated.id})`);
    return { ...toView(rotated), secret };
  });
}

/** Removes the endpoint with its deliveries and their attempts. */
export async function removeEndpoint(db: Database, actor: SessionUser, id: string): Promise<{ _id: string }> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (!removed) throw notFound();
    await recordAudit(tx, actor, 'webhook.remove', `${removed.url} (${removed.id})`);
    return { _id: removed.id };
  });
}

/** Queues a `webhook.test` event to this endpoint alone; the sender delivers it like any other. */
export async function sendTestEvent(db: Database, actor: SessionUser, id: string): Promise<{ deliveryId: string }> {
  return db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id));
    if (!endpoint) throw notFound();
    const [event] = await tx
      .insert(webhookEvents)
      .values({ type: WEBHOOK_TEST_EVENT, data: { endpointId: endpoint.id, message: 'A test event from the shop.' } })
      .returning({ id: webhookEvents.id });
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ eventId: event!.id, endpointId: endpoint.id })
      .returning({ id: webhookDeliveries.id });
    await recordAudit(tx, actor, 'webhook.test', `${endpoint.url} (${endpoint.id})`);
    return { deliveryId: delivery!.id };
  });
}
