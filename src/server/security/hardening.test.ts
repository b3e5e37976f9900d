// Hardening: security headers and a Content-Security-Policy right for each run
// mode, CORS closed to other origins, rate limits on session exchange and bookings at both doors,
// no internals in error answers, request logs without credentials, and expiring session tokens.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { SESSION_TTL_SECONDS } from '../../shared/constants';
import { messages } from '../../shared/messages';
import type { RuntimeConfig } from '../../shared/payments';
import { buildApp, type AppOptions } from '../app';
import { createSessionTokens } from '../auth/session-tokens';
import { ConfigError, loadConfig } from '../config';
import { createRateLimits, type RateLimitRules } from '../auth/rate-limits';
import { defaultSecurityOptions, type SecurityOverrides } from '../http/security';
import { signInForIdToken } from '../testing/firebase-accounts';
import { form } from '../testing/payments';
import { createTestShop, type TestShop, type TestUser } from '../testing/test-shop';
import { bearer, databaseFingerprint, expectReadableError, outcomeOf, trpcCall, withSubject } from '../testing/attacks';
import { TEST_FIREBASE_WEB_CONFIG, TEST_PROJECT_ID, TEST_STRIPE_KEYS } from '../testing/test-keys';

let shop: TestShop;
let customer: TestUser;
let otherCustomer: TestUser;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  shop = await createTestShop();
  customer = await shop.createUser('user');
  otherCustomer = await shop.createUser('user');
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await shop.close();
});

const embeddedConfig = (): RuntimeConfig => ({
  firebase: {
    apiKey: TEST_FIREBASE_WEB_CONFIG.apiKey,
    authDomain: `${TEST_PROJECT_ID}.firebaseapp.com`,
    projectId: TEST_PROJECT_ID,
    emulatorUrl: 'http://127.0.0.1:9099',
  },
  payments: { mode: 'emulator', publishableKey: TEST_STRIPE_KEYS.publishableKey, apiBase: shop.payments.url },
});
const stripeConfig: RuntimeConfig = {
  firebase: { apiKey: 'AIza-real', authDomain: 'sprocket-shop.firebaseapp.com', projectId: 'sprocket-shop' },
  payments: { mode: 'stripe', publishableKey: 'pk_live_shop' },
};

/** Another app over the shop's database and providers, with the given options. */
async function appWith(options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  const app = await buildApp(shop.deps, { ping: shop.database.ping, runtimeConfig: embeddedConfig(), ...options });
  apps.push(app);
  return app;
}

function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe('security headers', () => {
  it('come with every answer: data, errors, not-found and pages', async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'sprocket-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Sprocket</title>');
    try {
      const app = await appWith({ clientDir });
      const answers = [
        await app.inject('/tools'),
        await app.inject({ method: 'POST', url: '/tools', payload: {} }),
        await app.inject('/no/such/thing'),
        await app.inject({ url: '/dashboard', headers: { accept: 'text/html' } }),
        await app.inject('/trpc/no.such'),
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 200, 404]);
      for (const answer of answers) {
        expect(answer.headers).toMatchObject({
          'x-content-type-options': 'nosniff',
          'x-frame-options': 'SAMEORIGIN',
          'referrer-policy': 'strict-origin-when-cross-origin',
          'cross-origin-opener-policy': 'same-origin-allow-popups',
          'strict-transport-security': expect.stringContaining('max-age=') as unknown,
        });
        expect(policyOf(answer).get('default-src')).toEqual(["'self'"]);
      }
    } finally {
      rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it('allow the emulators and Firebase in embedded mode, and nothing else from elsewhere', async () => {
    const app = await appWith({ runtimeConfig: embeddedConfig() });
    const policy = policyOf(await app.inject('/health'));
    const paymentsOrigin = new URL(shop.payments.url).origin;
    expect(policy.get('script-src')).toEqual(["'self'", 'https://apis.google.com']);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'http://127.0.0.1:9099',
      paymentsOrigin,
    ]);
    expect(policy.get('frame-src')).toEqual([`https://${TEST_PROJECT_ID}.firebaseapp.com`, 'http://127.0.0.1:9099']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    // The emulators answer on plain http, which an upgrade would break.
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });

  it('allow Stripe.js and the Firebase auth domain in Stripe mode, over https only', async () => {
    const app = await appWith({ runtimeConfig: stripeConfig });
    const policy = policyOf(await app.inject('/health'));
    expect(policy.get('script-src')).toEqual([
      "'self'",
      'https://apis.google.com',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(policy.get('frame-src')).toEqual([
      'https://sprocket-shop.firebaseapp.com',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://api.stripe.com',
    ]);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
    const everySource = [...policy.values()].flat();
    expect(everySource.filter((source) => source.startsWith('http:'))).toEqual([]);
    expect(everySource).not.toContain("'unsafe-eval'");
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
  });
});

describe('CORS', () => {
  const foreign = 'https://elsewhere.example';

  it('answers no other origin by default, for reads and for preflights', async () => {
    const read = await shop.app.inject({ url: '/tools', headers: { origin: foreign } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await shop.app.inject({
      method: 'OPTIONS',
      url: '/trpc/bookings.create',
      headers: { origin: foreign, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('lets a configured origin call the API, and still no other', async () => {
    const partner = 'https://partner.example';
    const app = await appWith({ security: { corsOrigins: [partner] } });
    const read = await app.inject({ url: '/tools', headers: { origin: partner } });
    expect(read.headers['access-control-allow-origin']).toBe(partner);
    expect(read.headers.vary).toContain('Origin');
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/trpc/bookings.create',
      headers: {
        origin: partner,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(partner);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
    const other = await app.inject({ url: '/tools', headers: { origin: foreign } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('rate limits', () => {
  const tight = (rateLimits: Partial<RateLimitRules>): SecurityOverrides => ({ rateLimits });
  const exchange = (app: FastifyInstance, door: 'rest' | 'trpc', ip: string) =>
    door === 'rest'
      ? app.inject({ method: 'PUT', url: '/user/someone%40example.com', headers: bearer('not.a.firebase.token'), remoteAddress: ip })
      : app.inject({
          ...trpcCall('users.createSession', { email: 'someone@example.com', idToken: 'not.a.firebase.token' }),
          remoteAddress: ip,
        });
  const book = (app: FastifyInstance, door: 'rest' | 'trpc', user: TestUser, toolsId: string, ip = '10.0.0.1') => {
    const call =
      door === 'rest'
        ? {
            method: 'POST' as const,
            url: '/booking',
            payload: JSON.stringify({ toolsId, amount: 1, ...form }),
            headers: { 'content-type': 'application/json' },
          }
        : trpcCall('bookings.create', { toolsId, amount: 1, ...form });
    return app.inject({ ...call, headers: { ...call.headers, ...user.headers }, remoteAddress: ip });
  };
  const expectTooMany = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(429);
    expect(outcomeOf(response)).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: messages.tooManyRequests });
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60);
  };

  it('default to 30 session exchanges a minute per client IP, 20 bookings a minute per user, and so on', async () => {
    expect(defaultSecurityOptions.rateLimits).toEqual({
      sessionExchange: { max: 30, windowSeconds: 60 },
      bookingCreate: { max: 20, windowSeconds: 60 },
      payment: { max: 30, windowSeconds: 60 },
      cancellation: { max: 20, windowSeconds: 60 },
      review: { max: 5, windowSeconds: 60 },
      profileUpdate: { max: 10, windowSeconds: 60 },
      verificationEmail: { max: 3, windowSeconds: 60 },
      passwordReset: { max: 5, windowSeconds: 60 },
      adminWrite: { max: 60, windowSeconds: 60 },
      vitals: { max: 120, windowSeconds: 60 },
      apiPublic: { max: 120, windowSeconds: 60 },
      apiKey: { max: 600, windowSeconds: 60 },
    });
    const app = await appWith();
    for (let i = 0; i < 30; i++) expect((await exchange(app, i % 2 ? 'rest' : 'trpc', '10.1.1.1')).statusCode).toBe(401);
    expectTooMany(await exchange(app, 'rest', '10.1.1.1'));
  });

  it('count session exchanges per client IP across tRPC and REST', async () => {
    const app = await appWith({ security: tight({ sessionExchange: { max: 3, windowSeconds: 60 } }) });
    expect((await exchange(app, 'rest', '10.0.0.1')).statusCode).toBe(401);
    expect((await exchange(app, 'trpc', '10.0.0.1')).statusCode).toBe(401);
    expect((await exchange(app, 'rest', '10.0.0.1')).statusCode).toBe(401);
    expectTooMany(await exchange(app, 'trpc', '10.0.0.1'));
    expectTooMany(await exchange(app, 'rest', '10.0.0.1'));
    expect((await exchange(app, 'rest', '10.0.0.2')).statusCode).toBe(401);
  });

  it('count password resets per client IP, even from a signed-in customer', async () => {
    const app = await appWith({ security: tight({ passwordReset: { max: 2, windowSeconds: 60 } }) });
    const call = trpcCall('users.requestPasswordReset', { email: 'nobody-here@example.com' });
    const reset = (ip: string) => app.inject({ ...call, remoteAddress: ip, headers: { ...call.headers, ...customer.headers } });
    expect((await reset('10.0.0.7')).statusCode).toBe(200);
    expect((await reset('10.0.0.7')).statusCode).toBe(200);
    expectTooMany(await reset('10.0.0.7'));
    expect((await reset('10.0.0.8')).statusCode).toBe(200);
  });

  it('count a customer’s verification emails per user, wherever they ask from', async () => {
    const app = await appWith({ security: tight({ verificationEmail: { max: 1, windowSeconds: 60 } }) });
    const someone = await shop.createUser('user', { emailVerified: false });
    const call = trpcCall('users.sendVerificationEmail');
    const ask = (ip: string) => app.inject({ ...call, remoteAddress: ip, headers: { ...call.headers, ...someone.headers } });
    expect((await ask('10.0.0.9')).statusCode).toBe(200);
    expectTooMany(await ask('10.0.0.10'));
  });

  it('count bookings per user across tRPC and REST, and refuse the extra one without booking it', async () => {
    const app = await appWith({ security: tight({ bookingCreate: { max: 3, windowSeconds: 60 } }) });
    const part = await shop.createTool({ minimumOrderQuantity: 1, available: 100 });
    expect((await book(app, 'rest', customer, part.id)).statusCode).toBe(201);
    expect((await book(app, 'trpc', customer, part.id)).statusCode).toBe(200);
    expect((await book(app, 'rest', customer, part.id)).statusCode).toBe(201);
    const before = await databaseFingerprint(shop.database.db);
    expectTooMany(await book(app, 'trpc', customer, part.id));
    expectTooMany(await book(app, 'rest', customer, part.id, '10.9.9.9'));
    expect(await databaseFingerprint(shop.database.db)).toEqual(before);
    expect((await book(app, 'rest', otherCustomer, part.id)).statusCode).toBe(201);
  });

  it('count each call of a tRPC batch, so batching cannot get round them', async () => {
    const app = await appWith({ security: tight({ bookingCreate: { max: 3, windowSeconds: 60 } }) });
    const part = await shop.createTool({ minimumOrderQuantity: 1, available: 100 });
    const someone = await shop.createUser('user');
    const calls = Object.fromEntries(Array.from({ length: 5 }, (_, index) => [index, { toolsId: part.id, amount: 1, ...form }]));
    const response = await app.inject({
      method: 'POST',
      url: `/trpc/${Array(5).fill('bookings.create').join(',')}?batch=1`,
      payload: JSON.stringify(calls),
      headers: { ...someone.headers, 'content-type': 'application/json' },
    });
    const results = response.json<Array<{ result?: unknown; error?: { data: { code: string } } }>>();
    expect(results.filter((result) => result.result)).toHaveLength(3);
    expect(results.filter((result) => result.error?.data.code === 'TOO_MANY_REQUESTS')).toHaveLength(2);
  });

  it('give a new budget when the window has passed', async () => {
    const app = await appWith({ security: tight({ sessionExchange: { max: 1, windowSeconds: 1 } }) });
    expect((await exchange(app, 'rest', '10.0.0.3')).statusCode).toBe(401);
    expectTooMany(await exchange(app, 'rest', '10.0.0.3'));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await exchange(app, 'rest', '10.0.0.3')).statusCode).toBe(401);
  });

  it('count per forwarded client IP behind a trusted load balancer, and per connection otherwise', async () => {
    const limits = tight({ sessionExchange: { max: 1, windowSeconds: 60 } });
    const forwarded = (app: FastifyInstance, client: string) =>
      app.inject({
        ...trpcCall('users.createSession', { email: 'a@example.com', idToken: 'x' }),
        remoteAddress: '10.0.0.100',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      });
    const behindProxy = await appWith({ security: limits, trustProxy: '10.0.0.100' });
    expect((await forwarded(behindProxy, '203.0.113.1')).statusCode).toBe(401);
    expect((await forwarded(behindProxy, '203.0.113.2')).statusCode).toBe(401);
    expectTooMany(await forwarded(behindProxy, '203.0.113.1'));
    const direct = await appWith({ security: limits });
    expect((await forwarded(direct, '203.0.113.1')).statusCode).toBe(401);
    expectTooMany(await forwarded(direct, '203.0.113.2'));
  });

  it('count behind a hop count the address the last proxy saw, whatever the client wrote before it', async () => {
    const behindOneProxy = await appWith({ security: tight({ sessionExchange: { max: 1, windowSeconds: 60 } }), trustProxy: 1 });
    const spoofing = (claimed: string) =>
      behindOneProxy.inject({
        ...trpcCall('users.createSession', { email: 'a@example.com', idToken: 'x' }),
        remoteAddress: '10.0.0.100',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `${claimed}, 203.0.113.9` },
      });
    expect((await spoofing('198.51.100.1')).statusCode).toBe(401);
    expectTooMany(await spoofing('198.51.100.2'));
  });

  it('tell a refused caller how many seconds are left in the window', async () => {
    const limits = createRateLimits({ ...defaultSecurityOptions.rateLimits, review: { max: 1, windowSeconds: 10 } });
    await expect(limits.take('review', 'user:a')).resolves.toEqual({ allowed: true });
    const refused = await limits.take('review', 'user:a');
    expect(refused.allowed).toBe(false);
    expect(!refused.allowed && refused.retryAfterSeconds).toBeGreaterThanOrEqual(9);
    expect(!refused.allowed && refused.retryAfterSeconds).toBeLessThanOrEqual(10);
    await expect(limits.take('review', 'user:b')).resolves.toEqual({ allowed: true });
    await expect(limits.take('payment', 'user:a')).resolves.toEqual({ allowed: true });
  });

  it('leave the test harness unthrottled, so suites may book and sign in quickly', async () => {
    const part = await shop.createTool({ minimumOrderQuantity: 1, available: 100 });
    const someone = await shop.createUser('user');
    for (let i = 0; i < defaultSecurityOptions.rateLimits.bookingCreate.max + 5; i++) {
      expect((await book(shop.app, i % 2 ? 'rest' : 'trpc', someone, part.id)).statusCode).toBeLessThan(300);
    }
  });
});

describe('errors', () => {
  /** Makes the database fail one table for the duration of `work`. */
  async function withTableAway(table: 'reviews' | 'bookings', work: () => Promise<void>): Promise<void> {
    await shop.database.db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
    try {
      await work();
    } finally {
      await shop.database.db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
    }
  }

  const leaks = /reviews_away|bookings_away|relation|select |insert |"stack"|\bat \S+ \(|\.ts:\d+|node_modules/i;

  it('hide a failing query from REST callers: a 500 with a plain sentence', async () => {
    await withTableAway('reviews', async () => {
      const response = await shop.app.inject('/review');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: { code: 'INTERNAL_SERVER_ERROR', message: messages.serverError } });
      expect(response.body).not.toMatch(leaks);
    });
  });

  it('hide a failing query from tRPC callers, with no stack in the error data', async () => {
    await withTableAway('bookings', async () => {
      const part = await shop.createTool({ minimumOrderQuantity: 1 });
      const response = await shop.app.inject({
        ...trpcCall('bookings.create', { toolsId: part.id, amount: 1, ...form }),
        headers: { ...customer.headers, 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(500);
      expect(outcomeOf(response)).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: messages.serverError });
      expect(response.body).not.toMatch(leaks);
      expectReadableError(response);
    });
  });
});

describe('request logs', () => {
  it('are JSON lines with request ids, and never hold a token, a password or a card number', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const app = await appWith({
      logger,
      security: { rateLimits: { sessionExchange: { max: 100, windowSeconds: 60 }, bookingCreate: { max: 100, windowSeconds: 60 } } },
    });

    const email = `logged-${randomBytes(4).toString('hex')}@example.com`;
    const password = `pw-${randomBytes(6).toString('hex')}`;
    const { idToken } = await signInForIdToken(
      `http://${inject('authEmulatorHost')}`,
      TEST_PROJECT_ID,
      { email, password },
      { create: true },
    );
    const card = '4242424242424242';
    const responses: LightMyRequestResponse[] = [];
    const send = async (call: InjectOptions) => {
      const response = await app.inject(call);
      responses.push(response);
      return response;
    };

    const exchanged = await send({ method: 'PUT', url: `/user/${encodeURIComponent(email)}`, headers: bearer(idToken) });
    const session = exchanged.json<{ token: string }>().token;
    await send({ ...trpcCall('users.createSession', { email, idToken }), headers: { 'content-type': 'application/json' } });
    await send({ url: '/trpc/users.me', headers: bearer(session) });
    await send({ url: '/trpc/users.me', headers: bearer(withSubject(session, customer.user.id)) });
    await send({
      method: 'POST',
      url: '/vitals',
      payload: { name: 'LCP', value: 900, password, card: { number: card, cvc: '123' } },
    });
    // A failing query: the logged error must not carry the parameters the customer typed.
    await shop.database.db.execute(sql.raw('alter table bookings rename to bookings_away'));
    try {
      const part = await shop.createTool({ minimumOrderQuantity: 1 });
      const failed = await send({
        method: 'POST',
        url: '/booking',
        payload: { toolsId: part.id, amount: 1, phone: form.phone, address: `card ${card} password ${password}` },
        headers: bearer(session),
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      await shop.database.db.execute(sql.raw('alter table bookings_away rename to bookings'));
    }

    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string; level: number; err?: unknown });
    for (const response of responses) {
      const requestId = String(response.headers['x-request-id']);
      const mine = entries.filter((entry) => entry.reqId === requestId);
      expect(mine.filter((entry) => entry.msg === 'request answered')).toHaveLength(1);
    }
    expect(entries.some((entry) => entry.level >= 50 && entry.err && entry.reqId)).toBe(true);
    const everything = lines.join('\n');
    for (const secret of [idToken, session, password, card, customer.token]) expect(everything).not.toContain(secret);
    // Paths are logged as their route pattern: the email in PUT /user/{email} is not.
    expect(everything).not.toContain(email);
    expect(everything).toContain('"route":"/user/:email"');
    expect(everything).not.toMatch(/authorization|bearer/i);
  });
});

describe('session tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`last ${SESSION_TTL_SECONDS / 86_400} days and not a second more, checked before or not`, async () => {
    const sessions = createSessionTokens(randomBytes(32).toString('hex'));
    const issuedAt = Date.now();
    const checkedBefore = await sessions.issue({ sessionId: customer.sessionId });
    const neverChecked = await sessions.issue({ sessionId: (await shop.openSession(customer.user.id)).sessionId });
    vi.useFakeTimers({ toFake: ['Date'], now: issuedAt + (SESSION_TTL_SECONDS - 60) * 1000 });
    await expect(sessions.verify(checkedBefore)).resolves.toEqual({ sessionId: customer.sessionId });
    vi.setSystemTime(issuedAt + (SESSION_TTL_SECONDS + 1) * 1000);
    await expect(sessions.verify(checkedBefore)).resolves.toBeNull();
    await expect(sessions.verify(neverChecked)).resolves.toBeNull();
  });

  it('are refused when signed with another secret, unsigned, altered, for another issuer or endless', async () => {
    const secret = randomBytes(32).toString('hex');
    const sessions = createSessionTokens(secret);
    const otherIssuer = createSigner({ key: secret, iss: 'elsewhere', expiresIn: 60_000 })({ sub: customer.sessionId });
    const endless = createSigner({ key: secret, iss: 'sprocket' })({ sub: customer.sessionId });
    const elsewhere = await createSessionTokens(randomBytes(32).toString('hex')).issue({ sessionId: customer.sessionId });
    const genuine = await sessions.issue({ sessionId: customer.sessionId });
    const [, payload] = genuine.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    await expect(sessions.verify(elsewhere)).resolves.toBeNull();
    await expect(sessions.verify(unsigned)).resolves.toBeNull();
    await expect(sessions.verify(withSubject(genuine, otherCustomer.user.id))).resolves.toBeNull();
    await expect(sessions.verify(otherIssuer)).resolves.toBeNull();
    await expect(sessions.verify(endless)).resolves.toBeNull();
    await expect(sessions.verify(genuine)).resolves.not.toBeNull();
  });
});

describe('configuration', () => {
  it('reads other CORS origins, the trusted proxy and per-minute limits from the environment', () => {
    const config = loadConfig({
      CORS_ORIGINS: 'https://partner.example, https://admin.partner.example',
      TRUST_PROXY: '10.0.0.0/8',
      RATE_LIMIT_SESSIONS_PER_MINUTE: '5',
      RATE_LIMIT_BOOKINGS_PER_MINUTE: '50',
      RATE_LIMIT_PAYMENTS_PER_MINUTE: '7',
      RATE_LIMIT_VITALS_PER_MINUTE: '1',
      REDIS_URL: 'redis://cache.internal:6379',
    });
    expect(config.security).toEqual({
      corsOrigins: ['https://partner.example', 'https://admin.partner.example'],
      rateLimits: {
        sessionExchange: { max: 5, windowSeconds: 60 },
        bookingCreate: { max: 50, windowSeconds: 60 },
        payment: { max: 7, windowSeconds: 60 },
        vitals: { max: 1, windowSeconds: 60 },
      },
    });
    expect(config.redisUrl).toBe('redis://cache.internal:6379');
    expect(config.trustProxy).toBe('10.0.0.0/8');
    expect(loadConfig({}).security).toEqual({ corsOrigins: [], rateLimits: {} });
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it.each([
    [{ CORS_ORIGINS: 'partner.example' }, 'CORS_ORIGINS'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'true' }, 'choose its own IP'],
    [{ RATE_LIMIT_SESSIONS_PER_MINUTE: '0' }, 'RATE_LIMIT_SESSIONS_PER_MINUTE'],
    [{ RATE_LIMIT_BOOKINGS_PER_MINUTE: 'lots' }, 'RATE_LIMIT_BOOKINGS_PER_MINUTE'],
    [{ RATE_LIMIT_REVIEWS_PER_MINUTE: '2.5' }, 'RATE_LIMIT_REVIEWS_PER_MINUTE'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
  ])('stops on %j with a message naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});
