// Several ROLE=web processes behind the shipped haproxy.cfg, on one Postgres, under a steady load of
// catalogue reads and bookings through HAProxy. A rolling restart (each process stopped with
// SIGTERM, as orchestrators do, and replaced once the last one is back in rotation) shows the
// clients no error at all; a process killed with SIGKILL fails no read and at most the bookings
// then in flight. Either way every acknowledged booking is in the database and the stock is exact.
import { count, eq, inArray } from 'drizzle-orm';
import { freePort } from '../../emulators/free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DRAIN_MS } from '../boot/shutdown';
import { bookings } from '../db/schema';
import { stockOf } from '../testing/booking-load';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { haproxyInstalled, HAPROXY_PATH, startShippedHaproxy, type RunningHaproxy } from '../testing/shipped-haproxy';
import { startSteadyLoad, type LoadAnswer, type LoadSpec } from '../testing/steady-load';
import { usingPostgres } from '../testing/test-database';
import { createTestShop, type TestShop } from '../testing/test-shop';

const PROCESSES = 2;
const READERS = 3;
const BOOKERS = 3;
const STOCK = 100_000;
/** Answers the load should have had before a process is killed, so the kill lands mid-load. */
const ANSWERS_BEFORE_THE_KILL = 60;

const missing = !usingPostgres()
  ? 'TEST_DATABASE_URL is not set'
  : !haproxyInstalled()
    ? `${HAPROXY_PATH} is missing (apt-get install haproxy)`
    : null;

describe.skipIf(missing !== null)(`the shop behind HAProxy${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let shop: TestShop;
  let ports: number[];
  let processes: ServerProcess[];
  let balancer: RunningHaproxy;
  let load: LoadSpec;

  /** A web process on `port`, draining as shipped, so HAProxy's checks and the drain meet as they do in production. */
  const startWeb = (port: number) =>
    startServerProcess({
      DATABASE_URL: shop.database.url ?? '',
      STRIPE_API_BASE: shop.payments.url,
      ROLE: 'web',
      PORT: String(port),
      TRUST_PROXY: '1',
      SHUTDOWN_DRAIN_MS: String(DEFAULT_DRAIN_MS),
      // The load books far faster than a person; what is measured here is the restart, not the limits.
      RATE_LIMIT_BOOKINGS_PER_MINUTE: '1000000',
      HOLD_LIMIT_BOOKINGS: '1000000',
      HOLD_LIMIT_UNITS: '1000000',
      HOLD_LIMIT_DOLLARS: '1000000',
    });

  /** Resolves once HAProxy has every process in rotation. */
  const allInRotation = () =>
    expect
      .poll(async () => [...(await balancer.replicaStates()).values()], { timeout: 30_000, interval: 200 })
      .toEqual(ports.map(() => 'UP'));

  beforeAll(async () => {
    shop = await createTestShop();
    ports = await Promise.all(Array.from({ length: PROCESSES }, () => freePort()));
    processes = await Promise.all(ports.map(startWeb));
    balancer = await startShippedHaproxy(ports.map((port) => `127.0.0.1:${port}`));
    const bookers = await Promise.all(Array.from({ length: BOOKERS }, () => shop.createUser()));
    load = { readers: READERS, bookers: BOOKERS, bookerTokens: bookers.map(({ token }) => token), toolIds: [] };
  }, 120_000);
  afterAll(async () => {
    await balancer?.stop();
    await Promise.all((processes ?? []).map((process) => process.stop().catch(() => null)));
    await shop?.close();
  });

  /** Every acknowledged booking is a row, and the stock taken is exactly what the rows hold. */
  async function expectBookingsKept(toolId: string, answers: LoadAnswer[]) {
    const acknowledged = answers.flatMap(({ bookingId }) => (bookingId ? [bookingId] : []));
    const rows = await shop.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.toolId, toolId));
    const kept = await shop.database.db.select({ count: count() }).from(bookings).where(inArray(bookings.id, acknowledged));
    expect(kept[0]?.count).toBe(acknowledged.length);
    expect(await stockOf(shop.database.db, toolId)).toBe(STOCK - rows.length);
    return { acknowledged: acknowledged.length, rows: rows.length };
  }

  it('shows the clients no error while each process in turn is stopped and replaced', async () => {
    await allInRotation();
    const tool = await shop.createTool({ available: STOCK, minimumOrderQuantity: 1 });
    const running = startSteadyLoad(balancer.url, { ...load, toolIds: [tool.id] });
    for (const [index, port] of ports.entries()) {
      const stopped = processes[index];
      expect(await stopped?.stop()).toBe(0);
      processes[index] = await startWeb(port);
      await allInRotation();
    }
    const answers = await running.stop();

    const failed = answers.filter(({ status }) => status === null || status >= 400);
    expect(failed, balancer.logs().slice(-3000)).toEqual([]);
    const { acknowledged, rows } = await expectBookingsKept(tool.id, answers);
    expect(acknowledged).toBeGreaterThan(0);
    expect(rows).toBe(acknowledged);
  }, 180_000);

  it('fails at most the bookings in flight when a process is killed, and keeps every acknowledged one', async () => {
    await allInRotation();
    const tool = await shop.createTool({ available: STOCK, minimumOrderQuantity: 1 });
    const running = startSteadyLoad(balancer.url, { ...load, toolIds: [tool.id] });
    await expect.poll(() => running.answered(), { timeout: 30_000 }).toBeGreaterThanOrEqual(ANSWERS_BEFORE_THE_KILL);
    const bookingsInFlight = running.bookingsInFlight();
    processes[0]?.child.kill('SIGKILL');
    await processes[0]?.exited;
    // Until HAProxy's checks take it out, requests sent its way find the port closed and go elsewhere.
    await expect.poll(async () => (await balancer.replicaStates()).get('web0'), { timeout: 30_000, interval: 200 }).toMatch(/^DOWN/);
    const answers = await running.stop();

    // Reads it was answering were retried elsewhere; a booking it may have received never is: its
    // client gets 502, or its connection closed as the process's was.
    const failed = answers.filter(({ status }) => status === null || status >= 400);
    expect(failed.filter(({ method, status }) => method !== 'POST' || (status !== null && status !== 502))).toEqual([]);
    expect(failed.length).toBeLessThanOrEqual(bookingsInFlight);
    const { acknowledged, rows } = await expectBookingsKept(tool.id, answers);
    // A booking it committed but could not acknowledge is a row nobody was told about, and no more.
    expect(rows - acknowledged).toBeLessThanOrEqual(failed.length);
  }, 180_000);
});
