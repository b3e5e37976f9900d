// The storefront's Prometheus metrics (prom-client): what the request, procedure, payment and email
// paths record, and what is read only when /metrics is scraped (the read cache, the database pool,
// the email queue, the process and its event loop). Each app has its own registry, so tests can
// build several apps in one process. Recording is a label lookup and an addition, cheap enough for
// every request.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ReadCacheStats } from '../cache/read-cache';
import type { PoolUse } from '../db/database';

/** Business events counted by outcome: `ok` or the tRPC error code that refused them. */
export type CountedEvent = 'bookings' | 'paymentIntents' | 'paymentConfirmations';

export interface Metrics {
  registry: Registry;
  /** One answered HTTP request; `route` is the matched pattern (never the URL), or `unmatched`. */
  requestAnswered: (method: string, route: string, status: number, seconds: number) => void;
  /** One procedure call, over tRPC or REST; `outcome` is `ok` or the tRPC error code. */
  procedureCalled: (procedure: string, type: string, outcome: string, seconds: number) => void;
  counted: (event: CountedEvent, outcome: string) => void;
  /** A signed payment event from the provider and what it changed (domains/checkout/payments.ts). */
  paymentEvent: (type: string, outcome: string) => void;
  /**
   * One refund, counted once however many answers tell of it: `admin` (an admin's refund of a
   * booking) or `automatic` (a payment that arrived for a cancelled booking, a booking already paid
   * by another payment, or a closed basket, given back whole).
   */
  refunded: (source: RefundSource, cents: number) => void;
  /** One batch of the email sender (domains/email/outbox-sender.ts): how many were sent, retried, failed for good. */
  emailsDelivered: (outcome: { sent: number; retrying: number; failed: number }) => void;
}

/** The email outbox as read at scrape time. */
export interface EmailQueue {
  /** Emails waiting for a first or next attempt. */
  pending: number;
  /** When the oldest of them was queued; null when none waits. */
  oldestCreatedAt: Date | null;
}

type RefundSource = 'admin' | 'automatic';

interface MetricsSources {
  readCache?: () => ReadCacheStats;
  /** Absent for PGlite, which has no pool. */
  pool?: () => Promise<PoolUse>;
  /** In the processes that send the emails, the queue they drain. */
  emailQueue?: () => Promise<EmailQueue>;
}

const PREFIX = 'sprocket_';

export function createMetrics(sources: MetricsSources = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: PREFIX });

  const requests = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by method, route pattern and status, and how long they took to answer',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const procedures = new Histogram({
    name: `${PREFIX}procedure_duration_seconds`,
    help: 'Procedure calls (over tRPC and the REST paths) by procedure, type and outcome (ok or the error code)',
    labelNames: ['procedure', 'type', 'outcome'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const events: Record<CountedEvent, Counter<'outcome'>> = {
    bookings: new Counter({
      name: `${PREFIX}bookings_total`,
      help: 'Booking attempts by outcome: ok, or the error code that refused them (CONFLICT: out of stock)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    paymentIntents: new Counter({
      name: `${PREFIX}payment_intents_total`,
      help: 'Requests for a booking’s payment intent by outcome: ok, or the error code',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    paymentConfirmations: new Counter({
      name: `${PREFIX}payment_confirmations_total`,
      help: 'The browser’s claims that a booking was paid, by outcome: ok (marked paid), or the error code',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
  };
  const paymentEvents = new Counter({
    name: `${PREFIX}payment_events_total`,
    help: 'Signed payment events from the provider by type and outcome (refunded_automatically: paid for an order that could not take it, and refunded)',
    labelNames: ['type', 'outcome'] as const,
    registers: [registry],
  });

  const refunds = new Counter({
    name: `${PREFIX}refunds_total`,
    help: 'Refunds made, by source: admin (one booking), or automatic (a payment that arrived for a cancelled booking, a booking already paid, or a closed basket)',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  const refundedCents = new Counter({
    name: `${PREFIX}refunded_cents_total`,
    help: 'Money refunded to customers, in cents, by source',
    labelNames: ['source'] as const,
    registers: [registry],
  });

  const emails = new Counter({
    name: `${PREFIX}emails_total`,
    help: 'Order email attempts by outcome: sent, retried (failed this time, tried again later), failed (for good: shown to admins)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  if (sources.readCache) registerReadCacheMetrics(registry, sources.readCache);
  if (sources.pool) registerPoolMetrics(registry, sources.pool);
  if (sources.emailQueue) registerEmailQueueMetrics(registry, sources.emailQueue);

  return {
    registry,
    requestAnswered: (method, route, status, seconds) => requests.observe({ method, route, status }, seconds),
    procedureCalled: (procedure, type, outcome, seconds) => procedures.observe({ procedure, type, outcome }, seconds),
    counted: (event, outcome) => events[event].inc({ outcome }),
    paymentEvent: (type, outcome) => paymentEvents.inc({ type, outcome }),
    refunded: (source, cents) => {
      refunds.inc({ source });
      refundedCents.inc({ source }, cents);
    },
    emailsDelivered: ({ sent, retrying, failed }) => {
      emails.inc({ outcome: 'sent' }, sent);
      emails.inc({ outcome: 'retried' }, retrying);
      emails.inc({ outcome: 'failed' }, failed);
    },
  };
}

/** The read cache counts for itself; these read its counts when scraped. */
function registerReadCacheMetrics(registry: Registry, stats: () => ReadCacheStats): void {
  const counterOf = (name: string, help: string, read: (current: ReadCacheStats) => number) =>
    new Counter({
      name: `${PREFIX}read_cache_${name}_total`,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read(stats()));
      },
    });
  const gaugeOf = (name: string, help: string, read: (current: ReadCacheStats) => number) =>
    new Gauge({
      name: `${PREFIX}read_cache_${name}`,
      help,
      registers: [registry],
      collect() {
        this.set(read(stats()));
      },
    });
  counterOf('hits', 'Shared reads answered from memory', (current) => current.hits);
  counterOf('misses', 'Shared reads loaded from the database', (current) => current.misses);
  gaugeOf('entries', 'Answers kept in memory now', (current) => current.entries);
  gaugeOf('bytes', 'Bytes the kept answers count for (twice their JSON), against the 16 MiB bound', (current) => current.bytes);
}

/** Gauges collected together on one scrape share one call of `read` (the one still under way). */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let reading: Promise<T> | undefined;
  return () =>
    (reading ??= read().finally(() => {
      reading = undefined;
    }));
}

function registerPoolMetrics(registry: Registry, poolUse: () => Promise<PoolUse>): void {
  const lookOnce = oncePerScrape(poolUse);
  const gaugeOf = (name: string, help: string, read: (use: PoolUse) => number) =>
    new Gauge({
      name: `${PREFIX}db_pool_${name}`,
      help,
      registers: [registry],
      async collect() {
        this.set(read(await lookOnce()));
      },
    });
  gaugeOf('max_connections', 'Connections this process may open to Postgres (DATABASE_POOL_SIZE)', (use) => use.max);
  gaugeOf('open_connections', 'Connections this process holds open to Postgres', (use) => use.open);
  gaugeOf('busy_connections', 'Of those, how many are running a query (the scrape’s own not counted)', (use) => use.busy);
}

function registerEmailQueueMetrics(registry: Registry, emailQueue: () => Promise<EmailQueue>): void {
  const readOnce = oncePerScrape(emailQueue);
  new Gauge({
    name: `${PREFIX}email_queue_depth`,
    help: 'Order emails waiting to be sent (a first attempt or a retry)',
    registers: [registry],
    async collect() {
      this.set((await readOnce()).pending);
    },
  });
  new Gauge({
    name: `${PREFIX}email_oldest_unsent_age_seconds`,
    help: 'How long ago the oldest email still waiting was queued (0 when none waits)',
    registers: [registry],
    async collect() {
      const { oldestCreatedAt } = await readOnce();
      this.set(oldestCreatedAt === null ? 0 : Math.max(0, (Date.now() - oldestCreatedAt.getTime()) / 1000));
    },
  });
}
