// What an admin sees of the webhooks sent: each delivery with its attempts, newest first, by
// endpoint and status, and replaying one (a new series of attempts with the same webhook-id).
import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Page } from '../../../shared/common';
import { webhookMessages } from '../../../shared/webhook-messages';
import type { WebhookAttemptView, WebhookDeliveryStatus, WebhookDeliveryView } from '../../../shared/webhooks';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import { messageIdOf } from './sender';

export async function listDeliveries(
  db: Database,
  query: { endpointId?: string; status?: WebhookDeliveryStatus; cursor?: string; limit: number },
): Promise<Page<WebhookDeliveryView>> {
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      seq: webhookDeliveries.seq,
      endpointId: webhookDeliveries.endpointId,
      endpointUrl: webhookEndpoints.url,
      eventId: webhookDeliveries.eventId,
      eventType: webhookEvents.type,
      status: webhookDeliveries.status,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        query.endpointId ? eq(webhookDeliveries.endpointId, query.endpointId) : undefined,
        query.status ? eq(webhookDeliveries.status, query.status) : undefined,
        lt(webhookDeliveries.seq, query.cursor ? Number(query.cursor) : Number.MAX_SAFE_INTEGER),
      ),
    )
    .orderBy(desc(webhookDeliveries.seq))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit);
  const attempts =
    items.length === 0
      ? []
      : await attemptsOf(
          db,
          items.map((row) => row.id),
        );
  const last = items.at(-1);
  return {
    items: items.map((row) => ({
      _id: row.id,
      endpointId: row.endpointId,
      endpointUrl: row.endpointUrl,
      messageId: messageIdOf(row.eventId),
      eventType: row.eventType,
      status: row.status,
      nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
      attempts: attempts.filter((attempt) => attempt.deliveryId === row.id).map(({ deliveryId: _, ...attempt }) => attempt),
    })),
    nextCursor: rows.length > query.limit && last ? String(last.seq) : null,
  };
}

async function attemptsOf(db: Database, deliveryIds: string[]): Promise<Array<WebhookAttemptView & { deliveryId: string }>> {
  const rows = await db
    .select({
      deliveryId: webhookAttempts.deliveryId,
      attemptedAt: webhookAttempts.attemptedAt,
      statusCode: webhookAttempts.statusCode,
      error: webhookAttempts.error,
      durationMs: webhookAttempts.durationMs,
      responseExcerpt: webhookAttempts.responseExcerpt,
    })
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(asc(webhookAttempts.seq));
  return rows.map((row) => ({ ...row, attemptedAt: row.attemptedAt.toISOString() }));
}

/**
 * Puts a delivered or failed delivery back in the queue with a fresh series of attempts; the
 * event, its payload and its webhook-id stay the same, so a receiver that has it drops the copy.
 * A delivery still pending is refused: it is being tried already.
 */
export async function replayDelivery(db: Database, actor: SessionUser, id: string): Promise<{ _id: string }> {
  return db.transaction(async (tx) => {
    const [replayed] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), deliveredAt: null })
      .where(and(eq(webhookDeliveries.id, id), inArray(webhookDeliveries.status, ['delivered', 'failed'])))
      .returning({ id: webhookDeliveries.id, eventId: webhookDeliveries.eventId });
    if (!replayed) {
      const [current] = await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: webhookMessages.deliveryNotFound });
      throw new TRPCError({ code: 'CONFLICT', message: webhookMessages.deliveryInFlight });
    }
    await recordAudit(tx, actor, 'webhook.replay', `delivery ${replayed.id} of ${messageIdOf(replayed.eventId)}`);
    return { _id: replayed.id };
  });
}
