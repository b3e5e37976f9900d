// Rate limits as an abuser meets them: every write and every call reaching a provider spends a
// budget declared on its procedure, the call over it is a 429 with Retry-After at every door, the
// counts are shared by every process through Postgres (or Redis), and a provider's own rate limit
// is a 503 that says so, not a 500.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../shared/messages';
import { buildApp } from '../app';
import { createRateLimits, rateLimitKeys, type RateLimitName, type RateLimitRules, type RateLimitStore } from '../auth/rate-limits';
import { rateLimitCounters } from '../db/schema';
import { defaultSecurityOptions } from '../http/security';
import { createStripeGateway } from '../payments/stripe-gateway';
import { appRouter } from '../routers';
import { outcomeOf, trpcCall } from '../testing/attacks';
import { bookLegacyPart, form } from '../testing/payments';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { usingPostgres } from '../testing/test-database';
import { TEST_FIREBASE_WEB_CONFIG, TEST_STRIPE_KEYS } from '../testing/test-keys';
import { createTestShop, type TestShop, type TestUser } from '../testing/test-shop';

let shop: TestShop;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await shop.close();
});

const runtimeConfig = () => ({
  firebase: TEST_FIREBASE_WEB_CONFIG,
  payments: { mode: 'emulator' as const, publishableKey: TEST_STRIPE_KEYS.publishableKey, apiBase: shop.payments.url },
});

/** The shop's app with every budget at `max` calls a minute. */
async function appAllowing(max: number, deps = shop.deps): Promise<FastifyInstance> {
  const rateLimits = Object.fromEntries(
    Object.keys(rateLimitKeys).map((name) => [name, { max, windowSeconds: 60 }]),
  ) as RateLimitRules;
  const app = await buildApp(deps, { ping: shop.database.ping, runtimeConfig: runtimeConfig(), security: { rateLimits } });
  apps.push(app);
  return app;
}

function expectTooMany(response: LightMyRequestResponse, windowSeconds = 60): void {
  expect(outcomeOf(response)).toEqual({ status: 429, code: 'TOO_MANY_REQUESTS', message: messages.tooManyRequests });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

describe('the budgets', () => {
  it('are declared by every procedure that writes', () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: string; meta?: { rateLimit?: string } } }
    >;
    const mutations = Object.entries(procedures).filter(([, procedure]) => procedure._def.type === 'mutation');
    expect(mutations.length).toBeGreaterThan(5);
    for (const [path, procedure] of mutations) {
      expect(procedure._def.meta?.rateLimit, `${path} declares no rate limit`).toBeOneOf(Object.keys(rateLimitKeys));
    }
  });

  it('refuse the call over each one at its documented door, with Retry-After, whatever the input', async () => {
    const app = await appAllowing(1);
    const someId = '00000000-0000-4000-8000-000000000000';
    const doors: Array<{ budget: RateLimitName; role: 'user' | 'admin' | null; call: InjectOptions }> = [
      {
        budget: 'sessionExchange',
        role: null,
        call: { method: 'PUT', url: '/user/a%40example.com', headers: { authorization: 'Bearer x' } },
      },
      {
        budget: 'bookingCreate',
        role: 'user',
        call: { method: 'POST', url: '/booking', payload: { toolsId: someId, amount: 1, ...form } },
      },
      { budget: 'payment', role: 'user', call: { method: 'POST', url: '/create-payment-intent', payload: { bookingId: someId } } },
      { budget: 'payment', role: 'user', call: { method: 'PATCH', url: `/booking/${someId}`, payload: { transactionId: 'pi_x' } } },
      { budget: 'cancellation', role: 'user', call: { method: 'DELETE', url: `/booking?amount=${someId}` } },
      { budget: 'review', role: 'user', call: trpcCall('reviews.create', { rating: 9 }) },
      { budget: 'profileUpdate', role: 'user', call: trpcCall('users.updateProfile', { displayName: '' }) },
      { budget: 'adminWrite', role: 'admin', call: { method: 'POST', url: '/tools', payload: {} } },
      { budget: 'adminWrite', role: 'admin', call: { method: 'DELETE', url: `/deleted?amount=${someId}` } },
      { budget: 'adminWrite', role: 'admin', call: { method: 'PUT', url: '/user/admin/nobody%40example.com' } },
      { budget: 'adminWrite', role: 'admin', call: { method: 'DELETE', url: `/user?amount=${someId}` } },
      { budget: 'adminWrite', role: 'admin', call: trpcCall('bookings.ship', { id: someId }) },
      { budget: 'adminWrite', role: 'admin', call: trpcCall('bookings.refund', { id: someId }) },
      { budget: 'adminWrite', role: 'admin', call: trpcCall('emails.retry', { id: someId }) },
      { budget: 'vitals', role: null, call: { method: 'POST', url: '/vitals', payload: { name: 'LCP', value: 1200 } } },
    ];
    let ip = 1;
    for (const { budget, role, call } of doors) {
      const caller = role ? await shop.createUser(role) : null;
      const send = () =>
        app.inject({ ...call, headers: { ...call.headers, ...caller?.headers }, remoteAddress: `198.51.100.${ip}` } as InjectOptions);
      const first = await send();
      expect(first.statusCode, `${budget}, door ${ip}`).not.toBe(429);
      expectTooMany(await send());
      ip += 1;
    }
  });

  it('belong to each user: one customer over their budget leaves the others theirs', async () => {
    const app = await appAllowing(2);
    const [greedy, other] = [await shop.createUser(), await shop.createUser()];
    const review = (who: TestUser, ip: string) =>
      app.inject({
        ...trpcCall('reviews.create', { rating: 9 }),
        headers: { 'content-type': 'application/json', ...who.headers },
        remoteAddress: ip,
      });
    await review(greedy, '10.9.0.1');
    await review(greedy, '10.9.0.2');
    expectTooMany(await review(greedy, '10.9.0.3'));
    expect((await review(other, '10.9.0.1')).statusCode).toBe(400);
  });
});

/** Two sets of limits on one store, as two server processes have. */
function expectSharedAcross(store: () => RateLimitStore): void {
  const rules = { ...defaultSecurityOptions.rateLimits, bookingCreate: { max: 5, windowSeconds: 60 } };

  it('count calls made through either process against one budget', async () => {
    const [first, second] = [createRateLimits(rules, store()), createRateLimits(rules, store())];
    const key = `user:shared-${Math.random()}`;
    const verdicts = [];
    for (let i = 0; i < 6; i++) verdicts.push(await (i % 2 ? first : second).take('bookingCreate', key));
    expect(verdicts.map((verdict) => verdict.allowed)).toEqual([true, true, true, true, true, false]);
  });

  it('let exactly the budget through when many calls arrive at the same moment', async () => {
    const [first, second] = [createRateLimits(rules, store()), createRateLimits(rules, store())];
    const key = `user:racing-${Math.random()}`;
    const verdicts = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? first : second).take('bookingCreate', key)));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
  });

  it('give a full budget again once the window has ended, and not before', async () => {
    const oneSecond = { ...rules, bookingCreate: { max: 2, windowSeconds: 1 } };
    const [first, second] = [createRateLimits(oneSecond, store()), createRateLimits(oneSecond, store())];
    const key = `user:window-${Math.random()}`;
    const spend = async () => [await first.take('bookingCreate', key), await second.take('bookingCreate', key)];
    await spend();
    expect(await first.take('bookingCreate', key)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await spend()).map((verdict) => verdict.allowed)).toEqual([true, true]);
    expect((await second.take('bookingCreate', key)).allowed).toBe(false);
  });
}

describe('counted in the database', () => {
  expectSharedAcross(() => ({ kind: 'database', db: shop.deps.db }));

  it('lose the counters of windows ended over an hour ago every five minutes, and stop on close', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
      const prefix = `sweep-${Math.random()}`;
      const keys = async () =>
        (
          await shop.deps.db
            .select({ key: rateLimitCounters.key })
            .from(rateLimitCounters)
            .where(like(rateLimitCounters.key, `${prefix}%`))
        )
          .map((row) => row.key)
          .sort();
      await shop.deps.db.insert(rateLimitCounters).values([
        { key: `${prefix}:ended-2h`, points: 3, expire: ago(120) },
        { key: `${prefix}:ended-10min`, points: 3, expire: ago(10) },
        { key: `${prefix}:open`, points: 3, expire: ago(-1) },
      ]);
      const limits = createRateLimits(defaultSecurityOptions.rateLimits, { kind: 'database', db: shop.deps.db });

      await vi.advanceTimersByTimeAsync(5 * 60_000);
      await expect.poll(keys).toEqual([`${prefix}:ended-10min`, `${prefix}:open`]);

      limits.close();
      await shop.deps.db.insert(rateLimitCounters).values({ key: `${prefix}:ended-3h`, points: 1, expire: ago(180) });
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(await keys()).toEqual([`${prefix}:ended-10min`, `${prefix}:ended-3h`, `${prefix}:open`]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('counted in Redis', () => {
  const clients: Redis[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 4; i++) clients.push(new Redis(process.env.TEST_REDIS_URL!, { lazyConnect: true }));
    await Promise.all(clients.map((client) => client.connect()));
  });
  afterAll(async () => {
    for (const client of clients) await client.quit();
  });
  let next = 0;
  expectSharedAcross(() => ({ kind: 'redis', client: clients[next++ % clients.length]! }));
});

describe.skipIf(!usingPostgres())('two server processes sharing one Postgres', () => {
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    const env = { DATABASE_URL: shop.database.url!, STRIPE_API_BASE: shop.payments.url, RATE_LIMIT_SESSIONS_PER_MINUTE: '4' };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it('hold one budget: the fifth session exchange from one client is refused, whichever process takes it', async () => {
    const exchange = (server: ServerProcess) =>
      fetch(`${server.url}/user/someone%40example.com`, { method: 'PUT', headers: { authorization: 'Bearer not.a.token' } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await exchange(servers[i % 2]!)).status);
    expect(statuses).toEqual([401, 401, 401, 401]);
    for (const server of servers) {
      const refused = await exchange(server);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });
});

describe("the payment provider's own rate limit", () => {
  let busyProvider: Server;

  beforeAll(async () => {
    // Answers every call as Stripe does when an account sends too many requests.
    busyProvider = createServer((_request, response) => {
      response.writeHead(429, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests.' } }));
    });
    await new Promise<void>((resolve) => busyProvider.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => busyProvider.close(() => resolve())));

  it('is a 503 saying card payments are unavailable, over REST and tRPC, not a 500', async () => {
    const { port } = busyProvider.address() as AddressInfo;
    const payments = createStripeGateway({ ...TEST_STRIPE_KEYS, apiBase: `http://127.0.0.1:${port}` });
    const app = await appAllowing(100, { ...shop.deps, payments });
    const customer = await shop.createUser();
    const { booking } = await bookLegacyPart(shop, customer);
    const rest = await app.inject({
      method: 'POST',
      url: '/create-payment-intent',
      payload: { bookingId: booking._id },
      headers: customer.headers,
    });
    const trpc = await app.inject({
      ...trpcCall('payments.createIntent', { bookingId: booking._id }),
      headers: { 'content-type': 'application/json', ...customer.headers },
    });
    for (const answer of [rest, trpc]) {
      expect(outcomeOf(answer)).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE', message: messages.paymentsUnavailable });
    }
  });
});
