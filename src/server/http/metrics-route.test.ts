// GET /metrics: refused without the configured bearer, absent when no token is configured, and
// counting what an operator watches (requests by route, procedures, bookings, payments, the read
// cache, the pool) after a customer books and pays through the documented REST paths.
import type { RuntimeConfig } from '../../shared/payments';
import { buildApp } from '../app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverWebhook, eventFor, paidLegacyBooking, payInBrowser, providerIntent } from '../testing/payments';
import { usingPostgres } from '../testing/test-database';
import { TEST_FIREBASE_WEB_CONFIG, TEST_STRIPE_KEYS } from '../testing/test-keys';
import { createTestShop, type TestShop, type TestUser } from '../testing/test-shop';

const METRICS_TOKEN = 'scrape-token-for-the-metrics-suite';
const runtimeConfig: RuntimeConfig = {
  firebase: TEST_FIREBASE_WEB_CONFIG,
  payments: { mode: 'stripe', publishableKey: TEST_STRIPE_KEYS.publishableKey },
};

let shop: TestShop;
let customer: TestUser;

beforeAll(async () => {
  shop = await createTestShop({ metricsToken: METRICS_TOKEN });
  customer = await shop.createUser('user');
});
afterAll(() => shop.close());

async function scrape(): Promise<string> {
  const response = await shop.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The sample of `name` whose labels include `labels` in Prometheus's text format; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = new Map([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair): [string, string] => [pair[1]!, pair[2]!]));
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value)) return Number(match[3]);
  }
  return 0;
}

describe('who may read /metrics', () => {
  it('refuses a scrape without the token or with another one', async () => {
    const without = await shop.app.inject('/metrics');
    expect(without.statusCode).toBe(401);
    expect(without.headers['www-authenticate']).toBe('Bearer');
    expect(without.body).not.toContain('sprocket_');
    const wrong = await shop.app.inject({ url: '/metrics', headers: { authorization: 'Bearer not-the-scrape-token' } });
    expect(wrong.statusCode).toBe(401);
  });

  it('does not serve /metrics at all when no token is configured', async () => {
    const unconfigured = await buildApp(shop.deps, { ping: shop.database.ping, runtimeConfig });
    try {
      const response = await unconfigured.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(response.statusCode).toBe(404);
    } finally {
      await unconfigured.close();
    }
  });
});

describe('what the metrics count', () => {
  it('moves the booking, payment, request and procedure counters when a customer books and pays', async () => {
    const before = await scrape();
    const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 5 });
    const order = { toolsId: tool.id, phone: '5550100', address: 'Main St 1' };

    const booked = await shop.app.inject({
      method: 'POST',
      url: '/booking',
      headers: customer.headers,
      payload: { ...order, amount: 2 },
    });
    expect(booked.statusCode).toBe(201);
    const bookingId = booked.json<{ _id: string }>()._id;
    const tooMany = await shop.app.inject({
      method: 'POST',
      url: '/booking',
      headers: customer.headers,
      payload: { ...order, amount: 4 },
    });
    expect(tooMany.statusCode).toBe(409);

    const opened = await shop.app.inject({
      method: 'POST',
      url: '/create-payment-intent',
      headers: customer.headers,
      payload: { bookingId },
    });
    const { clientSecret } = opened.json<{ clientSecret: string }>();
    const intent = { id: clientSecret.split('_secret_')[0]!, clientSecret };
    await payInBrowser(shop, intent);
    const paid = await shop.app.inject({
      method: 'PATCH',
      url: `/booking/${bookingId}`,
      headers: customer.headers,
      payload: { transactionId: intent.id },
    });
    expect(paid.json<{ paid: boolean }>().paid).toBe(true);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => sample(after, name, labels) - sample(before, name, labels);
    expect(moved('sprocket_bookings_total', { outcome: 'ok' })).toBe(1);
    expect(moved('sprocket_bookings_total', { outcome: 'CONFLICT' })).toBe(1);
    expect(moved('sprocket_payment_intents_total', { outcome: 'ok' })).toBe(1);
    expect(moved('sprocket_payment_confirmations_total', { outcome: 'ok' })).toBe(1);
    expect(moved('sprocket_procedure_duration_seconds_count', { procedure: 'bookings.create', outcome: 'CONFLICT' })).toBe(1);
    expect(moved('sprocket_http_request_duration_seconds_count', { method: 'POST', route: '/booking', status: '201' })).toBe(1);
    expect(moved('sprocket_http_request_duration_seconds_count', { method: 'PATCH', route: '/booking/:id', status: '200' })).toBe(1);
    // The route's pattern, never its URL: no booking id becomes a label.
    expect(after).not.toContain(bookingId);
  });

  it('counts signed payment events from the provider by type and outcome', async () => {
    const { intent } = await paidLegacyBooking(shop, customer);
    const event = eventFor('payment_intent.succeeded', await providerIntent(shop, intent.id));
    const before = await scrape();
    expect((await deliverWebhook(shop, event)).statusCode).toBe(200);
    expect((await deliverWebhook(shop, event)).statusCode).toBe(200);
    const after = await scrape();
    const labels = (outcome: string) => ({ type: 'payment_intent.succeeded', outcome });
    const moved = (outcome: string) =>
      sample(after, 'sprocket_payment_events_total', labels(outcome)) -
      sample(before, 'sprocket_payment_events_total', labels(outcome));
    expect(moved('handled')).toBe(1);
    expect(moved('duplicate')).toBe(1);
  });

  it('shows the read cache answering repeated catalogue reads from memory, and what it holds', async () => {
    await shop.app.inject('/trpc/reviews.list');
    const before = await scrape();
    await shop.app.inject('/trpc/reviews.list');
    await shop.app.inject('/trpc/reviews.list?input=%7B%7D&junk=1');
    const after = await scrape();
    expect(sample(after, 'sprocket_read_cache_hits_total') - sample(before, 'sprocket_read_cache_hits_total')).toBe(2);
    expect(sample(after, 'sprocket_read_cache_misses_total')).toBeGreaterThan(0);
    expect(sample(after, 'sprocket_read_cache_entries')).toBeGreaterThan(0);
    expect(sample(after, 'sprocket_read_cache_bytes')).toBeGreaterThan(0);
  });

  it('reports the event loop’s delay, and the pool on Postgres only', async () => {
    const text = await scrape();
    expect(text).toMatch(/^sprocket_nodejs_eventloop_lag_p99_seconds \S+$/m);
    if (usingPostgres()) {
      expect(sample(text, 'sprocket_db_pool_max_connections')).toBe(20);
      expect(sample(text, 'sprocket_db_pool_open_connections')).toBeGreaterThan(0);
    } else {
      expect(text).not.toContain('sprocket_db_pool_');
    }
  });
});
