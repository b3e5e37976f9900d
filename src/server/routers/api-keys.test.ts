// API keys as their owners and the programs using them meet them: who may create one, the secret
// shown once and stored hashed, scopes enforced at every door, revocation at once, the per-key
// budget, last use, and the audit of order writes.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { apiKeyMessages } from '../../shared/api-key-messages';
import { orderMessages } from '../../shared/order-messages';
import { buildApp } from '../app';
import { createContextInner } from '../context';
import { createCaller } from '.';
import { rateLimitKeys, type RateLimitRules } from '../auth/rate-limits';
import { apiKeys, auditEvents, orders, users } from '../db/schema';
import { createBusinessCustomer, createTestApiKey } from '../testing/api-keys';
import { outcomeOf, trpcCall } from '../testing/attacks';
import { berlinConsumer, fillCart, openForCheckout, PHONE, rateId } from '../testing/checkout';
import { vi } from 'vitest';
import { describe, expect, test } from '../testing/fixtures';
import { TEST_FIREBASE_WEB_CONFIG, TEST_STRIPE_KEYS } from '../testing/test-keys';
import type { TestShop, TestUser } from '../testing/test-shop';

/** An unpaid order `who` placed from their cart. */
async function placedOrder(shop: TestShop, who: TestUser) {
  await openForCheckout(shop);
  const part = await shop.createTool({ minimumOrderQuantity: 1, available: 50 });
  await fillCart(shop, who, [{ toolId: part.id, quantity: 1 }]);
  return shop
    .caller(who.user)
    .orders.place({ address: berlinConsumer, phone: PHONE, shippingRateId: await rateId(shop, 'Standard (2–3 days)') });
}

const call = (shop: TestShop, request: InjectOptions, headers: Record<string, string>) =>
  shop.app.inject({ ...request, headers: { ...request.headers, ...headers } });

describe('creating a key', () => {
  test('is refused to a customer without a company name and VAT ID, and a shop key to anyone but an admin', async ({
    shop,
    customer,
  }) => {
    const business = await createBusinessCustomer(shop);
    const input = { name: 'Warehouse sync', scopes: ['catalogue:read' as const] };
    await expect(shop.caller(customer.user).apiKeys.create(input)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: apiKeyMessages.businessOnly,
    });
    await expect(shop.caller(business.user).apiKeys.create({ ...input, forShop: true })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: apiKeyMessages.shopKeyAdminOnly,
    });
    const rows = await shop.database.db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, customer.user.id));
    expect(rows).toEqual([]);
  });

  test('shows the secret once: the list never has it and the database holds only its SHA-256', async ({ shop }) => {
    const business = await createBusinessCustomer(shop);
    const { key, apiKey } = await shop
      .caller(business.user)
      .apiKeys.create({ name: 'ERP', scopes: ['orders:read', 'catalogue:read'] });

    expect(key).toMatch(/^spk_live_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: 'ERP',
      kind: 'customer',
      scopes: ['catalogue:read', 'orders:read'],
      createdBy: business.user.email,
    });
    expect(key.startsWith(apiKey.prefix)).toBe(true);
    expect(apiKey.prefix).toHaveLength('spk_live_'.length + 8);
    const listed = await shop.caller(business.user).apiKeys.list();
    expect(listed).toEqual([apiKey]);
    expect(JSON.stringify(listed)).not.toContain(key.slice(apiKey.prefix.length));
    const [stored] = await shop.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(stored!.secretHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(key.slice(apiKey.prefix.length));
  });

  test('is audited, as is its revocation, which a second time changes nothing', async ({ shop, admin }) => {
    const shopKey = await createTestApiKey(shop, admin, ['catalogue:read'], true);
    const first = await shop.caller(admin.user).apiKeys.revoke({ id: shopKey.id });
    const again = await shop.caller(admin.user).apiKeys.revoke({ id: shopKey.id });

    expect(first.revokedAt).not.toBeNull();
    expect(again).toEqual(first);
    const lines = await shop.database.db
      .select({ action: auditEvents.action, subject: auditEvents.subject })
      .from(auditEvents)
      .where(eq(auditEvents.actorId, admin.user.id));
    expect(lines.filter((line) => line.subject.includes(shopKey.id)).map((line) => line.action)).toEqual([
      'api_key.create',
      'api_key.revoke',
    ]);
  });
});

describe('the list', () => {
  test('shows a customer their own keys, and an admin theirs and every shop key, but never another customer’s', async ({
    shop,
    admin,
  }) => {
    const [business, otherBusiness, otherAdmin] = [
      await createBusinessCustomer(shop),
      await createBusinessCustomer(shop),
      await shop.createUser('admin'),
    ];
    const own = await createTestApiKey(shop, business, ['orders:read']);
    const others = await createTestApiKey(shop, otherBusiness, ['orders:read']);
    const shopKey = await createTestApiKey(shop, otherAdmin, ['catalogue:read'], true);

    const ids = async (who: TestUser) => (await shop.caller(who.user).apiKeys.list()).map((key) => key.id);
    expect(await ids(business)).toEqual([own.id]);
    expect(await ids(admin)).toContain(shopKey.id);
    expect(await ids(admin)).not.toContain(others.id);
    await expect(shop.caller(business.user).apiKeys.revoke({ id: others.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: apiKeyMessages.keyNotFound,
    });
    // Any admin may revoke a shop key another admin made.
    expect((await shop.caller(admin.user).apiKeys.revoke({ id: shopKey.id })).revokedAt).not.toBeNull();
  });
});

describe('a call made with a key', () => {
  test('reads the catalogue over REST and tRPC with catalogue:read, and nothing without a scope', async ({ shop }) => {
    const key = await createTestApiKey(shop, await createBusinessCustomer(shop), ['catalogue:read']);
    const part = await shop.createTool();

    expect((await call(shop, { method: 'GET', url: '/tools?limit=5' }, key.headers)).statusCode).toBe(200);
    const byId = await call(shop, trpcCall('tools.byId', { id: part.id }), key.headers);
    expect(byId.statusCode, byId.body).toBe(200);
    // GET /booking (bookings.mine) needs orders:read.
    expect(outcomeOf(await call(shop, { method: 'GET', url: '/booking?email=a%40example.com' }, key.headers))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: apiKeyMessages.keyMissingScope('orders:read'),
    });
    // The key's own management and the account are open to sessions only.
    for (const request of [trpcCall('apiKeys.list'), trpcCall('users.me')]) {
      expect(outcomeOf(await call(shop, request, key.headers))).toEqual({
        status: 403,
        code: 'FORBIDDEN',
        message: apiKeyMessages.keyNotForThis,
      });
    }
  });

  test('cannot write with a read key: orders.cancel needs orders:write, and the order stays open', async ({ shop }) => {
    const business = await createBusinessCustomer(shop);
    const key = await createTestApiKey(shop, business, ['catalogue:read', 'orders:read']);
    const order = await placedOrder(shop, business);

    const response = await call(shop, trpcCall('orders.cancel', { id: order._id }), key.headers);

    expect(outcomeOf(response)).toEqual({ status: 403, code: 'FORBIDDEN', message: apiKeyMessages.keyMissingScope('orders:write') });
    const [row] = await shop.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order._id));
    expect(row!.status).toBe(order.status);
  });

  test('acts as its customer: their own order is shown, another customer’s is refused as it is to their session', async ({
    shop,
    otherCustomer,
  }) => {
    const business = await createBusinessCustomer(shop);
    const key = await createTestApiKey(shop, business, ['orders:read']);
    const own = await placedOrder(shop, business);
    const others = await placedOrder(shop, otherCustomer);

    const mine = await call(shop, trpcCall('orders.byId', { id: own._id }), key.headers);
    expect(mine.statusCode, mine.body).toBe(200);
    const refused = await call(shop, trpcCall('orders.byId', { id: others._id }), key.headers);
    expect(outcomeOf(refused)).toEqual({ status: 403, code: 'FORBIDDEN', message: orderMessages.orderNotYours });
    const listed = JSON.parse((await call(shop, trpcCall('orders.mine', {}), key.headers)).body) as {
      result: { data: { items: Array<{ _id: string }> } };
    };
    expect(listed.result.data.items.map((order) => order._id)).toEqual([own._id]);
    // SPEC’s GET /booking lists the key's customer's bookings, and only theirs.
    const bookings = await call(shop, { method: 'GET', url: `/booking?email=${business.user.email}` }, key.headers);
    expect(bookings.statusCode, bookings.body).toBe(200);
    const emails = (JSON.parse(bookings.body) as Array<{ email: string }>).map((booking) => booking.email);
    expect(emails.length).toBeGreaterThan(0);
    expect(new Set(emails)).toEqual(new Set([business.user.email]));
  });

  test('cancelling an order with orders:write is audited with the key and the procedure; a quote is not', async ({ shop }) => {
    const business = await createBusinessCustomer(shop);
    const key = await createTestApiKey(shop, business, ['orders:write']);
    const order = await placedOrder(shop, business);
    const auditLines = async () =>
      (
        await shop.database.db
          .select({ actorEmail: auditEvents.actorEmail, subject: auditEvents.subject })
          .from(auditEvents)
          .where(eq(auditEvents.action, 'api_key.order_write'))
      ).filter((line) => line.subject.endsWith(key.id));

    const quote = trpcCall('orders.quoteFromLines', { country: 'DE', lines: [{ partId: order.lines[0]!.toolsId, quantity: 1 }] });
    const quoted = await call(shop, quote, key.headers);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(await auditLines()).toEqual([]);

    const response = await call(shop, trpcCall('orders.cancel', { id: order._id }), key.headers);

    expect(response.statusCode, response.body).toBe(200);
    expect(await auditLines()).toContainEqual({ actorEmail: business.user.email, subject: `orders.cancel with key ${key.id}` });
  });

  test('a cancel made with a key stays done when its audit line cannot be stored, and the line goes to the log', async ({ shop }) => {
    const business = await createBusinessCustomer(shop);
    const key = await createTestApiKey(shop, business, ['orders:write']);
    const order = await placedOrder(shop, business);
    const errors = vi.spyOn(shop.deps.log, 'error');
    await shop.database.db.execute(
      sql.raw(
        `create function refuse_key_audit() returns trigger language plpgsql as $$ begin raise exception 'audit store down'; end $$`,
      ),
    );
    await shop.database.db.execute(
      sql.raw(`create trigger refuse_key_audit before insert on audit_events for each row
               when (new.action = 'api_key.order_write') execute function refuse_key_audit()`),
    );
    try {
      // Called in-process so that the call logs to the shop's own logger, which the test watches.
      const keyed = createCaller(await createContextInner(shop.deps, key.headers.authorization));
      await expect(keyed.orders.cancel({ id: order._id })).resolves.toMatchObject({ status: 'cancelled' });
      const [cancelled] = await shop.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order._id));
      expect(cancelled?.status).toBe('cancelled');
      expect(errors).toHaveBeenCalledWith(
        expect.objectContaining({ audit: { userId: business.user.id, apiKeyId: key.id, path: 'orders.cancel' } }),
        'could not audit an order write made with an API key',
      );
    } finally {
      errors.mockRestore();
      await shop.database.db.execute(sql.raw('drop trigger refuse_key_audit on audit_events'));
      await shop.database.db.execute(sql.raw('drop function refuse_key_audit()'));
    }
  });

  test('is refused at once after the key is revoked, with a sentence that is not "session expired"', async ({ shop }) => {
    const business = await createBusinessCustomer(shop);
    const key = await createTestApiKey(shop, business, ['catalogue:read']);
    const tools = { method: 'GET', url: '/tools' } as const;
    expect((await call(shop, tools, key.headers)).statusCode).toBe(200);

    await shop.caller(business.user).apiKeys.revoke({ id: key.id });

    const refused = { status: 401, code: 'UNAUTHORIZED', message: apiKeyMessages.keyInvalid };
    expect(outcomeOf(await call(shop, tools, key.headers))).toEqual(refused);
    expect(outcomeOf(await call(shop, trpcCall('tools.list', {}), key.headers))).toEqual(refused);
    expect(outcomeOf(await call(shop, tools, { authorization: 'Bearer spk_live_unknown' }))).toEqual(refused);
  });

  test('with a shop key stops working when its creator is no longer an admin, or is removed', async ({ shop }) => {
    const [demoted, removed] = [await shop.createUser('admin'), await shop.createUser('admin')];
    const [demotedKey, removedKey] = [
      await createTestApiKey(shop, demoted, ['orders:read'], true),
      await createTestApiKey(shop, removed, ['orders:read'], true),
    ];
    const mine = trpcCall('orders.mine', {});
    expect((await call(shop, mine, demotedKey.headers)).statusCode).toBe(200);

    await shop.database.db.update(users).set({ role: 'user' }).where(eq(users.id, demoted.user.id));
    await shop.database.db.update(users).set({ removedAt: new Date() }).where(eq(users.id, removed.user.id));

    for (const key of [demotedKey, removedKey])
      expect(outcomeOf(await call(shop, mine, key.headers)).message).toBe(apiKeyMessages.keyInvalid);
  });

  test('records its last use at most once a minute', async ({ shop }) => {
    const key = await createTestApiKey(shop, await createBusinessCustomer(shop), ['catalogue:read']);
    const lastUsed = async () =>
      (await shop.database.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id)))[0]!.at;
    const setLastUsed = (at: Date) => shop.database.db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, key.id));
    const use = () => call(shop, { method: 'GET', url: '/tools' }, key.headers);
    expect(await lastUsed()).toBeNull();

    await use();
    expect(await lastUsed()).not.toBeNull();
    const halfAMinuteAgo = new Date(Date.now() - 30_000);
    await setLastUsed(halfAMinuteAgo);
    await use();
    expect(await lastUsed()).toEqual(halfAMinuteAgo);
    await setLastUsed(new Date(Date.now() - 90_000));
    await use();
    expect((await lastUsed())!.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  test('spends its own key’s budget, whatever address it comes from, and leaves other keys theirs', async ({ shop }) => {
    const rateLimits = Object.fromEntries(
      Object.keys(rateLimitKeys).map((name) => [name, { max: name === 'apiKey' ? 2 : 1_000, windowSeconds: 60 }]),
    ) as RateLimitRules;
    const app = await buildApp(shop.deps, {
      ping: shop.database.ping,
      runtimeConfig: {
        firebase: TEST_FIREBASE_WEB_CONFIG,
        payments: { mode: 'emulator', publishableKey: TEST_STRIPE_KEYS.publishableKey, apiBase: shop.payments.url },
      },
      security: { rateLimits },
    });
    try {
      const business = await createBusinessCustomer(shop);
      const [busy, quiet] = [
        await createTestApiKey(shop, business, ['catalogue:read']),
        await createTestApiKey(shop, business, ['catalogue:read']),
      ];
      const use = (key: { headers: Record<string, string> }, ip: string) =>
        app.inject({ method: 'GET', url: '/tools', headers: key.headers, remoteAddress: ip });

      expect((await use(busy, '10.7.0.1')).statusCode).toBe(200);
      expect((await use(busy, '10.7.0.2')).statusCode).toBe(200);
      const over = await use(busy, '10.7.0.3');
      expect(outcomeOf(over)).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
      expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await use(quiet, '10.7.0.3')).statusCode).toBe(200);
      const stillValid = await shop.database.db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, busy.id)));
      expect(stillValid).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
