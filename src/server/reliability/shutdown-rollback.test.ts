// Work abandoned at the shutdown deadline never commits. A booking waits on a part's row that the
// test holds (as a stuck transaction elsewhere would) when a server process, with no statement or
// lock timeout of its own, is told to stop; its deadline passes, it exits, and only then is the row
// released. The process had ended its Postgres sessions before it exited, so the booking was
// rolled back: no booking row, no stock taken, ever. (PGlite lives inside the process: its work
// ends with it.)
import { count, eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_AFTER_DEADLINE } from '../boot/shutdown';
import { bookings } from '../db/schema';
import { stockOf } from '../testing/booking-load';
import { form } from '../testing/payments';
import { holdPartRow } from '../testing/row-lock';
import { startServerProcess } from '../testing/server-process';
import { usingPostgres } from '../testing/test-database';
import { createTestShop, type TestShop } from '../testing/test-shop';

describe.skipIf(!usingPostgres())('a booking still waiting on a row when the shutdown deadline passes', () => {
  let shop: TestShop;
  let observer: postgres.Sql;

  beforeAll(async () => {
    shop = await createTestShop();
    observer = postgres(shop.database.url ?? '', { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await observer?.end();
    await shop?.close();
  });

  /** The Postgres sessions the server process with this pid has open, and what each waits for. */
  async function sessionsOf(pid: number): Promise<Array<{ waiting: string | null }>> {
    const rows = await observer<Array<{ waiting: string | null }>>`
      select wait_event_type as waiting from pg_stat_activity where application_name like ${`sprocket % ${pid} %`}`;
    return [...rows];
  }

  it('is rolled back, and stays so once the row is free', async () => {
    const customer = await shop.createUser();
    const tool = await shop.createTool({ available: 10, minimumOrderQuantity: 1 });
    const server = await startServerProcess({
      DATABASE_URL: shop.database.url ?? '',
      STRIPE_API_BASE: shop.payments.url,
      // Nothing ends the wait but the deadline.
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_LOCK_TIMEOUT_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '1000',
    });
    const pid = server.child.pid ?? 0;
    const release = await holdPartRow(shop.database.url ?? '', tool.id);
    try {
      const booking = fetch(`${server.url}/booking`, {
        method: 'POST',
        headers: { ...customer.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ toolsId: tool.id, amount: 2, ...form }),
      }).catch(() => null);
      await expect.poll(async () => (await sessionsOf(pid)).some(({ waiting }) => waiting === 'Lock')).toBe(true);

      expect(await server.stop()).toBe(EXIT_AFTER_DEADLINE);
      // The customer is told nothing, or that nothing was changed (the rollback's 503), never "booked".
      expect([null, 503]).toContain((await booking)?.status ?? null);
      // Gone with the process, not later: nothing of it is left to take the lock once it is free.
      expect(await sessionsOf(pid)).toEqual([]);
    } finally {
      await release();
    }

    const [booked] = await shop.database.db.select({ count: count() }).from(bookings).where(eq(bookings.toolId, tool.id));
    expect(booked?.count).toBe(0);
    expect(await stockOf(shop.database.db, tool.id)).toBe(10);
  }, 60_000);
});
