// Every order event queues exactly one email in the outbox, in the same transaction as the change:
// when the outbox cannot take the row, the order does not change either; a refused booking
// queues nothing. Runs on PGlite, and on Postgres with TEST_DATABASE_URL.
import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, test } from '../../testing/fixtures';
import { messages } from '../../../shared/messages';
import { emailOutbox } from '../../db/schema';
import { stockOf } from '../../testing/booking-load';
import { everyPage } from '../../testing/keyset-pages';
import {
  ageBooking,
  bookLegacyPart,
  bookingRow,
  deliverWebhook,
  eventFor,
  form,
  openIntent,
  paidLegacyBooking,
  payInBrowser,
  providerIntent,
} from '../../testing/payments';
import type { TestShop } from '../../testing/test-shop';
import { expireStaleHolds } from '../orders/hold-expiry';

async function emailsOf(shop: TestShop, bookingId: string) {
  return shop.database.db
    .select({ kind: emailOutbox.kind, recipient: emailOutbox.recipient, status: emailOutbox.status, attempts: emailOutbox.attempts })
    .from(emailOutbox)
    .where(eq(emailOutbox.bookingId, bookingId))
    .orderBy(asc(emailOutbox.seq));
}

async function outboxSize(shop: TestShop): Promise<number> {
  return shop.database.db.$count(emailOutbox);
}

describe('each order event queues one email', () => {
  test('queues the booking email to the customer when a part is booked', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    expect(await emailsOf(shop, booking._id)).toEqual([
      { kind: 'booking', recipient: customer.user.email, status: 'pending', attempts: 0 },
    ]);
  });

  test('queues nothing for a refused booking', async ({ shop, customer }) => {
    const part = await shop.createTool({ minimumOrderQuantity: 1, available: 2 });
    const before = await outboxSize(shop);
    await expect(shop.caller(customer.user).bookings.create({ toolsId: part.id, amount: 3, ...form })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await outboxSize(shop)).toBe(before);
  });

  test('queues the payment-received email once, however often the payment is confirmed', async ({ shop, customer }) => {
    const { booking, intent } = await paidLegacyBooking(shop, customer);
    await shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: intent.id });
    // The provider's signed event for the same payment changes nothing more.
    const event = eventFor('payment_intent.succeeded', await providerIntent(shop, intent.id));
    expect((await deliverWebhook(shop, event)).statusCode).toBe(200);

    expect((await emailsOf(shop, booking._id)).map((email) => email.kind)).toEqual(['booking', 'payment_received']);
  });

  test('queues the payment-received email when only the webhook reports the payment', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    const intent = await openIntent(shop, customer, booking._id);
    await payInBrowser(shop, intent);
    expect((await deliverWebhook(shop, eventFor('payment_intent.succeeded', await providerIntent(shop, intent.id)))).statusCode).toBe(
      200,
    );

    expect((await bookingRow(shop, booking._id)).status).toBe('paid');
    expect((await emailsOf(shop, booking._id)).map((email) => email.kind)).toEqual(['booking', 'payment_received']);
  });

  test('queues the shipped email when an admin ships a paid order', async ({ shop, customer, admin }) => {
    const { booking } = await paidLegacyBooking(shop, customer);
    await shop.caller(admin.user).bookings.ship({ id: booking._id });
    expect((await emailsOf(shop, booking._id)).map((email) => email.kind)).toEqual(['booking', 'payment_received', 'shipped']);
  });

  test('queues the cancelled email when the customer or an admin cancels', async ({ shop, customer, admin }) => {
    const own = await bookLegacyPart(shop, customer);
    const byAdmin = await bookLegacyPart(shop, customer);
    await shop.caller(customer.user).bookings.cancel({ id: own.booking._id });
    await shop.caller(admin.user).bookings.cancel({ id: byAdmin.booking._id });

    expect((await emailsOf(shop, own.booking._id)).map((email) => email.kind)).toEqual(['booking', 'cancelled']);
    expect((await emailsOf(shop, byAdmin.booking._id)).map((email) => email.kind)).toEqual(['booking', 'cancelled']);
  });

  test('queues the expired email when a hold runs out, not a cancelled one', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    await ageBooking(shop, booking._id, 48);
    await expireStaleHolds(shop.deps.db, shop.deps.payments, { olderThanMs: 24 * 3_600_000 });
    expect((await emailsOf(shop, booking._id)).map((email) => email.kind)).toEqual(['booking', 'expired']);
  });

  test('queues nothing for a refused cancel or ship', async ({ shop, customer, admin }) => {
    const { booking } = await paidLegacyBooking(shop, customer);
    const unpaid = await bookLegacyPart(shop, customer);
    const before = await outboxSize(shop);
    await expect(shop.caller(customer.user).bookings.cancel({ id: booking._id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(shop.caller(admin.user).bookings.ship({ id: unpaid.booking._id })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await outboxSize(shop)).toBe(before);
  });
});

describe('the email and the order change commit together', () => {
  // The outbox refuses every row while this trigger stands: each change must then be undone too.
  async function refuseOutboxRows(shop: TestShop) {
    await shop.database.db.execute(sql`
      create or replace function refuse_outbox_row() returns trigger language plpgsql as $$
      begin raise exception 'outbox unavailable'; end $$`);
    await shop.database.db.execute(
      sql`create trigger refuse_outbox_row before insert on email_outbox for each row execute function refuse_outbox_row()`,
    );
  }
  test.afterEach(async ({ shop }) => {
    await shop.database.db.execute(sql`drop trigger if exists refuse_outbox_row on email_outbox`);
  });

  test('books nothing and takes no stock when the booking email cannot be queued', async ({ shop, customer }) => {
    const part = await shop.createTool({ minimumOrderQuantity: 1, available: 5 });
    await refuseOutboxRows(shop);
    await expect(shop.caller(customer.user).bookings.create({ toolsId: part.id, amount: 2, ...form })).rejects.toThrow();
    expect(await stockOf(shop.database.db, part.id)).toBe(5);
  });

  test('leaves the booking unpaid when the payment email cannot be queued', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    const intent = await openIntent(shop, customer, booking._id);
    await payInBrowser(shop, intent);
    await refuseOutboxRows(shop);
    await expect(shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: intent.id })).rejects.toThrow();
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'unpaid', transactionId: null });
  });

  test('leaves the order paid when the shipped email cannot be queued', async ({ shop, customer, admin }) => {
    const { booking } = await paidLegacyBooking(shop, customer);
    await refuseOutboxRows(shop);
    await expect(shop.caller(admin.user).bookings.ship({ id: booking._id })).rejects.toThrow();
    expect((await bookingRow(shop, booking._id)).status).toBe('paid');
  });

  test('leaves the booking and its stock when the cancelled email cannot be queued', async ({ shop, customer }) => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 2, available: 10 });
    await refuseOutboxRows(shop);
    await expect(shop.caller(customer.user).bookings.cancel({ id: booking._id })).rejects.toThrow();
    expect((await bookingRow(shop, booking._id)).status).toBe('unpaid');
    expect(await stockOf(shop.database.db, toolId)).toBe(8);
  });
});

describe('admins and undelivered emails', () => {
  test('lists the emails not yet delivered and puts a failed one back in the queue, audited', async ({ shop, customer, admin }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    const [queued] = await shop.database.db
      .update(emailOutbox)
      .set({ status: 'failed', attempts: 5, lastError: 'connect ECONNREFUSED 127.0.0.1:25' })
      .where(eq(emailOutbox.bookingId, booking._id))
      .returning({ id: emailOutbox.id });

    const listed = await shop.caller(admin.user).emails.undelivered({ limit: 50 });
    expect(listed.items.find((email) => email._id === queued!.id)).toMatchObject({
      kind: 'booking',
      recipient: customer.user.email,
      status: 'failed',
      attempts: 5,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      bookingId: booking._id,
    });

    const retried = await shop.caller(admin.user).emails.retry({ id: queued!.id });
    expect(retried).toMatchObject({ status: 'pending', attempts: 0 });
    const audit = await shop.caller(admin.user).users.auditLog({});
    expect(audit.items[0]).toMatchObject({ actorEmail: admin.user.email, action: 'email.retry' });
    expect(audit.items[0]!.subject).toContain(queued!.id);
  });

  test('pages the undelivered emails newest first, each once', async ({ shop, customer, admin }) => {
    for (let index = 0; index < 4; index++) await bookLegacyPart(shop, customer);
    const all = (await shop.caller(admin.user).emails.undelivered({ limit: 100 })).items;
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.length).toBeLessThan(100);

    // Pages of three, so the cursor must be a page's last email, not merely one of its others.
    const pages = await everyPage((cursor) => shop.caller(admin.user).emails.undelivered({ limit: 3, cursor }));
    expect(pages.flat().map((email) => email._id)).toEqual(all.map((email) => email._id));
    for (const page of pages.slice(0, -1)) expect(page).toHaveLength(3);
    expect(pages.at(-1)?.length).toBeGreaterThan(0);
    // A page that ends exactly at the last email says there is no next one.
    expect((await shop.caller(admin.user).emails.undelivered({ limit: all.length })).nextCursor).toBeNull();
    const times = all.map((email) => new Date(email.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test('answers a retry of an email that does not exist with NOT_FOUND', async ({ shop, admin }) => {
    await expect(shop.caller(admin.user).emails.retry({ id: randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.emailNotFound,
    });
  });

  test('refuses to send again an email already sent, and a customer may not list or retry', async ({ shop, customer, admin }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    const [sent] = await shop.database.db
      .update(emailOutbox)
      .set({ status: 'sent', attempts: 1, sentAt: new Date() })
      .where(eq(emailOutbox.bookingId, booking._id))
      .returning({ id: emailOutbox.id });

    await expect(shop.caller(admin.user).emails.retry({ id: sent!.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.emailAlreadySent,
    });
    expect((await emailsOf(shop, booking._id))[0]).toMatchObject({ status: 'sent' });
    await expect(shop.caller(customer.user).emails.undelivered({})).rejects.toBeInstanceOf(TRPCError);
    await expect(shop.caller(customer.user).emails.retry({ id: sent!.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
