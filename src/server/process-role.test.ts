// ROLE splits the work between processes sharing one database: a web process serves the shop and
// never expires holds, a worker expires them and serves nothing but its health checks: apps built
// in this process, and on Postgres real server processes configured by ROLE as a deploy runs them.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { ProcessRole } from './process-role';
import { ageBooking, bookingRow, bookLegacyPart } from './testing/payments';
import { startServerProcess, type ServerProcess } from './testing/server-process';
import { usingPostgres } from './testing/test-database';
import { TEST_FIREBASE_WEB_CONFIG, TEST_STRIPE_KEYS } from './testing/test-keys';
import { createTestShop, type TestShop, type TestUser } from './testing/test-shop';

const DAY_MS = 24 * 3_600_000;
/** The hold expiry checks this often here, so that a web process would have run it many times. */
const CHECK_EVERY_MS = 20;

let shop: TestShop;
let customer: TestUser;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  shop = await createTestShop();
  customer = await shop.createUser('user');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await shop.close();
});

async function startProcess(role: ProcessRole): Promise<FastifyInstance> {
  const app = await buildApp(shop.deps, {
    ping: shop.database.ping,
    runtimeConfig: {
      firebase: TEST_FIREBASE_WEB_CONFIG,
      payments: { mode: 'stripe', publishableKey: TEST_STRIPE_KEYS.publishableKey },
    },
    holdExpiry: { olderThanMs: DAY_MS, everyMs: CHECK_EVERY_MS },
    role,
  });
  apps.push(app);
  await app.ready();
  return app;
}

it('leaves stale holds to the worker: a web process never expires them', async () => {
  const { booking } = await bookLegacyPart(shop, customer, { quantity: 2, available: 10 });
  await ageBooking(shop, booking._id, 25);

  const web = await startProcess('web');
  await new Promise((resolve) => setTimeout(resolve, 20 * CHECK_EVERY_MS));
  expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'unpaid' });
  expect((await web.inject({ url: '/tools' })).statusCode).toBe(200);

  await startProcess('worker');
  await expect.poll(async () => (await bookingRow(shop, booking._id)).status, { timeout: 5_000 }).toBe('cancelled');
});

it('serves no shop from a worker, only its health checks', async () => {
  const worker = await startProcess('worker');

  expect((await worker.inject({ url: '/health' })).statusCode).toBe(200);
  expect((await worker.inject({ url: '/ready' })).statusCode).toBe(200);
  for (const url of ['/tools', '/trpc/tools.list', '/config.json']) {
    expect((await worker.inject({ url })).statusCode, url).toBe(404);
  }
});

describe.skipIf(!usingPostgres())('as separate processes on one Postgres', () => {
  const processes: ServerProcess[] = [];
  beforeAll(async () => {
    // The workers built in this process above share the database and would expire the hold too.
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(async () => {
    for (const server of processes) await server.stop();
  });

  /** The real entry's configuration path: ROLE read from the environment, as a deploy sets it. */
  async function startRole(role: ProcessRole): Promise<ServerProcess> {
    const server = await startServerProcess({
      DATABASE_URL: shop.database.url ?? '',
      STRIPE_API_BASE: shop.payments.url,
      ROLE: role,
      HOLD_EXPIRY_CHECK_EVERY_MS: String(CHECK_EVERY_MS),
    });
    processes.push(server);
    return server;
  }

  it('a ROLE=web process serves the shop and never expires a stale hold; a ROLE=worker process does', async () => {
    const { booking } = await bookLegacyPart(shop, customer, { quantity: 2, available: 10 });
    await ageBooking(shop, booking._id, 25);

    const web = await startRole('web');
    expect((await fetch(`${web.url}/tools`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20 * CHECK_EVERY_MS));
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'unpaid' });

    const worker = await startRole('worker');
    expect((await fetch(`${worker.url}/tools`)).status).toBe(404);
    await expect.poll(async () => (await bookingRow(shop, booking._id)).status, { timeout: 10_000 }).toBe('cancelled');
  }, 90_000);
});
