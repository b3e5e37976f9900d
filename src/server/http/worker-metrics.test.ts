// A worker's GET /metrics: behind the same token as a web process's, it reports the email queue
// read from the database when scraped (how many wait, how old the oldest is) and what its sender
// did (sent, retried, failed); real ROLE=worker and ROLE=web processes as index.ts starts them.
// PGlite, and Postgres with TEST_DATABASE_URL.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { freePort } from '../../emulators/free-port';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { emailOutbox } from '../db/schema';
import { startMailCatcher, type MailCatcher } from '../../emulators/mail/mail-catcher';
import { createSmtpMailer, type Mailer } from '../domains/email/mailer';
import { readEmailQueue } from '../domains/email/outbox-sender';
import { createMetrics } from '../metrics/metrics';
import { bookLegacyPart } from '../testing/payments';
import { builtCommand } from '../testing/built-commands';
import { describeOnce } from '../testing/test-database';
import { projectPath } from '../project-root';
import { STANDALONE_SERVER_ENV, TEST_FIREBASE_WEB_CONFIG, TEST_STRIPE_KEYS } from '../testing/test-keys';
import { createTestShop, type TestShop, type TestUser } from '../testing/test-shop';

const METRICS_TOKEN = 'scrape-token-for-the-worker-suite';
const SENDER = 'Sprocket <orders@sprocket.example>';

let shop: TestShop;
let customer: TestUser;
let catcher: MailCatcher;
const workers: FastifyInstance[] = [];
const mailers: Mailer[] = [];

beforeAll(async () => {
  [shop, catcher] = await Promise.all([createTestShop(), startMailCatcher({ inboxPort: 0 })]);
  customer = await shop.createUser('user');
});
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.close();
  for (const mailer of mailers.splice(0)) mailer.close();
});
afterAll(async () => {
  await Promise.all([shop.close(), catcher.close()]);
});

/** A worker process's app, as index.ts builds it for ROLE=worker, sending through `mailer` if given. */
async function startWorker(mailer?: Mailer): Promise<FastifyInstance> {
  const metrics = createMetrics({ emailQueue: () => readEmailQueue(shop.database.db) });
  const worker = await buildApp(
    { ...shop.deps, metrics },
    {
      ping: shop.database.ping,
      runtimeConfig: {
        firebase: TEST_FIREBASE_WEB_CONFIG,
        payments: { mode: 'stripe', publishableKey: TEST_STRIPE_KEYS.publishableKey },
      },
      role: 'worker',
      metricsToken: METRICS_TOKEN,
      ...(mailer ? { emailSender: { mailer, everyMs: 100 } } : {}),
    },
  );
  workers.push(worker);
  await worker.ready();
  return worker;
}

function smtpMailer(url: string): Mailer {
  const mailer = createSmtpMailer({ url, from: SENDER });
  mailers.push(mailer);
  return mailer;
}

async function scrape(worker: FastifyInstance): Promise<string> {
  const response = await worker.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The sample of `name` with these labels in Prometheus's text format, or undefined when absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
}

async function pendingInDatabase(): Promise<number> {
  const [row] = await shop.database.db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
  return row!.n;
}

describe('a worker’s /metrics', () => {
  it('refuses a scrape without the token, as a web process does', async () => {
    const worker = await startWorker();
    expect((await worker.inject('/metrics')).statusCode).toBe(401);
    expect((await worker.inject({ url: '/metrics', headers: { authorization: 'Bearer another-token-entirely' } })).statusCode).toBe(
      401,
    );
  });

  it('reports how many emails wait and how long the oldest has waited, read when scraped', async () => {
    const worker = await startWorker();
    const empty = await scrape(worker);
    expect(sample(empty, 'sprocket_email_queue_depth')).toBe(await pendingInDatabase());

    const { booking } = await bookLegacyPart(shop, customer);
    await bookLegacyPart(shop, customer);
    // One of them has waited ten minutes already.
    await shop.database.db
      .update(emailOutbox)
      .set({ createdAt: sql`now() - interval '10 minutes'` })
      .where(eq(emailOutbox.bookingId, booking._id));

    const text = await scrape(worker);
    expect(sample(text, 'sprocket_email_queue_depth')).toBe(await pendingInDatabase());
    expect(sample(text, 'sprocket_email_queue_depth')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'sprocket_email_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(600);
    expect(sample(text, 'sprocket_email_oldest_unsent_age_seconds')).toBeLessThan(3600);
  });

  it('counts what its sender sent, and the queue it leaves empty', async () => {
    await bookLegacyPart(shop, customer);
    const queued = await pendingInDatabase();
    const worker = await startWorker(smtpMailer(catcher.smtpUrl));

    await expect
      .poll(async () => sample(await scrape(worker), 'sprocket_emails_total', '{outcome="sent"}'), { timeout: 20_000 })
      .toBe(queued);
    const text = await scrape(worker);
    expect(sample(text, 'sprocket_email_queue_depth')).toBe(0);
    expect(sample(text, 'sprocket_email_oldest_unsent_age_seconds')).toBe(0);
    expect(sample(text, 'sprocket_emails_total', '{outcome="retried"}')).toBe(0);
  });

  it('counts an attempt the mail server refused as retried', async () => {
    await bookLegacyPart(shop, customer);
    const queued = await pendingInDatabase();
    const worker = await startWorker(smtpMailer(`smtp://127.0.0.1:${await freePort()}`));

    await expect
      .poll(async () => sample(await scrape(worker), 'sprocket_emails_total', '{outcome="retried"}'), { timeout: 20_000 })
      .toBe(queued);
    expect(sample(await scrape(worker), 'sprocket_emails_total', '{outcome="sent"}')).toBe(0);
    // Still waiting, for its next attempt.
    expect(sample(await scrape(worker), 'sprocket_email_queue_depth')).toBe(queued);
  });
});

it('reports each outcome of the sender under its own label, failed for good included', async () => {
  const metrics = createMetrics();
  metrics.emailsDelivered({ sent: 3, retrying: 2, failed: 1 });
  const text = await metrics.registry.metrics();
  expect(sample(text, 'sprocket_emails_total', '{outcome="sent"}')).toBe(3);
  expect(sample(text, 'sprocket_emails_total', '{outcome="retried"}')).toBe(2);
  expect(sample(text, 'sprocket_emails_total', '{outcome="failed"}')).toBe(1);
});

/** `npm start`'s server (index.ts) in this ROLE, alone on PGlite; its /metrics once it is ready. */
async function metricsOfRealProcess(role: 'worker' | 'web'): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), `sprocket-${role}-metrics-`));
  const port = await freePort();
  const server = spawn(process.execPath, builtCommand('index'), {
    cwd: projectPath(),
    env: {
      PATH: process.env.PATH ?? '',
      ...STANDALONE_SERVER_ENV,
      ROLE: role,
      DATA_DIR: dataDir,
      PORT: String(port),
      MAIL_INBOX_PORT: '0',
      METRICS_TOKEN,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    const url = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await fetch(`${url}/ready`).catch(() => undefined))?.status, { timeout: 90_000, interval: 250 })
      .toBe(200);
    const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    return await response.text();
  } finally {
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Each process runs alone on an embedded database of its own: the PGlite pass runs this (describeOnce).
describeOnce('real processes', () => {
  it(
    'a ROLE=worker process serves its metrics with the email queue; a ROLE=web one reports no queue',
    { timeout: 240_000 },
    async () => {
      const worker = await metricsOfRealProcess('worker');
      expect(sample(worker, 'sprocket_email_queue_depth')).toBe(0);
      expect(sample(worker, 'sprocket_email_oldest_unsent_age_seconds')).toBe(0);
      const web = await metricsOfRealProcess('web');
      expect(web).toContain('sprocket_http_request_duration_seconds');
      expect(web).not.toContain('sprocket_email_queue_depth');
    },
  );
});
