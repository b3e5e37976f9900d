// Sessions end when their time is up, whichever of the token's expiry and the session row's comes
// first, and when the customer says so: signing out ends that session on the server at once,
// signing out everywhere ends every session of the account, and nobody else's.
import { eq } from 'drizzle-orm';
import { afterEach, vi } from 'vitest';
import { describe, expect, test } from '../testing/fixtures';
import { messages } from '../../shared/messages';
import { createContextInner } from '../context';
import { sessions } from '../db/schema';
import { startSession } from '../domains/accounts/sessions';
import { trpcCall } from '../testing/attacks';
import type { TestShop } from '../testing/test-shop';
import { createCaller } from '.';

async function callerWithToken(shop: TestShop, token: string) {
  return createCaller(await createContextInner(shop.deps, `Bearer ${token}`));
}

const expired = { code: 'UNAUTHORIZED', message: messages.sessionExpired };

describe('opening a session', () => {
  test('keeps the session row as long as its token lasts, and sweeps rows already expired', async ({ shop }) => {
    const customer = await shop.createUser('user');
    const stale = await shop.database.db
      .insert(sessions)
      .values({ userId: customer.user.id, expiresAt: new Date(Date.now() - 1_000) })
      .returning({ id: sessions.id });

    const sessionsOf = () => shop.database.db.select().from(sessions).where(eq(sessions.userId, customer.user.id));
    const before = new Set((await sessionsOf()).map((row) => row.id));
    const openedAt = Date.now();
    const token = await startSession(shop.database.db, shop.deps.sessions, customer.user.id);

    const rows = await sessionsOf();
    expect(rows.map((row) => row.id)).not.toContain(stale[0]!.id);
    const opened = rows.filter((row) => !before.has(row.id));
    expect(opened).toHaveLength(1);
    const lifetimeMs = shop.deps.sessions.ttlSeconds * 1000;
    expect(opened[0]!.expiresAt.getTime()).toBeGreaterThanOrEqual(openedAt + lifetimeMs);
    expect(opened[0]!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + lifetimeMs);
    await expect((await callerWithToken(shop, token)).users.me()).resolves.toMatchObject({ _id: customer.user.id });
  });
});

describe('a session’s lifetime', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** users.me over HTTP with the token, as the browser calls it. */
  const meWith = (shop: TestShop, token: string) =>
    shop.app.inject({ method: 'GET', url: '/trpc/users.me', headers: { authorization: `Bearer ${token}` } });
  const messageOf = (response: { body: string }) => (JSON.parse(response.body) as { error: { message: string } }).error.message;

  test('refuses a token past its own expiry, though its session row still lasts', async ({ shop }) => {
    const customer = await shop.createUser('user');
    const { sessionId } = await shop.openSession(customer.user.id);
    // Issued by the shop itself, a lifetime and a minute ago.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - (shop.deps.sessions.ttlSeconds + 60) * 1000 });
    const lapsed = await shop.deps.sessions.issue({ sessionId });
    vi.useRealTimers();

    const response = await meWith(shop, lapsed);

    expect(response.statusCode).toBe(401);
    expect(messageOf(response)).toBe(messages.sessionExpired);
  });

  test('refuses a session whose row is past its expiry, though the token would last longer', async ({ shop }) => {
    const customer = await shop.createUser('user');
    expect((await meWith(shop, customer.token)).statusCode).toBe(200);
    await shop.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.id, customer.sessionId));

    const response = await meWith(shop, customer.token);

    expect(response.statusCode).toBe(401);
    expect(messageOf(response)).toBe(messages.sessionExpired);
  });
});

describe('users.signOut', () => {
  test('ends the session it is called with, and only that one', async ({ shop }) => {
    const customer = await shop.createUser('user');
    const laptop = await shop.openSession(customer.user.id);

    await expect((await callerWithToken(shop, customer.token)).users.signOut()).resolves.toEqual({ signedOut: true });

    await expect((await callerWithToken(shop, customer.token)).users.me()).rejects.toMatchObject(expired);
    await expect((await callerWithToken(shop, laptop.token)).users.me()).resolves.toMatchObject({ _id: customer.user.id });
  });
});

describe('users.signOutEverywhere', () => {
  test('ends every session of the account and leaves other accounts signed in', async ({ shop }) => {
    const customer = await shop.createUser('user');
    const phone = await shop.openSession(customer.user.id);
    const neighbour = await shop.createUser('user');

    await expect((await callerWithToken(shop, customer.token)).users.signOutEverywhere()).resolves.toEqual({ signedOut: true });

    for (const token of [customer.token, phone.token]) {
      await expect((await callerWithToken(shop, token)).users.me()).rejects.toMatchObject(expired);
    }
    await expect((await callerWithToken(shop, neighbour.token)).users.me()).resolves.toMatchObject({ _id: neighbour.user.id });
  });
});

describe('signing out over HTTP', () => {
  test('makes the same bearer token answer 401 afterwards, on tRPC and REST alike', async ({ shop }) => {
    const customer = await shop.createUser('user');
    const call = trpcCall('users.signOut');
    const signOut = await shop.app.inject({ ...call, headers: { ...call.headers, ...customer.headers } });
    expect(signOut.statusCode).toBe(200);

    const trpcAfter = await shop.app.inject({ method: 'GET', url: '/trpc/users.me', headers: customer.headers });
    expect(trpcAfter.statusCode).toBe(401);
    const restAfter = await shop.app.inject({
      method: 'GET',
      url: `/booking?email=${encodeURIComponent(customer.user.email)}`,
      headers: customer.headers,
    });
    expect(restAfter.statusCode).toBe(401);
  });
});
