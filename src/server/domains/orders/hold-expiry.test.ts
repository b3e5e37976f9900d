// Stock holds expire: unpaid bookings older than the hold time are cancelled as 'expired' and their
// stock returned, their PaymentIntents closed first (or the booking settled paid when the money
// already arrived), exactly once however many passes run at the same time.
import { eq, sql } from 'drizzle-orm';
import { freePort } from '../../../emulators/free-port';
import pino from 'pino';
import { describe, expect, test } from '../../testing/fixtures';
import { buildApp } from '../../app';
import { openPostgres, type Database } from '../../db/database';
import { bookings } from '../../db/schema';
import { PaymentsUnavailableError, type PaymentsGateway } from '../../payments/payments-gateway';
import { createStripeGateway } from '../../payments/stripe-gateway';
import {
  ageBooking,
  bookLegacy,
  bookLegacyPart,
  bookingRow,
  confirmInBrowser,
  openIntent,
  paidLegacyBooking,
  payInBrowser,
  stripeFor,
} from '../../testing/payments';
import type { TestShop } from '../../testing/test-shop';
import { stockOf } from '../../testing/booking-load';
import { TEST_FIREBASE_WEB_CONFIG, TEST_STRIPE_KEYS } from '../../testing/test-keys';
import { expireStaleHolds, startHoldExpiry } from './hold-expiry';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const expire = (shop: TestShop, db: Database = shop.database.db, payments = shop.deps.payments) =>
  expireStaleHolds(db, payments, { olderThanMs: DAY_MS });

/** The shop's gateway, but every look at an intent fails at once, as while the provider is down. */
const failingLookups = (shop: TestShop): PaymentsGateway => ({
  ...shop.deps.payments,
  retrieveIntent: () => Promise.reject(new PaymentsUnavailableError('the provider is unreachable')),
});

/** A logger that keeps every line it writes, and those lines parsed. */
function recordingLog() {
  const written: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void written.push(line) });
  const lines = () =>
    written.map(
      (line) => JSON.parse(line) as { level: number; msg: string; holds?: unknown; bookingId?: string; err?: { message?: string } },
    );
  return { log, lines, withMessage: (msg: string) => lines().filter((line) => line.msg === msg) };
}

describe('expireStaleHolds', () => {
  test('cancels an unpaid booking older than the hold time as expired and returns its stock', async ({ shop, customer }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 3, available: 10 });
    await ageBooking(shop, booking._id, 25);

    expect(await expire(shop)).toEqual({ expired: 1, settledPaid: 0, failed: 0 });

    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect((await bookingRow(shop, booking._id)).cancelledAt).toBeInstanceOf(Date);
    expect(await stockOf(shop.database.db, toolId)).toBe(10);
    // The customer still sees it, as cancelled because the hold expired.
    const mine = await shop.caller(customer.user).bookings.mine();
    expect(mine.items.find((item) => item._id === booking._id)).toMatchObject({
      status: 'cancelled',
      paid: false,
      cancelReason: 'expired',
    });
  });

  test('leaves younger unpaid bookings, and paid and shipped ones of any age, alone', async ({ shop, customer }) => {
    const young = await bookLegacyPart(shop, customer, { quantity: 2, available: 10 });
    await ageBooking(shop, young.booking._id, 23);
    const paid = await paidLegacyBooking(shop, customer);
    await ageBooking(shop, paid.booking._id, 48);
    const shipped = await paidLegacyBooking(shop, customer);
    await shop.database.db
      .update(bookings)
      .set({ status: 'shipped', shippedAt: new Date() })
      .where(eq(bookings.id, shipped.booking._id));
    await ageBooking(shop, shipped.booking._id, 48);

    expect(await expire(shop)).toEqual({ expired: 0, settledPaid: 0, failed: 0 });

    expect(await bookingRow(shop, young.booking._id)).toMatchObject({ status: 'unpaid', cancelReason: null });
    expect(await stockOf(shop.database.db, young.toolId)).toBe(8);
    expect(await bookingRow(shop, paid.booking._id)).toMatchObject({ status: 'paid', cancelReason: null });
    expect(await bookingRow(shop, shipped.booking._id)).toMatchObject({ status: 'shipped', cancelReason: null });
  });

  test('cancels the open PaymentIntent first, so the expired booking can no longer be paid', async ({ shop, customer }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 4, available: 10 });
    const intent = await openIntent(shop, customer, booking._id);
    await ageBooking(shop, booking._id, 30);

    expect(await expire(shop)).toEqual({ expired: 1, settledPaid: 0, failed: 0 });

    expect((await stripeFor(shop).paymentIntents.retrieve(intent.id)).status).toBe('canceled');
    expect((await confirmInBrowser(shop, intent)).status).toBe(400);
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect(await stockOf(shop.database.db, toolId)).toBe(10);
  });

  test('settles the booking as paid, keeping its stock, when the money arrived before the hold expired', async ({
    shop,
    customer,
  }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 4, available: 10 });
    const intent = await openIntent(shop, customer, booking._id);
    await payInBrowser(shop, intent);
    await ageBooking(shop, booking._id, 30);

    expect(await expire(shop)).toEqual({ expired: 0, settledPaid: 1, failed: 0 });

    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', transactionId: intent.id, cancelReason: null });
    expect(await stockOf(shop.database.db, toolId)).toBe(6);
  });

  test('never settles a stale hold as paid with the money of another order, and leaves it unpaid', async ({ shop, customer }) => {
    const other = await bookLegacyPart(shop, customer, { quantity: 1, available: 10 });
    const othersIntent = await openIntent(shop, customer, other.booking._id);
    await payInBrowser(shop, othersIntent);
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 4, available: 10 });
    // The stale hold names the other order's succeeded intent as its own.
    await shop.database.db.update(bookings).set({ paymentIntentId: null }).where(eq(bookings.id, other.booking._id));
    await shop.database.db.update(bookings).set({ paymentIntentId: othersIntent.id }).where(eq(bookings.id, booking._id));
    await ageBooking(shop, booking._id, 30);

    expect(await expire(shop)).toEqual({ expired: 0, settledPaid: 0, failed: 1 });

    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'unpaid', transactionId: null, paidAt: null });
    expect(await stockOf(shop.database.db, toolId)).toBe(6);
    // Without the foreign intent, the next pass expires it.
    await shop.database.db.update(bookings).set({ paymentIntentId: null }).where(eq(bookings.id, booking._id));
    expect(await expire(shop)).toEqual({ expired: 1, settledPaid: 0, failed: 0 });
  });

  test('keeps a booking with an intent unpaid while the provider is unreachable, and expires it on a later pass', async ({
    shop,
    customer,
  }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 4, available: 10 });
    await openIntent(shop, customer, booking._id);
    await ageBooking(shop, booking._id, 30);
    const unreachable = createStripeGateway({
      ...TEST_STRIPE_KEYS,
      apiBase: `http://127.0.0.1:${await freePort()}`,
    });

    expect(await expire(shop, shop.database.db, unreachable)).toEqual({ expired: 0, settledPaid: 0, failed: 1 });
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'unpaid' });
    expect(await stockOf(shop.database.db, toolId)).toBe(6);

    expect(await expire(shop)).toEqual({ expired: 1, settledPaid: 0, failed: 0 });
    expect(await stockOf(shop.database.db, toolId)).toBe(10);
  });

  test('tries every stale hold once in one pass, however many batches they fill', async ({ shop }) => {
    const owner = await shop.createUser('user');
    const part = await shop.createTool({ minimumOrderQuantity: 1, available: 1_000 });
    // One more than a batch of 100 holds.
    for (let index = 0; index < 101; index++) {
      await bookLegacy(shop, owner, { toolsId: part.id, amount: 2 });
    }
    // Each with an intent, so each needs the provider.
    await shop.database.db
      .update(bookings)
      .set({ createdAt: sql`now() - make_interval(hours => 25)`, paymentIntentId: sql`'pi_unknown_' || ${bookings.id}::text` })
      .where(eq(bookings.userId, owner.user.id));

    // While the provider is down every hold fails, and is counted once, none of them skipped or tried twice.
    expect(await expire(shop, shop.database.db, failingLookups(shop))).toEqual({ expired: 0, settledPaid: 0, failed: 101 });
    expect(await stockOf(shop.database.db, part.id)).toBe(1_000 - 202);

    expect(await expire(shop)).toEqual({ expired: 101, settledPaid: 0, failed: 0 });
    expect(await stockOf(shop.database.db, part.id)).toBe(1_000);
  });

  test('releases each booking exactly once when six passes run at the same time', async ({ shop }) => {
    const parts = await Promise.all(Array.from({ length: 3 }, () => shop.createTool({ minimumOrderQuantity: 1, available: 100 })));
    const customers = await Promise.all(Array.from({ length: 30 }, () => shop.createUser('user')));
    const booked = await Promise.all(
      customers.map(async (owner, index) => {
        const part = parts[index % parts.length] as { id: string };
        const booking = await bookLegacy(shop, owner, { toolsId: part.id, amount: 1 + (index % 5) });
        if (index % 3 === 0) await openIntent(shop, owner, booking._id);
        await ageBooking(shop, booking._id, 25);
        return booking;
      }),
    );
    // On Postgres each pass gets its own connections, as separate server processes would.
    const url = shop.database.url;
    const handles = url ? await Promise.all(Array.from({ length: 3 }, () => openPostgres(url, { maxConnections: 3 }))) : [];
    const databases = [shop.database.db, ...handles.map((handle) => handle.db)];

    try {
      const passes = await Promise.all(Array.from({ length: 6 }, (_, index) => expire(shop, databases[index % databases.length])));

      expect(passes.reduce((sum, pass) => sum + pass.expired, 0)).toBe(30);
      // The passes that found a booking already taken count it nowhere.
      for (const pass of passes) expect(pass).toEqual({ expired: pass.expired, settledPaid: 0, failed: 0 });
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
    for (const booking of booked) {
      expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    }
    for (const part of parts) expect(await stockOf(shop.database.db, part.id)).toBe(100);
  });
});

describe('the background hold expiry', () => {
  test('runs every interval once the app is ready, and stops when the app closes', async ({ shop, customer }) => {
    const app = await buildApp(shop.deps, {
      ping: shop.database.ping,
      runtimeConfig: {
        firebase: TEST_FIREBASE_WEB_CONFIG,
        payments: { mode: 'stripe', publishableKey: TEST_STRIPE_KEYS.publishableKey },
      },
      holdExpiry: { olderThanMs: DAY_MS, everyMs: 20 },
    });
    const before = await bookLegacyPart(shop, customer, { quantity: 2, available: 10 });
    await ageBooking(shop, before.booking._id, 25);

    await app.ready();
    await expect.poll(async () => (await bookingRow(shop, before.booking._id)).status, { timeout: 5_000 }).toBe('cancelled');
    expect(await stockOf(shop.database.db, before.toolId)).toBe(10);
    // A hold that goes stale after the first pass is expired by a later one.
    const later = await bookLegacyPart(shop, customer, { quantity: 2, available: 10 });
    await ageBooking(shop, later.booking._id, 25);
    await expect.poll(async () => (await bookingRow(shop, later.booking._id)).status, { timeout: 5_000 }).toBe('cancelled');

    await app.close();
    const after = await bookLegacyPart(shop, customer, { quantity: 2, available: 10 });
    await ageBooking(shop, after.booking._id, 25);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await bookingRow(shop, after.booking._id)).toMatchObject({ status: 'unpaid' });
    await expire(shop);
  });

  test('logs what a pass changed, and nothing for a pass that changed nothing', async ({ shop, customer }) => {
    const { log, withMessage } = recordingLog();
    const passLines = () => withMessage('expired stale holds');
    const idle = startHoldExpiry({ ...shop.deps, log }, { olderThanMs: DAY_MS, everyMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await idle.stop();
    expect(passLines()).toEqual([]);

    const { booking } = await bookLegacyPart(shop, customer, { quantity: 2, available: 10 });
    await ageBooking(shop, booking._id, 25);
    const timer = startHoldExpiry({ ...shop.deps, log }, { olderThanMs: DAY_MS, everyMs: 10 });
    await expect.poll(() => passLines().length).toBe(1);
    await timer.stop();
    expect(passLines()[0]?.holds).toEqual({ expired: 1, settledPaid: 0, failed: 0 });
  });

  test('logs a pass that only settled a payment, and one that only failed, and warns of the hold it could not expire', async ({
    shop,
    customer,
  }) => {
    const { log, withMessage } = recordingLog();
    const passLines = () => withMessage('expired stale holds');
    const paid = await bookLegacyPart(shop, customer, { quantity: 2, available: 10 });
    await payInBrowser(shop, await openIntent(shop, customer, paid.booking._id));
    await ageBooking(shop, paid.booking._id, 25);
    const settling = startHoldExpiry({ ...shop.deps, log }, { olderThanMs: DAY_MS, everyMs: 10 });
    await expect.poll(() => passLines().length).toBe(1);
    await settling.stop();
    expect(passLines()[0]?.holds).toEqual({ expired: 0, settledPaid: 1, failed: 0 });

    const stuck = await bookLegacyPart(shop, customer, { quantity: 2, available: 10 });
    await openIntent(shop, customer, stuck.booking._id);
    await ageBooking(shop, stuck.booking._id, 25);
    const failing = startHoldExpiry({ ...shop.deps, payments: failingLookups(shop), log }, { olderThanMs: DAY_MS, everyMs: 10 });
    await expect.poll(() => passLines().length).toBeGreaterThan(1);
    await failing.stop();

    expect(passLines()[1]?.holds).toEqual({ expired: 0, settledPaid: 0, failed: 1 });
    expect(withMessage('could not expire a stale hold; will retry')[0]).toMatchObject({
      level: 40,
      bookingId: stuck.booking._id,
      err: { message: 'the provider is unreachable' },
    });
    expect(await expire(shop)).toEqual({ expired: 1, settledPaid: 0, failed: 0 });
  });

  test('warns of a pass that failed as a whole, and keeps running passes', async ({ shop }) => {
    const { log, withMessage } = recordingLog();
    const unreachable = {
      select: () => {
        throw new Error('the database is unreachable');
      },
    } as unknown as Database;
    const timer = startHoldExpiry({ ...shop.deps, db: unreachable, log }, { olderThanMs: DAY_MS, everyMs: 10 });

    await expect.poll(() => withMessage('the hold expiry pass failed; will retry').length).toBeGreaterThan(1);
    await timer.stop();

    expect(withMessage('the hold expiry pass failed; will retry')[0]).toMatchObject({
      level: 40,
      err: { message: 'the database is unreachable' },
    });
  });

  test('does not overlap a slow pass with the next one, and stop() waits for the pass in progress', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer, { quantity: 2, available: 10 });
    await openIntent(shop, customer, booking._id);
    await ageBooking(shop, booking._id, 25);
    let retrievals = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const slowPayments = {
      ...shop.deps.payments,
      retrieveIntent: async (id: string) => {
        retrievals++;
        await released;
        return shop.deps.payments.retrieveIntent(id);
      },
    };
    const timer = startHoldExpiry({ ...shop.deps, payments: slowPayments }, { olderThanMs: DAY_MS, everyMs: 10 });

    await expect.poll(() => retrievals).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(retrievals).toBe(1);
    const stopped = timer.stop();
    release();
    await stopped;

    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
  });
});
