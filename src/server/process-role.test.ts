// ROLE splits the work between processes sharing one database: a web process serves the shop and
// never expires holds, a worker expires them and serves nothing but its health checks.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from './app';
import type { ProcessRole } from './process-role';
import { ageBooking, bookingRow, bookPart } from './testing/payments';
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
  const { booking } = await bookPart(shop, customer, { quantity: 2, available: 10 });
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
