// The log an operator reads: one line per answered request (id, route, status, time), nothing a
// customer or a session could be recognised or replayed by (emails, tokens, query strings), no
// health checks, and a server fault logged once the same way over tRPC and REST.
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app';
import { createStripeGateway } from './payments/stripe-gateway';
import { signInForIdToken } from './testing/firebase-accounts';
import { payInBrowser } from './testing/payments';
import { TEST_FIREBASE_WEB_CONFIG, TEST_PROJECT_ID, TEST_STRIPE_KEYS } from './testing/test-keys';
import { createTestShop, type TestShop, type TestUser } from './testing/test-shop';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  route?: string | null;
  status?: number;
  ms?: number;
  err?: { message?: string };
}

const written: string[] = [];
const logger = pino({ level: 'debug' }, { write: (line: string) => void written.push(line) });
const lines = () => written.map((line) => JSON.parse(line) as LogLine);

let shop: TestShop;
let admin: TestUser;

beforeAll(async () => {
  shop = await createTestShop({ logger });
  admin = await shop.createUser('admin');
});
afterAll(() => shop.close());

/** The secrets of a journey: none of them may appear in the log. */
const secrets: string[] = [];

function json<T>(response: { statusCode: number; body: string }, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body) as T;
}

describe('the request log of a whole journey', () => {
  it('has one line per request with its id, route pattern, status and time, and no email, token or query string', async () => {
    const email = `log.${randomBytes(4).toString('hex')}+shop@example.com`;
    secrets.push(email, encodeURIComponent(email));
    const { idToken } = await signInForIdToken(
      `http://${inject('authEmulatorHost')}`,
      TEST_PROJECT_ID,
      { email, password: 'secret123' },
      { create: true },
    );
    secrets.push(idToken);
    written.length = 0;

    // Sign-in exchange over REST and tRPC.
    const { token } = json<{ token: string }>(
      await shop.app.inject({ method: 'PUT', url: `/user/${email}`, headers: { authorization: `Bearer ${idToken}` } }),
    );
    const exchanged = json<{ result: { data: { token: string } } }>(
      await shop.app.inject({ method: 'POST', url: '/trpc/users.createSession', payload: { email, idToken } }),
    );
    secrets.push(token, exchanged.result.data.token);
    const customer = { authorization: `Bearer ${token}` };

    // Reads with query strings, over REST and tRPC.
    await shop.app.inject(`/tools?limit=5&email=${encodeURIComponent(email)}`);
    await shop.app.inject(`/trpc/tools.list?input=${encodeURIComponent(JSON.stringify({ limit: 5 }))}`);
    await shop.app.inject({ url: `/booking?email=${encodeURIComponent(email)}`, headers: customer });

    // A booking over each path, and a payment.
    const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 10 });
    const order = { toolsId: tool.id, phone: '5550100', address: 'Main St 1', amount: 1 };
    const booking = json<{ _id: string }>(
      await shop.app.inject({ method: 'POST', url: '/booking', headers: customer, payload: order }),
      201,
    );
    json(await shop.app.inject({ method: 'POST', url: '/trpc/bookings.create', headers: customer, payload: order }));
    const { clientSecret } = json<{ clientSecret: string }>(
      await shop.app.inject({ method: 'POST', url: '/create-payment-intent', headers: customer, payload: { bookingId: booking._id } }),
    );
    secrets.push(clientSecret);
    const intentId = clientSecret.split('_secret_')[0]!;
    await payInBrowser(shop, { id: intentId, clientSecret });
    json(
      await shop.app.inject({
        method: 'PATCH',
        url: `/booking/${booking._id}`,
        headers: customer,
        payload: { transactionId: intentId },
      }),
    );

    // Admin calls naming the customer, and a stale session.
    json(await shop.app.inject({ url: `/admin/${email}`, headers: admin.headers }));
    // Refused (the customer's email is not verified), but logged all the same.
    json(await shop.app.inject({ method: 'PUT', url: `/user/admin/${email}`, headers: admin.headers }), 409);
    json(await shop.app.inject({ url: '/user', headers: admin.headers }));
    json(await shop.app.inject({ url: '/trpc/users.list', headers: admin.headers }));
    json(await shop.app.inject({ url: '/booking', headers: { authorization: `Bearer ${token}x` } }), 401);
    secrets.push(admin.token);

    // Health checks.
    await shop.app.inject('/health');
    await shop.app.inject('/ready');

    const log = written.join('');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toContain('?');
    expect(log).not.toContain('/health');
    expect(log).not.toContain('/ready');

    const answered = lines().filter((line) => line.msg === 'request answered');
    expect(answered).toHaveLength(14);
    for (const line of answered) {
      expect(line).toMatchObject({
        reqId: expect.any(String) as unknown,
        route: expect.any(String) as unknown,
        status: expect.any(Number) as unknown,
        ms: expect.any(Number) as unknown,
      });
    }
    expect(answered.map((line) => line.route)).toContain('/user/:email');
  });
});

describe('the request id', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  /** The id the app gave the request: in the answer's header and on its log line. */
  async function idGiven(requestId: string): Promise<string> {
    written.length = 0;
    const response = await shop.app.inject({ url: '/tools', headers: { 'x-request-id': requestId } });
    const [line] = lines().filter((entry) => entry.msg === 'request answered');
    expect(line?.reqId).toBe(response.headers['x-request-id']);
    return String(response.headers['x-request-id']);
  }

  it.each(['checkout-7', 'A_b-9', 'x'.repeat(64)])(
    'keeps a caller’s id of letters, digits, - and _ up to 64: %s',
    async (requestId) => {
      expect(await idGiven(requestId)).toBe(requestId);
    },
  );

  // The id is written on every log line: a caller must not choose its length or fill it with
  // characters that forge lines or break a log viewer.
  it.each(['x'.repeat(65), 'two words', 'a\tb', 'id"},"level":60', '../../etc', 'é', 'a.b', ''])(
    'replaces any other with a new one: %j',
    async (requestId) => {
      const given = await idGiven(requestId);
      expect(given).toMatch(UUID);
    },
  );
});

describe('a server fault', () => {
  it('is logged once, as an error with the request id and its cause, over tRPC and REST alike', async () => {
    const customer = await shop.createUser('user');
    const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 10 });
    const booking = await shop
      .caller(customer.user)
      .bookings.create({ toolsId: tool.id, amount: 1, phone: '5550100', address: 'Main St 1' });
    // The same shop, with the payments provider unreachable.
    const unreachable = createStripeGateway({ ...TEST_STRIPE_KEYS, apiBase: 'http://127.0.0.1:9' });
    const app = await buildApp(
      { ...shop.deps, payments: unreachable },
      {
        ping: shop.database.ping,
        runtimeConfig: {
          firebase: TEST_FIREBASE_WEB_CONFIG,
          payments: { mode: 'stripe', publishableKey: TEST_STRIPE_KEYS.publishableKey },
        },
        logger,
      },
    );
    try {
      written.length = 0;
      const overRest = await app.inject({
        method: 'POST',
        url: '/create-payment-intent',
        headers: { ...customer.headers, 'x-request-id': 'rest-fault' },
        payload: { bookingId: booking._id },
      });
      const overTrpc = await app.inject({
        method: 'POST',
        url: '/trpc/payments.createIntent',
        headers: { ...customer.headers, 'x-request-id': 'trpc-fault' },
        payload: { bookingId: booking._id },
      });
      expect([overRest.statusCode, overTrpc.statusCode]).toEqual([503, 503]);

      const faults = lines().filter((line) => line.level >= 50);
      expect(faults.map((line) => [line.reqId, line.msg])).toEqual([
        ['rest-fault', 'request failed'],
        ['trpc-fault', 'request failed'],
      ]);
      for (const fault of faults) expect(fault.err?.message).toMatch(/connect|ECONNREFUSED|Stripe/i);
    } finally {
      await app.close();
    }
  }, 60_000);
});
