// Concurrency: many customers booking the last units of one part at the same moment, over real
// HTTP, through one server (PGlite or Postgres) and through two server processes sharing one
// Postgres. Stock never goes negative, every accepted booking is backed by stock, every refusal
// is a 409 that says how few are left. A payment racing a cancel across two processes ends one way.
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { bookings } from '../db/schema';
import { confirmInBrowser, form, openIntent, payInBrowser, stripeFor } from '../testing/payments';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { createTestShop, type TestShop } from '../testing/test-shop';
import { usingPostgres } from '../testing/test-database';
import { bookOverHttp, expectEveryBookingBackedByStock, stockOf, type Via } from '../testing/booking-load';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

/** One customer per request, quantities 1, 2, 3 in turn, alternating REST and tRPC. */
function raceFor(customers: Array<{ token: string }>, toolId: string, servers: string[]) {
  return customers.map(({ token }, index) => {
    const via: Via = index % 4 < 2 ? 'rest' : 'trpc';
    return { token, server: servers[index % servers.length] as string, request: { toolId, quantity: 1 + (index % 3), via } };
  });
}

describe('the last units of a part, booked by many customers at once through one server', () => {
  it('sells exactly the 40 units in stock when 60 customers ask for 120, refusing the rest with 409', async () => {
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 40 });
    const customers = await Promise.all(Array.from({ length: 60 }, () => shop.createUser()));

    const race = raceFor(customers, tool.id, [address]);
    const attempts = await Promise.all(race.map(({ server, token, request }) => bookOverHttp(server, token, request)));

    const result = await expectEveryBookingBackedByStock(shop.database.db, tool.id, 40, attempts);
    expect(result.booked).toBeGreaterThan(0);
    expect(result.refused).toBeGreaterThan(0);
    // Demand (120) far exceeds stock: what is left is less than the smallest quantity anyone asked for.
    expect(result.finalStock).toBe(0);
  });
});

describe.skipIf(!usingPostgres())('two server processes sharing one Postgres', () => {
  // The shop and both processes sign sessions with the same test secret: a customer's token works on each.
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    if (!shop.database.url) throw new Error('no Postgres URL for the server processes');
    const env = {
      DATABASE_URL: shop.database.url,
      STRIPE_API_BASE: shop.payments.url,
    };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    const codes = await Promise.all(servers.map((server) => server.stop()));
    expect(codes).toEqual(servers.map(() => 0));
  });

  it('never oversells when 120 customers split over both processes race for 50 units, three times over', async () => {
    const customers = await Promise.all(Array.from({ length: 120 }, () => shop.createUser()));
    for (let round = 0; round < 3; round++) {
      const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 50 });
      const race = raceFor(
        customers,
        tool.id,
        servers.map((server) => server.url),
      );

      const attempts = await Promise.all(race.map(({ server, token, request }) => bookOverHttp(server, token, request)));

      const result = await expectEveryBookingBackedByStock(shop.database.db, tool.id, 50, attempts);
      expect(result.finalStock).toBe(0);
      expect(result.refused).toBeGreaterThan(0);
    }
  });

  it('keeps stock exact while customers on both processes book and cancel at the same time', async () => {
    const customers = await Promise.all(Array.from({ length: 40 }, () => shop.createUser()));
    const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 30 });
    const [first, second] = servers.map((server) => server.url) as [string, string];

    // Each customer books on one process and, if it worked, cancels on the other.
    const outcomes = await Promise.all(
      customers.map(async ({ token }, index) => {
        const [bookOn, cancelOn] = index % 2 === 0 ? [first, second] : [second, first];
        const attempt = await bookOverHttp(bookOn, token, { toolId: tool.id, quantity: 1 + (index % 3), via: 'rest' });
        if (attempt.outcome !== 'booked' || index % 4 >= 2) return { attempt, cancelled: false };
        const response = await fetch(`${cancelOn}/booking?amount=${attempt.id}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.status).toBe(200);
        return { attempt, cancelled: true };
      }),
    );

    for (const { attempt } of outcomes) {
      if (attempt.outcome === 'refused') expect(attempt).toMatchObject({ status: 409 });
    }
    const rows = await shop.database.db
      .select({ quantity: bookings.quantity, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.toolId, tool.id));
    const held = rows.filter((row) => row.status === 'unpaid').reduce((sum, row) => sum + row.quantity, 0);
    const finalStock = await stockOf(shop.database.db, tool.id);
    expect(finalStock).toBeGreaterThanOrEqual(0);
    expect(held).toBe(30 - finalStock);
    expect(rows.filter((row) => row.status === 'cancelled')).toHaveLength(outcomes.filter((o) => o.cancelled).length);
  });

  it('pays exactly once when the browser’s markPaid on one process races a cancel on the other', async () => {
    const owner = await shop.createUser();
    const rounds = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 5 });
        const booking = await shop.caller(owner.user).bookings.create({ toolsId: tool.id, amount: 2, ...form });
        const intent = await openIntent(shop, owner, booking._id);
        await payInBrowser(shop, intent);
        return { toolId: tool.id, bookingId: booking._id, intent };
      }),
    );

    await Promise.all(
      rounds.map(async ({ toolId, bookingId, intent }, index) => {
        const [payOn, cancelOn] = index % 2 === 0 ? servers : [...servers].reverse();
        const [pay, cancel] = await Promise.all([
          fetch(`${payOn?.url}/booking/${bookingId}`, {
            method: 'PATCH',
            headers: { ...owner.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ transactionId: intent.id }),
          }),
          fetch(`${cancelOn?.url}/booking?amount=${bookingId}`, { method: 'DELETE', headers: owner.headers }),
        ]);

        expect(pay.status).toBe(200);
        expect(await pay.json()).toMatchObject({ status: 'paid', transaction: intent.id });
        expect(cancel.status).toBe(409);
        expect(await cancel.json()).toEqual({ error: { code: 'CONFLICT', message: messages.orderAlreadyPaid } });
        expect(await bookingStatus(bookingId)).toEqual({ status: 'paid', transactionId: intent.id });
        expect(await stockOf(shop.database.db, toolId)).toBe(3);
      }),
    );
  });

  it('ends either paid or cancelled, never both, when the card is confirmed while the other process cancels', async () => {
    const owner = await shop.createUser();
    const rounds = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 5 });
        const booking = await shop.caller(owner.user).bookings.create({ toolsId: tool.id, amount: 2, ...form });
        return { toolId: tool.id, bookingId: booking._id, intent: await openIntent(shop, owner, booking._id) };
      }),
    );

    const endings = await Promise.all(
      rounds.map(async ({ toolId, bookingId, intent }, index) => {
        const [payOn, cancelOn] = index % 2 === 0 ? servers : [...servers].reverse();
        const payAndTell = async () => {
          // Staggered, so the rounds cover the card arriving before, during and after the cancel.
          await sleep(index * 12);
          const confirm = await confirmInBrowser(shop, intent);
          if (confirm.status !== 200) return { confirmed: false, patch: null };
          const patch = await fetch(`${payOn?.url}/booking/${bookingId}`, {
            method: 'PATCH',
            headers: { ...owner.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ transactionId: intent.id }),
          });
          return { confirmed: true, patch: { status: patch.status, body: (await patch.json()) as unknown } };
        };
        const cancelRequest = async () => {
          const response = await fetch(`${cancelOn?.url}/booking?amount=${bookingId}`, { method: 'DELETE', headers: owner.headers });
          return { status: response.status, body: (await response.json()) as unknown };
        };
        const [paid, cancel] = await Promise.all([payAndTell(), cancelRequest()]);
        const atProvider = (await stripeFor(shop).paymentIntents.retrieve(intent.id)).status;
        const stock = await stockOf(shop.database.db, toolId);
        const row = await bookingStatus(bookingId);

        if (paid.confirmed) {
          // The money was taken: the order is paid, the cancel refused, the stock kept.
          expect(paid.patch).toMatchObject({ status: 200, body: { status: 'paid', transaction: intent.id } });
          expect(cancel).toEqual({ status: 409, body: { error: { code: 'CONFLICT', message: messages.orderAlreadyPaid } } });
          expect(row).toEqual({ status: 'paid', transactionId: intent.id });
          expect(atProvider).toBe('succeeded');
          expect(stock).toBe(3);
          return 'paid';
        }
        // The cancel won: the intent can no longer take money and the stock is back.
        expect(cancel).toEqual({ status: 200, body: { deletedCount: 1 } });
        expect(row).toEqual({ status: 'cancelled', transactionId: null });
        expect(atProvider).toBe('canceled');
        expect(stock).toBe(5);
        return 'cancelled';
      }),
    );
    expect(endings).toHaveLength(16);
  });
});

async function bookingStatus(id: string) {
  const [row] = await shop.database.db
    .select({ status: bookings.status, transactionId: bookings.transactionId })
    .from(bookings)
    .where(eq(bookings.id, id));
  return row;
}
