// The sender against a real SMTP server: the embedded mail catcher started here on free ports.
// Queued emails arrive with both parts; a mail server that refuses is retried with backoff
// until the last attempt, then the email shows as failed to admins, and "Retry now" sends it; two
// senders at once never send the same email twice; a resend carries the first send's Message-ID;
// a batch goes out over as many connections as the mailer has, and a backlog drains batch after
// batch. PGlite, and Postgres with TEST_DATABASE_URL.
import { eq } from 'drizzle-orm';
import { freePort } from '../../../emulators/free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { bookLegacyPart } from '../../testing/payments';
import { createTestShop, type TestShop, type TestUser } from '../../testing/test-shop';
import { startMailCatcher, type CaughtEmail, type MailCatcher } from '../../../emulators/mail/mail-catcher';
import { createSmtpMailer, type Mailer } from './mailer';
import { createMetrics } from '../../metrics/metrics';
import { batchSizeOf, deliverDueEmails, MAX_EMAIL_ATTEMPTS, retryDelayMs, startEmailSender } from './outbox-sender';

const SENDER = 'Sprocket <orders@sprocket.example>';

let shop: TestShop;
let customer: TestUser;
let admin: TestUser;
let catcher: MailCatcher;
let mailer: Mailer;

beforeAll(async () => {
  [shop, catcher] = await Promise.all([createTestShop(), startMailCatcher({ inboxPort: 0 })]);
  mailer = createSmtpMailer({ url: catcher.smtpUrl, from: SENDER });
  customer = await shop.createUser('user');
  admin = await shop.createUser('admin');
});
afterAll(async () => {
  mailer.close();
  await Promise.all([shop.close(), catcher.close()]);
});

async function inbox(): Promise<CaughtEmail[]> {
  const response = await fetch(`${catcher.inboxUrl}/api/email`);
  return (await response.json()) as CaughtEmail[];
}

async function caughtFor(orderId: string): Promise<CaughtEmail[]> {
  return (await inbox()).filter((email) => email.text.includes(orderId));
}

async function outboxRow(bookingId: string) {
  const [row] = await shop.database.db
    .select({ id: emailOutbox.id, status: emailOutbox.status, attempts: emailOutbox.attempts, lastError: emailOutbox.lastError })
    .from(emailOutbox)
    .where(eq(emailOutbox.bookingId, bookingId));
  return row!;
}

/** A mail server that is not there: a free port nothing listens on. */
async function unreachableMailer(): Promise<Mailer> {
  return createSmtpMailer({ url: `smtp://127.0.0.1:${await freePort()}`, from: SENDER });
}

describe('the email sender', () => {
  it('delivers a queued booking email with its HTML and text parts, once', async () => {
    const { booking } = await bookLegacyPart(shop, customer);

    expect(await deliverDueEmails(shop.deps, mailer)).toMatchObject({ sent: 1 });
    expect(await deliverDueEmails(shop.deps, mailer)).toEqual({ sent: 0, retrying: 0, failed: 0 });

    // The catcher keeps an email before it accepts it, so it is listed once the send returns.
    const caught = await caughtFor(booking._id);
    expect(caught).toHaveLength(1);
    expect(caught[0]!.subject).toBe(`Your booking of ${booking.toolsName}`);
    expect(caught[0]!.to).toEqual([expect.objectContaining({ address: customer.user.email })]);
    expect(caught[0]!.html).toContain(booking.toolsName);
    const row = await outboxRow(booking._id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(caught[0]!.messageId).toBe(`<${row.id}@sprocket.example>`);
  });

  it('retries a refused send with backoff, marks it failed after the last attempt, and sends it on Retry now', async () => {
    const { booking } = await bookLegacyPart(shop, customer);
    const down = await unreachableMailer();
    let now = new Date();

    for (let attempt = 1; attempt < MAX_EMAIL_ATTEMPTS; attempt++) {
      expect(await deliverDueEmails(shop.deps, down, now)).toEqual({ sent: 0, retrying: 1, failed: 0 });
      expect(await outboxRow(booking._id)).toMatchObject({
        status: 'pending',
        attempts: attempt,
      });
      expect((await outboxRow(booking._id)).lastError).toMatch(/ECONNREFUSED/);
      // Not tried again before its delay has passed.
      expect(await deliverDueEmails(shop.deps, down, new Date(now.getTime() + retryDelayMs(attempt) - 1000))).toMatchObject({
        retrying: 0,
      });
      now = new Date(now.getTime() + retryDelayMs(attempt));
    }
    expect(await deliverDueEmails(shop.deps, down, now)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    down.close();
    const failed = await outboxRow(booking._id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_EMAIL_ATTEMPTS });

    // Failed for good: no later pass tries it, and admins see it with its error.
    expect(await deliverDueEmails(shop.deps, mailer, new Date(now.getTime() + 86_400_000))).toMatchObject({ sent: 0 });
    const listed = await shop.caller(admin.user).emails.undelivered({});
    const shown = listed.items.find((email) => email._id === failed.id);
    expect(shown).toMatchObject({ status: 'failed', attempts: MAX_EMAIL_ATTEMPTS });
    expect(shown?.lastError).toMatch(/ECONNREFUSED/);
    expect(await caughtFor(booking._id)).toEqual([]);

    await shop.caller(admin.user).emails.retry({ id: failed.id });
    expect(await deliverDueEmails(shop.deps, mailer)).toMatchObject({ sent: 1 });
    expect(await caughtFor(booking._id)).toHaveLength(1);
    expect(await outboxRow(booking._id)).toMatchObject({ status: 'sent', lastError: null });
    expect((await shop.caller(admin.user).emails.undelivered({})).items.map((email) => email._id)).not.toContain(failed.id);
  });

  it('never sends an email twice when two senders run at once', async () => {
    const bookings = await Promise.all(Array.from({ length: 6 }, () => bookLegacyPart(shop, customer)));
    const sends: string[] = [];
    // One connection each: a batch of four, so the two senders' claims interleave.
    const counting: Mailer = {
      send: async (email) => {
        sends.push(email.text);
        await mailer.send(email);
      },
      maxConnections: 1,
      close: () => undefined,
    };

    const [first, second] = await Promise.all([deliverDueEmails(shop.deps, counting), deliverDueEmails(shop.deps, counting)]);

    expect(first.sent + second.sent).toBe(6);
    expect(sends).toHaveLength(6);
    for (const { booking } of bookings) expect(await caughtFor(booking._id), booking._id).toHaveLength(1);
    expect(await deliverDueEmails(shop.deps, counting)).toMatchObject({ sent: 0 });
  });
});

describe('resends', () => {
  it('sends an email again with the same Message-ID when the server took it but the send went unrecorded', async () => {
    const { booking } = await bookLegacyPart(shop, customer);
    const { id } = await outboxRow(booking._id);
    // The server accepts the email, then the attempt fails as when the worker stops before marking it sent.
    const acceptedThenLost: Mailer = {
      ...mailer,
      send: async (email) => {
        await mailer.send(email);
        throw new Error('the worker stopped before marking the email sent');
      },
    };
    const now = new Date();
    expect(await deliverDueEmails(shop.deps, acceptedThenLost, now)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await deliverDueEmails(shop.deps, mailer, new Date(now.getTime() + retryDelayMs(1)))).toMatchObject({ sent: 1 });

    // Two copies reached the server; a receiving server or mail client sees one email.
    const copies = await caughtFor(booking._id);
    expect(copies.map((copy) => copy.messageId)).toEqual([`<${id}@sprocket.example>`, `<${id}@sprocket.example>`]);
  });
});

describe('the pace', () => {
  it('sends a batch over as many connections as the mailer has at once, never more', async () => {
    const connections = 3;
    const queued = await Promise.all(
      Array.from({ length: batchSizeOf({ maxConnections: connections }) }, () => bookLegacyPart(shop, customer)),
    );
    let inFlight = 0;
    let most = 0;
    const waiting: Array<() => void> = [];
    const threeConnections: Mailer = {
      // The first sends wait until all three connections are busy: one at a time would never get past them.
      send: async (email) => {
        most = Math.max(most, ++inFlight);
        if (inFlight < connections && most < connections) await new Promise<void>((resolve) => waiting.push(resolve));
        else for (const release of waiting.splice(0)) release();
        await mailer.send(email);
        inFlight--;
      },
      maxConnections: connections,
      close: () => undefined,
    };

    expect(await deliverDueEmails(shop.deps, threeConnections)).toEqual({ sent: queued.length, retrying: 0, failed: 0 });
    expect(most).toBe(connections);
    for (const { booking } of queued) expect(await caughtFor(booking._id), booking._id).toHaveLength(1);
  });

  it('drains a backlog of several batches one after the other, not one batch per tick of its timer', async () => {
    const oneConnection: Mailer = { ...mailer, maxConnections: 1 };
    const backlog = await Promise.all(
      Array.from({ length: 2 * batchSizeOf(oneConnection) + 1 }, () => bookLegacyPart(shop, customer)),
    );
    const metrics = createMetrics();
    // Its timer would tick again only in an hour: every batch after the first follows the one before.
    const sender = startEmailSender({ ...shop.deps, mailer: oneConnection, metrics }, { everyMs: 3_600_000 });
    try {
      await expect
        .poll(
          async () =>
            (await Promise.all(backlog.map(({ booking }) => outboxRow(booking._id)))).filter((row) => row.status === 'sent').length,
          {
            timeout: 20_000,
          },
        )
        .toBe(backlog.length);
    } finally {
      await sender.stop();
    }
    const counted = await metrics.registry.getSingleMetric('sprocket_emails_total')!.get();
    expect(counted.values.find((value) => value.labels.outcome === 'sent')?.value).toBe(backlog.length);
  });
});
