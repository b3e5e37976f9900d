// The session check against the run's Firebase Auth emulator: an account disabled or deleted at the
// provider, or whose password was reset, loses its shop sessions after one check (the next request
// is refused with 401), while sessions the provider still backs keep working. Only accounts with
// live sessions are asked about, at most 100 per call, those checked longest ago first, and each
// once however many passes run at the same time. PGlite, and Postgres with TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { describe, expect, test } from '../../testing/fixtures';
import { messages } from '../../../shared/messages';
import { buildApp } from '../../app';
import { openPostgres, type Database } from '../../db/database';
import { sessions, users } from '../../db/schema';
import type { IdentityProvider } from '../../identity/identity-provider';
import type { ProcessRole } from '../../process-role';
import { LYON_VAT_ID } from '../../testing/checkout';
import { deleteTestAccount, signInForIdToken, signInWithOldAuthTime, updateTestAccount } from '../../testing/firebase-accounts';
import { TEST_FIREBASE_WEB_CONFIG, TEST_PROJECT_ID, TEST_STRIPE_KEYS } from '../../testing/test-keys';
import { createTestShop, type TestShop } from '../../testing/test-shop';
import { checkSessions, startSessionCheck } from './session-check';

const MINUTE_MS = 60_000;
const emulatorUrl = () => `http://${inject('authEmulatorHost')}`;

interface SignedIn {
  uid: string;
  email: string;
  password: string;
  userId: string;
  token: string;
}

/** A customer signed in at the provider (`secondsAgo` in the past) with a shop session from that sign-in. */
async function signedInCustomer(shop: TestShop, { secondsAgo = 0 } = {}): Promise<SignedIn> {
  const account = { email: `checked-${randomBytes(5).toString('hex')}@example.com`, password: 'secret-123' };
  const { uid, idToken } =
    secondsAgo > 0
      ? await signInWithOldAuthTime(emulatorUrl(), TEST_PROJECT_ID, account, { create: true, ageSeconds: secondsAgo })
      : await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, account, { create: true });
  return { uid, ...account, ...(await exchange(shop, account.email, idToken)) };
}

/** The session exchange, as the browser makes it after a Firebase sign-in. */
async function exchange(shop: TestShop, email: string, idToken: string): Promise<{ userId: string; token: string }> {
  const { token } = await shop.caller(null).users.createSession({ email, idToken });
  const [user] = await shop.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { userId: user!.id, token };
}

async function signInAgain(shop: TestShop, customer: SignedIn, password = customer.password): Promise<string> {
  const { idToken } = await signInForIdToken(emulatorUrl(), TEST_PROJECT_ID, { email: customer.email, password });
  return (await exchange(shop, customer.email, idToken)).token;
}

/** What the shop answers a signed-in request with now: its status and its message. */
async function answerTo(shop: TestShop, token: string): Promise<{ status: number; message?: string }> {
  const response = await shop.app.inject({ method: 'GET', url: '/trpc/users.me', headers: { authorization: `Bearer ${token}` } });
  const body = response.json<{ error?: { message: string } }>();
  return { status: response.statusCode, message: body.error?.message };
}

const REFUSED = { status: 401, message: messages.sessionExpired };

/** An API key the customer makes with their session, once made a business so that they may. */
async function businessKeyOf(shop: TestShop, customer: SignedIn): Promise<string> {
  await shop.database.db.update(users).set({ companyName: 'Vélo Lyon SARL', vatId: LYON_VAT_ID }).where(eq(users.id, customer.userId));
  const created = await shop.app.inject({
    method: 'POST',
    url: '/trpc/apiKeys.create',
    headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
    payload: { name: 'Stock sync', scopes: ['orders:read'], forShop: false },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ result: { data: { key: string } } }>().result.data.key;
}

/** The status of the customer's order list read with the key, as an integration reads it. */
async function ordersWith(shop: TestShop, key: string): Promise<number> {
  return (await shop.app.inject({ method: 'GET', url: '/api/v1/orders', headers: { authorization: `Bearer ${key}` } })).statusCode;
}

/** Every account checks as due, as after a whole interval. */
const check = (shop: TestShop, db: Database = shop.database.db, identity: IdentityProvider = shop.deps.identity) =>
  checkSessions(db, identity, { intervalMs: 0 });

/** The shop's identity provider, recording the accounts each getUsers call asked about. */
function recordingLookups(shop: TestShop, shopOf: TestShop = shop): { identity: IdentityProvider; lookups: string[][] } {
  const lookups: string[][] = [];
  const identity: IdentityProvider = {
    ...shopOf.deps.identity,
    getUsers: async (uids) => {
      lookups.push([...uids]);
      return shopOf.deps.identity.getUsers(uids);
    },
  };
  return { identity, lookups };
}

async function liveSessionsOf(shop: TestShop, userId: string): Promise<number> {
  return (await shop.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;
}

describe('checkSessions', () => {
  test('ends every session of an account disabled at the provider, at the first check', async ({ shop }) => {
    const customer = await signedInCustomer(shop);
    const laptop = customer.token;
    const phone = await signInAgain(shop, customer);

    await updateTestAccount(emulatorUrl(), TEST_PROJECT_ID, customer.uid, { disableUser: true });
    // Until the shop checks, it has no way to know.
    expect((await answerTo(shop, laptop)).status).toBe(200);
    const outcome = await check(shop);

    expect(outcome.ended).toBeGreaterThanOrEqual(2);
    expect(outcome.providerAway).toBe(false);
    expect(await answerTo(shop, laptop)).toEqual(REFUSED);
    expect(await answerTo(shop, phone)).toEqual(REFUSED);
    expect(await liveSessionsOf(shop, customer.userId)).toBe(0);
  });

  test('refuses the API keys of an account disabled at the provider, and takes them again once it is enabled', async ({ shop }) => {
    const customer = await signedInCustomer(shop);
    const key = await businessKeyOf(shop, customer);
    // Signed out everywhere: the key alone keeps the account in the check.
    await shop.database.db.delete(sessions).where(eq(sessions.userId, customer.userId));
    expect(await ordersWith(shop, key)).toBe(200);

    await updateTestAccount(emulatorUrl(), TEST_PROJECT_ID, customer.uid, { disableUser: true });
    await check(shop);
    expect(await ordersWith(shop, key)).toBe(401);

    await updateTestAccount(emulatorUrl(), TEST_PROJECT_ID, customer.uid, { disableUser: false });
    await check(shop);
    expect(await ordersWith(shop, key)).toBe(200);
  });

  test('ends every session of an account deleted at the provider', async ({ shop }) => {
    const customer = await signedInCustomer(shop);

    await deleteTestAccount(emulatorUrl(), TEST_PROJECT_ID, customer.uid);
    await check(shop);

    expect(await answerTo(shop, customer.token)).toEqual(REFUSED);
  });

  test('ends the sessions signed in before a password reset, and keeps the one signed in with the new password', async ({ shop }) => {
    const customer = await signedInCustomer(shop, { secondsAgo: 60 });
    const untouched = await signedInCustomer(shop, { secondsAgo: 60 });

    await updateTestAccount(emulatorUrl(), TEST_PROJECT_ID, customer.uid, { password: 'a-new-secret-7' });
    const afterReset = await signInAgain(shop, customer, 'a-new-secret-7');
    await check(shop);

    expect(await answerTo(shop, customer.token)).toEqual(REFUSED);
    expect((await answerTo(shop, afterReset)).status).toBe(200);
    expect((await answerTo(shop, untouched.token)).status).toBe(200);
  });

  test('leaves sessions the provider still backs alone, and asks only about accounts with live sessions', async ({ shop }) => {
    const active = await signedInCustomer(shop);
    const signedOut = await signedInCustomer(shop);
    await shop.database.db.delete(sessions).where(eq(sessions.userId, signedOut.userId));
    const expired = await signedInCustomer(shop);
    await shop.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - MINUTE_MS) })
      .where(eq(sessions.userId, expired.userId));
    // A shop account never bound to a provider identity (seeded, or from before binding).
    const unbound = await shop.createUser('user');
    const { identity, lookups } = recordingLookups(shop);

    await check(shop, shop.database.db, identity);

    const asked = lookups.flat();
    expect(asked).toContain(active.uid);
    expect(asked).not.toContain(signedOut.uid);
    expect(asked).not.toContain(expired.uid);
    expect(asked).not.toContain(null);
    expect((await answerTo(shop, active.token)).status).toBe(200);
    expect((await answerTo(shop, unbound.token)).status).toBe(200);
  });

  test('asks about an account again only once its last check is an interval old', async ({ shop }) => {
    const customer = await signedInCustomer(shop);
    const { identity, lookups } = recordingLookups(shop);
    const now = Date.now();
    /** Whether a pass at `atMs` asked the provider about the customer. */
    const askedAbout = async (atMs: number) => {
      const before = lookups.length;
      await checkSessions(shop.database.db, identity, { intervalMs: 10 * MINUTE_MS, now: new Date(atMs) });
      return lookups.slice(before).flat().includes(customer.uid);
    };

    expect(await askedAbout(now)).toBe(true);
    expect(await askedAbout(now + 10 * MINUTE_MS)).toBe(false);
    expect(await askedAbout(now + 10 * MINUTE_MS + 1)).toBe(true);
  });
});

describe('checkSessions over many accounts', () => {
  let many: TestShop;
  beforeAll(async () => {
    many = await createTestShop();
  });
  afterAll(() => many.close());

  /**
   * Accounts bound to identities the provider does not know (their sessions end when checked),
   * last checked `checkedMinutesAgo[i]` minutes ago (null: never).
   */
  async function accountsCheckedAt(checkedMinutesAgo: Array<number | null>): Promise<string[]> {
    const uids: string[] = [];
    for (const minutesAgo of checkedMinutesAgo) {
      const uid = `unknown-${randomBytes(6).toString('hex')}`;
      // With the one session createUser opens.
      await many.createUser('user', {
        firebaseUid: uid,
        identityCheckedAt: minutesAgo === null ? null : new Date(Date.now() - minutesAgo * MINUTE_MS),
      });
      uids.push(uid);
    }
    return uids;
  }

  test('asks at most 100 accounts per call, the never checked first, then those checked longest ago', async ({ shop }) => {
    // Made in shuffled order, so the order of the calls is the check times', not the rows'.
    const minutesAgo = [...Array.from({ length: 10 }, () => null), ...Array.from({ length: 120 }, (_, index) => 60 + index)];
    const shuffled = minutesAgo
      .map((value, index) => ({ value, key: (index * 37) % minutesAgo.length }))
      .sort((a, b) => a.key - b.key);
    const uids = await accountsCheckedAt(shuffled.map(({ value }) => value));
    const byAge = shuffled
      .map(({ value }, index) => ({ uid: uids[index]!, age: value ?? Number.POSITIVE_INFINITY }))
      .sort((a, b) => b.age - a.age)
      .map(({ uid }) => uid);
    const { identity, lookups } = recordingLookups(shop, many);

    const outcome = await checkSessions(many.database.db, identity, { intervalMs: 30 * MINUTE_MS });

    expect(lookups.map((uids) => uids.length)).toEqual([100, 30]);
    expect(new Set(lookups[0])).toEqual(new Set(byAge.slice(0, 100)));
    expect(new Set(lookups[1])).toEqual(new Set(byAge.slice(100)));
    expect(outcome).toEqual({ checked: 130, ended: 130, providerAway: false });
  });

  test('ends a pass that finds every account due again at once, having asked about each once', async ({ shop }) => {
    const uids: string[] = [];
    for (let batch = 0; batch < 6; batch++) {
      const accounts = await Promise.all(
        Array.from({ length: 20 }, () =>
          signInForIdToken(
            emulatorUrl(),
            TEST_PROJECT_ID,
            { email: `standing-${randomBytes(5).toString('hex')}@example.com`, password: 'secret-123' },
            { create: true },
          ),
        ),
      );
      for (const { uid } of accounts) {
        await many.createUser('user', { firebaseUid: uid });
        uids.push(uid);
      }
    }
    const { identity, lookups } = recordingLookups(shop, many);

    // An interval of 0: each account is due again the moment it was checked.
    const outcome = await checkSessions(many.database.db, identity, { intervalMs: 0 });

    expect(outcome).toEqual({ checked: uids.length, ended: 0, providerAway: false });
    expect(lookups.flat().sort()).toEqual([...uids].sort());
  });

  test('asks about each account once however many passes run at the same time', async ({ shop }) => {
    const uids = await accountsCheckedAt(Array.from({ length: 40 }, () => 90));
    const { identity, lookups } = recordingLookups(shop, many);
    const url = many.database.url;
    // On Postgres, passes as separate processes would run them, each on its own connections.
    const handles = url ? await Promise.all(Array.from({ length: 3 }, () => openPostgres(url, { maxConnections: 2 }))) : [];
    const databases = [many.database.db, ...handles.map((handle) => handle.db)];

    try {
      const passes = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          checkSessions(databases[index % databases.length]!, identity, { intervalMs: 30 * MINUTE_MS }),
        ),
      );
      expect(passes.reduce((sum, pass) => sum + pass.checked, 0)).toBe(40);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
    const asked = lookups.flat().filter((uid) => uids.includes(uid));
    expect(asked.sort()).toEqual([...uids].sort());
    const left = await many.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(inArray(users.firebaseUid, uids));
    expect(left).toEqual([]);
  });
});

describe('the background session check', () => {
  async function app(shop: TestShop, role: ProcessRole) {
    const built = await buildApp(shop.deps, {
      ping: shop.database.ping,
      runtimeConfig: {
        firebase: TEST_FIREBASE_WEB_CONFIG,
        payments: { mode: 'stripe', publishableKey: TEST_STRIPE_KEYS.publishableKey },
      },
      sessionCheck: { intervalMs: 10_000, everyMs: 20 },
      role,
    });
    await built.ready();
    return built;
  }

  test('runs in a worker from ready to close, and never in a web process', async ({ shop }) => {
    const web = await app(shop, 'web');
    const first = await signedInCustomer(shop);
    await updateTestAccount(emulatorUrl(), TEST_PROJECT_ID, first.uid, { disableUser: true });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await answerTo(shop, first.token)).status).toBe(200);
    await web.close();

    const worker = await app(shop, 'worker');
    await expect.poll(async () => (await answerTo(shop, first.token)).status, { timeout: 10_000 }).toBe(401);
    await worker.close();

    const second = await signedInCustomer(shop);
    await updateTestAccount(emulatorUrl(), TEST_PROJECT_ID, second.uid, { disableUser: true });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await answerTo(shop, second.token)).status).toBe(200);
    await check(shop);
  });

  test('logs the sessions a pass ended, and nothing for a pass that ended none', async ({ shop }) => {
    const written: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void written.push(line) });
    const ended = () =>
      written
        .map((line) => JSON.parse(line) as { msg: string; sessions?: unknown })
        .filter((line) => line.msg.startsWith('ended sessions'));
    await check(shop);

    const idle = startSessionCheck({ ...shop.deps, log }, { intervalMs: 0, everyMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await idle.stop();
    expect(ended()).toEqual([]);

    const customer = await signedInCustomer(shop);
    await updateTestAccount(emulatorUrl(), TEST_PROJECT_ID, customer.uid, { disableUser: true });
    const timer = startSessionCheck({ ...shop.deps, log }, { intervalMs: 0, everyMs: 10 });
    await expect.poll(() => ended().length).toBe(1);
    await timer.stop();
    expect(ended()[0]?.sessions).toMatchObject({ ended: 1, providerAway: false });
  });
});
