// Delivers the webhooks the triggers queued (db/schema.ts webhookDeliveries), from the processes
// whose ROLE runs background jobs. A batch of due deliveries to enabled endpoints is claimed with
// one statement that skips rows another process holds (FOR UPDATE SKIP LOCKED) and pushes each
// row's next attempt past a lease, so however many workers run, one sends each delivery; a process
// that dies mid-batch leaves its deliveries to be tried again when the lease runs out. Each attempt
// is recorded; a failed one is retried on a growing schedule with jitter, and after the last the
// delivery is marked failed for an admin to see and replay. Delivery is at least once: receivers
// drop duplicates by the webhook-id header, the same on every attempt.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Database } from '../../db/database';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { STRICT_ADDRESS_POLICY, type EndpointAddressPolicy } from './endpoint-address';
import { postWebhook } from './post-webhook';
import { startRepeatingJob, type RepeatingJob } from '../../repeating-job';

/** The wait after each failed attempt: 30 s, 2 min, 10 min, 1 h, 6 h, 12 h, 24 h; the 8th failure is final. */
const DEFAULT_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000, 43_200_000, 86_400_000] as const;
const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
const SENDER_CHECK_EVERY_MS = 5_000;
const BATCH_SIZE = 8;
/** How much each wait may be moved either way, so endpoints that failed together are not retried together. */
const JITTER = 0.1;

export interface WebhookSenderOptions {
  policy?: EndpointAddressPolicy;
  timeoutMs?: number;
  /** The wait after the 1st, 2nd... failed attempt; one more failure than it has entries is final. */
  retryDelaysMs?: readonly number[];
  /** Draws the jitter; Math.random unless a test fixes it. */
  random?: () => number;
}

export interface WebhookPassOutcome {
  delivered: number;
  retrying: number;
  failed: number;
}

/** The webhook-id of an event: one id per event, the same on every attempt, endpoint and replay. */
export function messageIdOf(eventId: string): string {
  return `msg_${eventId.replaceAll('-', '')}`;
}

/** The Standard Webhooks payload: `{ type, timestamp, data }`, as sent (and signed) byte for byte. */
function payloadOf(event: { type: string; createdAt: Date; data: unknown }): string {
  return JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data: event.data });
}

/** The three headers of a signed webhook, signed at `at` with the endpoint's secret. */
function signedHeaders(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}

/** Claims one batch of the deliveries due at `now` and sends it, the batch's POSTs side by side. */
export async function deliverDueWebhooks(
  db: Database,
  options: WebhookSenderOptions = {},
  now: Date = new Date(),
): Promise<WebhookPassOutcome> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const claimed = await claimDue(db, now, timeoutMs);
  const outcome: WebhookPassOutcome = { delivered: 0, retrying: 0, failed: 0 };
  const results = await Promise.all(claimed.map((delivery) => deliver(db, delivery, options, timeoutMs, now)));
  for (const result of results) outcome[result]++;
  return outcome;
}

async function claimDue(db: Database, now: Date, timeoutMs: number) {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now), eq(webhookEndpoints.enabled, true)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(BATCH_SIZE)
    .for('update', { of: webhookDeliveries, skipLocked: true });
  // The batch is sent side by side, so it takes one timeout at most: the lease is that and a margin.
  const leaseMs = timeoutMs + 60_000;
  const rows = await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(and(inArray(webhookDeliveries.id, due), eq(webhookDeliveries.status, 'pending')))
    .returning({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      endpointId: webhookDeliveries.endpointId,
      attempts: webhookDeliveries.attempts,
    });
  if (rows.length === 0) return [];
  const [events, endpoints] = await Promise.all([
    db
      .select({ id: webhookEvents.id, type: webhookEvents.type, data: webhookEvents.data, createdAt: webhookEvents.createdAt })
      .from(webhookEvents)
      .where(inArray(webhookEvents.id, [...new Set(rows.map((row) => row.eventId))])),
    db
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(rows.map((row) => row.endpointId))])),
  ]);
  return rows.map((row) => ({
    ...row,
    event: events.find((event) => event.id === row.eventId)!,
    endpoint: endpoints.find((endpoint) => endpoint.id === row.endpointId)!,
  }));
}

type ClaimedDelivery = Awaited<ReturnType<typeof claimDue>>[number];

async function deliver(
  db: Database,
  delivery: ClaimedDelivery,
  options: WebhookSenderOptions,
  timeoutMs: number,
  now: Date,
): Promise<keyof WebhookPassOutcome> {
  const body = payloadOf(delivery.event);
  const attemptedAt = new Date();
  const headers = signedHeaders(delivery.endpoint.secret, messageIdOf(delivery.eventId), attemptedAt, body);
  const result = await postWebhook({ url: delivery.endpoint.url, headers, body }, options.policy ?? STRICT_ADDRESS_POLICY, timeoutMs);
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const delivered = result.error === null;
  const final = !delivered && delivery.attempts > delays.length;
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      attemptedAt,
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      error: result.error,
      responseExcerpt: result.responseExcerpt,
    });
    await tx
      .update(webhookDeliveries)
      .set(
        delivered
          ? { status: 'delivered', deliveredAt: new Date() }
          : final
            ? { status: 'failed' }
            : { nextAttemptAt: new Date(now.getTime() + withJitter(delays[delivery.attempts - 1]!, options.random ?? Math.random)) },
      )
      .where(eq(webhookDeliveries.id, delivery.id));
  });
  return delivered ? 'delivered' : final ? 'failed' : 'retrying';
}

function withJitter(delayMs: number, random: () => number): number {
  return Math.round(delayMs * (1 - JITTER + 2 * JITTER * random()));
}

/**
 * Delivers the due webhooks now and then every `everyMs`; while batches come back full, the next
 * one is claimed at once.
 */
export function startWebhookSender(
  deps: { db: Database; log: FastifyBaseLogger },
  options: WebhookSenderOptions & { everyMs?: number } = {},
): RepeatingJob {
  const drain = async (stopping: () => boolean) => {
    try {
      let full = true;
      while (full && !stopping()) {
        const outcome = await deliverDueWebhooks(deps.db, options);
        const total = outcome.delivered + outcome.retrying + outcome.failed;
        if (outcome.retrying + outcome.failed > 0)
          deps.log.warn({ webhooks: outcome }, 'some webhooks could not be delivered; see the admin Webhooks page');
        full = total === BATCH_SIZE;
      }
    } catch (error) {
      deps.log.warn({ err: error }, 'the webhook sender pass failed; will retry');
    }
  };
  return startRepeatingJob(drain, { everyMs: options.everyMs ?? SENDER_CHECK_EVERY_MS, runAtStart: true });
}
