// Several embedded storefront processes on one data directory share one Auth emulator and one
// payments emulator: started at the same moment, one starts them and the other connects; a
// sign-in and a payment work through either; and when the process that runs them stops, the
// other takes them over on the same addresses. Real processes of src/server/index.ts on one
// Postgres (PGlite is one process's database).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { freePort } from '../free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentIntent } from '../payments/intents';
import { readStateLog } from '../payments/state-log';
import { cardFields } from '../payments/testing/emulator';
import type { EmulatorsRecord } from './emulators-ownership';
import { bookings } from '../../server/db/schema';
import { builtCommand } from '../../server/testing/built-commands';
import { startEmbeddedStorefront, type EmbeddedStorefront } from '../../server/testing/embedded-storefront';
import { signInForIdToken } from '../../server/testing/firebase-accounts';
import { form } from '../../server/testing/payments';
import { usingPostgres } from '../../server/testing/test-database';
import { TEST_PROJECT_ID, TEST_SESSION_SECRET } from '../../server/testing/test-keys';
import { createTestShop, type TestShop } from '../../server/testing/test-shop';

const TAKE_OVER_TIMEOUT_MS = 60_000;

describe.skipIf(!usingPostgres())('two storefront processes on one data directory', () => {
  let shop: TestShop;
  let dataDir: string;
  let storefronts: EmbeddedStorefront[] = [];

  beforeAll(async () => {
    shop = await createTestShop();
    if (!shop.database.url) throw new Error('no Postgres URL for the server processes');
    dataDir = mkdtempSync(join(tmpdir(), 'sprocket-shared-emulators-'));
    const shared = { dataDir, authPort: await freePort(), paymentsPort: await freePort() };
    const start = () =>
      startEmbeddedStorefront({
        command: [process.execPath, ...builtCommand('index')],
        env: { DATABASE_URL: shop.database.url as string, SESSION_SECRET: TEST_SESSION_SECRET },
        readyTimeoutMs: 90_000,
        shared,
      });
    // At the same moment: only one may start the emulators.
    storefronts = await Promise.all([start(), start()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(storefronts.map((storefront) => storefront.stop()));
    await shop.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const record = () => JSON.parse(readFileSync(join(dataDir, 'emulators.json'), 'utf8')) as EmulatorsRecord;
  const recordedOwner = () => (existsSync(join(dataDir, 'emulators.json')) ? record().pid : undefined);
  const owner = () => storefronts.find((storefront) => storefront.pid === record().pid);
  const other = () => storefronts.find((storefront) => storefront.pid !== record().pid);

  async function exchange(storefront: EmbeddedStorefront, email: string, idToken: string): Promise<Response> {
    return fetch(`${storefront.baseUrl}/user/${email}`, { method: 'PUT', headers: { authorization: `Bearer ${idToken}` } });
  }

  async function signUp(storefront: EmbeddedStorefront, email: string): Promise<string> {
    const { idToken } = await signInForIdToken(
      storefront.authEmulatorUrl,
      TEST_PROJECT_ID,
      { email, password: 'sprocket123' },
      { create: true },
    );
    return idToken;
  }

  async function openIntent(storefront: EmbeddedStorefront, token: string, bookingId: string): Promise<string> {
    const response = await fetch(`${storefront.baseUrl}/create-payment-intent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bookingId }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { clientSecret: string }).clientSecret;
  }

  async function statusOf(bookingId: string): Promise<string | undefined> {
    const [row] = await shop.database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
    return row?.status;
  }

  /** The PaymentIntents the emulator has recorded, each as it stands now (its log's latest line for it). */
  async function intentsAtTheEmulator(): Promise<PaymentIntent[]> {
    const latest = new Map<string, PaymentIntent>();
    for (const change of await readStateLog(join(dataDir, 'payments-emulator.json'))) {
      if ('intent' in change) latest.set(change.intent.id, change.intent);
    }
    return [...latest.values()];
  }

  it('runs one set of emulators, owned by one of the two and recorded in the data directory', () => {
    expect(owner()).toBeDefined();
    expect(other()).toBeDefined();
    expect(record()).toMatchObject({ authHost: expect.stringMatching(/^127\.0\.0\.1:\d+$/) as unknown });
  });

  it('accepts a sign-in at the shared Auth emulator through either process', async () => {
    const [first, second] = storefronts as [EmbeddedStorefront, EmbeddedStorefront];
    const email = `shared-${Date.now()}@example.com`;
    const idToken = await signUp(first, email);

    const throughFirst = await exchange(first, email, idToken);
    const throughSecond = await exchange(second, email, idToken);

    expect(throughFirst.status).toBe(200);
    expect(throughSecond.status).toBe(200);
    const { token } = (await throughFirst.json()) as { token: string };
    const orders = await fetch(`${second.baseUrl}/booking`, { headers: { authorization: `Bearer ${token}` } });
    expect(orders.status).toBe(200);
  });

  it('opens exactly one PaymentIntent for a booking whose payment is started through both processes, and marks it paid once', async () => {
    const [first, second] = storefronts as [EmbeddedStorefront, EmbeddedStorefront];
    const customer = await shop.createUser('user');
    const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 5 });
    const booked = await fetch(`${first.baseUrl}/booking`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ toolsId: tool.id, amount: 1, ...form }),
    });
    expect(booked.status).toBe(201);
    const { _id: bookingId, orderId } = (await booked.json()) as { _id: string; orderId: string };

    const secrets = await Promise.all([openIntent(first, customer.token, bookingId), openIntent(second, customer.token, bookingId)]);

    expect(secrets[0]).toBe(secrets[1]);
    // Book Now placed a one-line order: its one intent names the order.
    expect((await intentsAtTheEmulator()).filter((intent) => intent.metadata.orderId === orderId)).toHaveLength(1);

    // Paid from the page of the process that runs the emulators: its event marks the booking paid
    // in the shared database, whichever process the customer asks next.
    const clientSecret = secrets[0];
    const confirmed = await fetch(`${first.paymentsApiBase}/v1/payment_intents/${clientSecret.split('_secret_')[0]}/confirm`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${readFileSync(join(dataDir, 'payments-publishable-key.secret'), 'utf8').trim()}`,
        'content-type': 'application/x-www-form-urlencoded',
        origin: (owner() as EmbeddedStorefront).baseUrl,
      },
      body: new URLSearchParams(cardFields(clientSecret, '4242424242424242')).toString(),
    });
    expect(confirmed.status).toBe(200);
    const deadline = Date.now() + 15_000;
    while ((await statusOf(bookingId)) !== 'paid' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await statusOf(bookingId)).toBe('paid');
    expect((await intentsAtTheEmulator()).filter((intent) => intent.metadata.orderId === orderId)).toHaveLength(1);
  });

  it('keeps signing in and paying through the other process after the one running the emulators stops', async () => {
    const stopping = owner() as EmbeddedStorefront;
    const remaining = other() as EmbeddedStorefront;
    await stopping.stop();
    storefronts = [remaining];

    // The remaining process notices within seconds and starts them again on the same addresses,
    // with the accounts and intents the data directory keeps.
    const deadline = Date.now() + TAKE_OVER_TIMEOUT_MS;
    while (recordedOwner() !== remaining.pid && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 500));
    expect(recordedOwner()).toBe(remaining.pid);

    const email = `after-${Date.now()}@example.com`;
    expect((await exchange(remaining, email, await signUp(remaining, email))).status).toBe(200);

    const customer = await shop.createUser('user');
    const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 5 });
    const booked = await fetch(`${remaining.baseUrl}/booking`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ toolsId: tool.id, amount: 1, ...form }),
    });
    const bookingId = ((await booked.json()) as { _id: string })._id;
    await openIntent(remaining, customer.token, bookingId);
    expect((await intentsAtTheEmulator()).length).toBeGreaterThanOrEqual(2);
  }, 90_000);
});
