// Faults: the database restarting, and crashing, under load. A private Postgres cluster (never the
// machine's shared one) is shut down and started again while customers keep booking over HTTP.
// While it is away the server answers 503 with a clear message; it recovers by itself; every booking
// that was answered 2xx is in the database afterwards and the stock adds up. A card paid while the
// database is away (the server cannot record it) is recorded by the provider's retried webhook.
import { seedDemoCommerce } from '../db/demo-commerce';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { freePort } from '../../emulators/free-port';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../../shared/messages';
import { buildApp } from '../app';
import { createSessionTokens } from '../auth/session-tokens';
import { createReadCache } from '../cache/read-cache';
import type { AppDeps } from '../context';
import { openPostgres, type DatabaseHandle } from '../db/database';
import { bookings, tools, users } from '../db/schema';
import { createFirebaseIdentity } from '../identity/firebase-identity';
import { createTestImages } from '../testing/test-images';
import { createMetrics } from '../metrics/metrics';
import { startPaymentsEmulator, type RunningPaymentsEmulator } from '../../emulators/payments';
import { STOREFRONT_ORIGIN } from '../../emulators/payments/testing/emulator';
import { createStripeGateway } from '../payments/stripe-gateway';
import { startSession } from '../domains/accounts/sessions';
import { payInBrowser } from '../testing/payments';
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from '../testing/private-postgres';
import { bookOverHttp, stockOf, type BookingAttempt } from '../testing/booking-load';
import { TEST_FIREBASE_WEB_CONFIG, TEST_PROJECT_ID, TEST_SESSION_SECRET, TEST_STRIPE_KEYS } from '../testing/test-keys';
import { usingPostgres } from '../testing/test-database';
import { TEST_SHOP_URL, UNLIMITED_HOLDS } from '../testing/test-shop';

const INITIAL_STOCK = 1_000_000;
const CUSTOMERS = 24;

// The test's own private Postgres, not the run's database: the PGlite pass runs it, once.
describe.skipIf(!privatePostgresAvailable() || usingPostgres())('the database restarting under load', () => {
  let cluster: PrivatePostgres;
  let database: DatabaseHandle;
  let payments: RunningPaymentsEmulator;
  let app: FastifyInstance;
  let baseUrl: string;
  const sessions = createSessionTokens(TEST_SESSION_SECRET);

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    database = await openPostgres(cluster.url);
    // Open for orders, as the seeded demo shop is: Book Now places a taxed order.
    await seedDemoCommerce(database.db);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    payments = await startPaymentsEmulator({
      port: 0,
      ...TEST_STRIPE_KEYS,
      allowedOrigins: [STOREFRONT_ORIGIN],
      webhookUrl: `${baseUrl}/webhooks/stripe`,
    });
    const deps: AppDeps = {
      db: database.db,
      cache: createReadCache(database.changes),
      identity: createFirebaseIdentity({ projectId: TEST_PROJECT_ID, emulatorHost: inject('authEmulatorHost') }),
      payments: createStripeGateway({ ...TEST_STRIPE_KEYS, apiBase: payments.url }),
      sessions,
      adminEmails: new Set(),
      // Each customer books continuously, far past what one person may hold unpaid.
      holdLimits: UNLIMITED_HOLDS,
      bookingHoldMs: 24 * 3_600_000,
      shopTimeZone: 'UTC',
      shopUrl: TEST_SHOP_URL,
      log: pino({ level: 'silent' }),
      metrics: createMetrics(),
      images: (await createTestImages()).images,
    };
    app = await buildApp(deps, {
      ping: database.ping,
      runtimeConfig: {
        firebase: TEST_FIREBASE_WEB_CONFIG,
        payments: { mode: 'emulator', publishableKey: TEST_STRIPE_KEYS.publishableKey, apiBase: payments.url },
      },
      // This suite measures faults under load, not the per-customer booking budget.
      security: {
        rateLimits: { sessionExchange: { max: 30, windowSeconds: 60 }, bookingCreate: { max: 100_000, windowSeconds: 60 } },
      },
    });
    await app.listen({ port, host: '127.0.0.1' });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await payments?.close();
    await database?.close();
    await cluster?.destroy();
  });

  it('answers 503 while it is away, recovers by itself, and loses no committed booking', async () => {
    const [tool] = await database.db
      .insert(tools)
      .values({
        name: 'Chainring under load',
        img: '/images/parts/placeholder.svg',
        priceCents: 25_00,
        minimumOrderQuantity: 1,
        available: INITIAL_STOCK,
        description: 'A part booked continuously while the database restarts.',
      })
      .returning({ id: tools.id });
    if (!tool) throw new Error('no part');
    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, async (_, index) => {
        const [row] = await database.db
          .insert(users)
          .values({ email: `load-${index}-${randomBytes(3).toString('hex')}@example.com`, displayName: 'Load' })
          .returning({ id: users.id });
        if (!row) throw new Error('no user');
        const token = await startSession(database.db, sessions, row.id);
        return { id: row.id, token };
      }),
    );

    // A booking with an open intent, to be paid at the provider while the database is away.
    const payer = customers[0] as { token: string };
    const unpaid = await bookOverHttp(baseUrl, payer.token, { toolId: tool.id, quantity: 1, via: 'rest' });
    if (unpaid.outcome !== 'booked') throw new Error('could not book before the restart');
    const opened = await fetch(`${baseUrl}/trpc/payments.createIntent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${payer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bookingId: unpaid.id }),
    });
    const { paymentIntentId, clientSecret } = (
      (await opened.json()) as { result: { data: { paymentIntentId: string; clientSecret: string } } }
    ).result.data;

    // Customers book continuously, each on its own connection, until told to stop.
    const answered: Array<{ at: number; attempt: BookingAttempt }> = [];
    let loading = true;
    const load = Promise.all(
      customers.map(async ({ token }, index) => {
        for (let round = 0; loading; round++) {
          const attempt = await bookOverHttp(baseUrl, token, {
            toolId: tool.id,
            quantity: 1 + ((index + round) % 3),
            via: (index + round) % 2 === 0 ? 'rest' : 'trpc',
          }).catch((error: unknown) => ({ outcome: 'refused', quantity: 0, status: 0, message: String(error) }) as const);
          answered.push({ at: Date.now(), attempt });
          await sleep(10);
        }
      }),
    );
    const bookedSince = (since: number) => answered.filter(({ at, attempt }) => at > since && attempt.outcome === 'booked').length;
    /** Recovering by itself means bookings succeed again within seconds of the database's return. */
    const waitForBookings = async (since: number) => {
      await expect.poll(() => bookedSince(since), { timeout: 10_000, interval: 100 }).toBeGreaterThan(20);
    };

    await waitForBookings(0);
    await sleep(2_000);

    // An orderly restart (as in a managed Postgres's maintenance), with the card paid meanwhile.
    await cluster.stop('fast');
    const downSince = Date.now();
    await sleep(1_000);
    const ready = await fetch(`${baseUrl}/ready`);
    expect(ready.status).toBe(503);
    await payInBrowser({ payments }, { id: paymentIntentId, clientSecret });
    const markPaid = await fetch(`${baseUrl}/booking/${unpaid.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${payer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ transactionId: paymentIntentId }),
    });
    expect(markPaid.status).toBe(503);
    expect(await markPaid.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: messages.databaseUnavailable } });
    await sleep(1_000);
    await cluster.start();
    const upAgain = Date.now();
    await waitForBookings(upAgain);
    expect((await fetch(`${baseUrl}/ready`)).status).toBe(200);
    await sleep(2_000);

    // A crash: no orderly shutdown, recovery from the WAL on start.
    await cluster.stop('immediate');
    const crashedAt = Date.now();
    await sleep(2_000);
    await cluster.start();
    const recovered = Date.now();
    await waitForBookings(recovered);
    await sleep(2_000);

    loading = false;
    await load;

    // Every answer was a booking or the 503 saying the shop is briefly unavailable; nothing else.
    const unexpected = answered.filter(
      ({ attempt }) => attempt.outcome === 'refused' && !(attempt.status === 503 && attempt.message === messages.databaseUnavailable),
    );
    expect(unexpected.map(({ attempt }) => attempt)).toEqual([]);
    // Each outage was answered with 503s, until bookings succeeded again after the database returned.
    const firstBookingAfter = (since: number) =>
      answered.find(({ at, attempt }) => at > since && attempt.outcome === 'booked')?.at ?? Infinity;
    const unavailableBetween = (from: number, to: number) =>
      answered.filter(({ at, attempt }) => at >= from && at <= to && attempt.outcome === 'refused').length;
    expect(unavailableBetween(downSince, firstBookingAfter(upAgain))).toBeGreaterThan(0);
    expect(unavailableBetween(crashedAt, firstBookingAfter(recovered))).toBeGreaterThan(0);
    // Every booking answered 2xx is in the database with its quantity, and the stock adds up.
    const rows = await database.db
      .select({ id: bookings.id, quantity: bookings.quantity })
      .from(bookings)
      .where(eq(bookings.toolId, tool.id));
    const stored = new Map(rows.map((row) => [row.id, row.quantity]));
    const acknowledged = answered.flatMap(({ attempt }) => (attempt.outcome === 'booked' ? [attempt] : []));
    expect(acknowledged.filter((attempt) => stored.get(attempt.id) !== attempt.quantity)).toEqual([]);
    const held = rows.reduce((sum, row) => sum + row.quantity, 0);
    expect(await stockOf(database.db, tool.id)).toBe(INITIAL_STOCK - held);
    expect(held).toBeGreaterThanOrEqual(acknowledged.reduce((sum, attempt) => sum + attempt.quantity, 0) + 1);

    // The provider kept retrying its webhook through the outage; the payment is recorded once.
    await expect
      .poll(
        async () => {
          const [row] = await database.db
            .select({ status: bookings.status, transactionId: bookings.transactionId })
            .from(bookings)
            .where(eq(bookings.id, unpaid.id));
          return row;
        },
        { timeout: 20_000, interval: 200 },
      )
      .toEqual({ status: 'paid', transactionId: paymentIntentId });
  }, 120_000);
});
