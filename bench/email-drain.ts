// `npx tsx bench/email-drain.ts`: how long one worker takes to deliver a backlog of order emails
// to the embedded mail catcher, on Postgres (not part of CI). It creates a database (and drops it),
// queues EMAILS booking emails as the shop does (an outbox row per booking), then runs the worker's
// own pieces in this process (the mail catcher, the pooled SMTP mailer, the sender's timer) and
// times from the sender's start until every row is marked sent. Target: under 60 s for 2,000.
// Environment: BENCH_DATABASE_URL (an admin connection; default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_EMAILS (default 2000).
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { count, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import postgres from 'postgres';
import { openPostgres, type Database } from '../src/server/db/database';
import { emailOutbox, tools, users } from '../src/server/db/schema';
import { startMailCatcher } from '../src/emulators/mail/mail-catcher';
import { createSmtpMailer } from '../src/server/domains/email/mailer';
import { startEmailSender } from '../src/server/domains/email/outbox-sender';
import { createMetrics } from '../src/server/metrics/metrics';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const EMAILS = Number(process.env.BENCH_EMAILS ?? 2_000);
const TARGET_SECONDS = 60;
const POLL_MS = 100;

/** A part and a customer, and EMAILS bookings of it each with its booking email queued. */
async function queueBacklog(db: Database): Promise<void> {
  const [customer] = await db
    .insert(users)
    .values({ email: 'drain@example.com', emailVerified: true, displayName: 'Drain Customer' })
    .returning();
  const [part] = await db
    .insert(tools)
    .values({
      name: 'Drain part',
      img: '/images/parts/bike-headsets.svg',
      priceCents: 25_00,
      minimumOrderQuantity: 1,
      available: 1,
      description: 'A part for the email benchmark.',
    })
    .returning();
  await db.execute(sql`
    with booked as (
      insert into bookings (tool_id, user_id, tool_name, email, person_name, phone, address, quantity, unit_price_cents, total_cents)
      select ${part!.id}, ${customer!.id}, 'Drain part', 'drain@example.com', 'Drain Customer ' || n, '+1 555 0100',
             n || ' Derailleur Lane, Gearton', 1, 2500, 2500
      from generate_series(1, ${EMAILS}) as n
      returning id, email
    )
    insert into email_outbox (kind, booking_id, recipient) select 'booking', id, email from booked`);
}

async function sentCount(db: Database): Promise<number> {
  const [row] = await db.select({ sent: count() }).from(emailOutbox).where(eq(emailOutbox.status, 'sent'));
  return row?.sent ?? 0;
}

async function main(): Promise<void> {
  const name = `sprocket_email_drain_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const loadBefore = loadavg();
  try {
    const database = await openPostgres(url.toString());
    const catcher = await startMailCatcher({ inboxPort: 0 });
    const mailer = createSmtpMailer({ url: catcher.smtpUrl, from: 'Sprocket <orders@sprocket.example>' });
    try {
      await queueBacklog(database.db);
      const log = pino({ level: 'warn' });
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      // Order emails only: the identity provider is asked for nothing (it makes account emails' links).
      const identity = { accountActionCode: () => Promise.reject(new Error('no account emails in this benchmark')) };
      const sender = startEmailSender({
        db: database.db,
        identity,
        shopTimeZone: 'UTC',
        shopUrl: 'https://shop.example',
        mailer,
        log,
        metrics: createMetrics(),
      });
      let sent = 0;
      while ((sent = await sentCount(database.db)) < EMAILS) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      await sender.stop();
      const [failed] = await database.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, 'failed'));
      console.log(
        `email drain: ${sent} emails sent to the mail catcher in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)}/s), ` +
          `${failed?.n ?? 0} failed; ${mailer.maxConnections} SMTP connections; this process used ${cpuSeconds.toFixed(1)} s of CPU ` +
          `(${Math.round((cpuSeconds * 1e6) / sent)} µs an email); target under ${TARGET_SECONDS} s: ${seconds < TARGET_SECONDS ? 'met' : 'missed'}`,
      );
      console.log(
        `machine: ${cpus().length} cores, Node ${process.version}, load before ${format(loadBefore)}, after ${format(loadavg())}`,
      );
    } finally {
      mailer.close();
      await catcher.close();
      await database.close();
    }
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

function format(load: number[]): string {
  return load.map((value) => value.toFixed(2)).join(', ');
}

await main();
