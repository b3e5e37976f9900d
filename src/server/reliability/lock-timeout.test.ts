// A row held by a stuck transaction elsewhere (another process, an operator's open psql) cannot
// hold a request forever: Postgres gives up waiting for the lock after DATABASE_LOCK_TIMEOUT_MS
// and the customer is told to try again, over tRPC and REST alike, with nothing booked.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { bookings } from '../db/schema';
import { form } from '../testing/payments';
import { stockOf } from '../testing/booking-load';
import { holdPartRow } from '../testing/row-lock';
import { usingPostgres } from '../testing/test-database';
import { createTestShop, type TestShop, type TestUser } from '../testing/test-shop';

/** Short, so that the request gives up long before the test's own timeout would end it. */
const LOCK_TIMEOUT_MS = 300;

describe.skipIf(!usingPostgres())('a part whose row another transaction holds', () => {
  let shop: TestShop;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await createTestShop({ database: { lockTimeoutMs: LOCK_TIMEOUT_MS } });
    customer = await shop.createUser('user');
  });
  afterAll(async () => {
    await shop?.close();
  });

  it.each([
    ['tRPC', '/trpc/bookings.create'],
    ['REST', '/booking'],
  ])('answers a booking over %s with 503 and a sentence, and books nothing', async (_via, url) => {
    const tool = await shop.createTool({ available: 10, minimumOrderQuantity: 1 });
    const release = await holdPartRow(shop.database.url ?? '', tool.id);
    try {
      const response = await shop.app.inject({
        method: 'POST',
        url,
        headers: customer.headers,
        payload: { toolsId: tool.id, amount: 2, ...form },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ error: { message: string } }>().error.message).toBe(messages.databaseBusy);
    } finally {
      await release();
    }
    expect(await stockOf(shop.deps.db, tool.id)).toBe(10);
    const [booked] = await shop.deps.db.select({ count: count() }).from(bookings).where(eq(bookings.toolId, tool.id));
    expect(booked?.count).toBe(0);
  });
});
