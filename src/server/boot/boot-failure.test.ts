// A server that cannot start says why in one sentence naming the setting to change, not a stack
// trace: the real entry (the build's index.js) started as its own process with each bad setting. Identity and
// payments are configured "for real" with test keys, which start nothing and call nobody at boot.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../emulators/free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../project-root';
import { builtCommand } from '../testing/built-commands';
import { itOnce, usingPostgres } from '../testing/test-database';
import { TEST_SESSION_SECRET, TEST_STRIPE_KEYS } from '../testing/test-keys';

const run = promisify(execFile);
// Each boot below uses an embedded database of its own, or fails before opening one: the PGlite
// pass runs them (itOnce), and only the refusals of a real Postgres run in the Postgres pass too.
/** PGlite takes half a minute on busy shared cores. */
const BOOT_TIMEOUT_MS = 120_000;

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'sprocket-boot-failure-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the server with the setting; resolves with what it wrote to stderr once it has failed. */
async function bootFailure(env: Record<string, string>): Promise<string> {
  const outcome = await run(process.execPath, builtCommand('index'), {
    cwd: projectPath(),
    timeout: BOOT_TIMEOUT_MS,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      SESSION_SECRET: TEST_SESSION_SECRET,
      FIREBASE_PROJECT_ID: 'sprocket-boot-test',
      FIREBASE_API_KEY: 'boot-test-key',
      SHOP_URL: 'https://shop.example',
      STRIPE_SECRET_KEY: TEST_STRIPE_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: TEST_STRIPE_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE_KEYS.webhookSecret,
      LOG_LEVEL: 'warn',
      // Real identity and payments: the catcher only because the test says so (its own case below).
      ALLOW_MAIL_CATCHER: 'true',
      MAIL_INBOX_PORT: '0',
      ...env,
    },
  }).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => error,
  );
  expect(outcome.code).toBe(1);
  expect(outcome.stderr).not.toMatch(/^\s+at /m);
  return outcome.stderr.trim().split('\n').at(-1)?.trim() ?? '';
}

itOnce('names LOG_LEVEL when it is not a level', { timeout: BOOT_TIMEOUT_MS }, async () => {
  expect(await bootFailure({ LOG_LEVEL: 'loud' })).toMatch(/^LOG_LEVEL: must be one of/);
});

itOnce('names DATA_DIR when another process has its embedded database open', { timeout: BOOT_TIMEOUT_MS }, async () => {
  const shared = mkdtempSync(join(tmpdir(), 'sprocket-boot-failure-shared-'));
  // As a running server leaves it: the lock names a live process (this test's).
  writeFileSync(join(shared, 'pglite.lock'), String(process.pid));
  try {
    expect(await bootFailure({ DATA_DIR: shared })).toMatch(
      new RegExp(`^DATA_DIR: the embedded database in .* is open in process ${process.pid}; give each process its own DATA_DIR`),
    );
  } finally {
    rmSync(shared, { recursive: true, force: true });
  }
});

itOnce('names PORT when another program listens there', { timeout: BOOT_TIMEOUT_MS }, async () => {
  const port = await freePort();
  const taken: Server = createServer();
  await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
  try {
    expect(await bootFailure({ PORT: String(port) })).toBe(
      `PORT: 127.0.0.1:${port} is already in use; stop what listens there or set another PORT.`,
    );
  } finally {
    taken.close();
  }
});

itOnce.each(['MAIL_INBOX_PORT', 'MAIL_SMTP_PORT'])(
  'names %s when another program listens there',
  { timeout: BOOT_TIMEOUT_MS },
  async (variable) => {
    const port = await freePort();
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      expect(await bootFailure({ [variable]: String(port) })).toBe(
        `${variable}: 127.0.0.1:${port} is already in use; set another ${variable}, or SMTP_URL to send through a mail server.`,
      );
    } finally {
      taken.close();
    }
  },
);

itOnce('names SMTP_URL when identity and payments are real and no mail server is set', { timeout: BOOT_TIMEOUT_MS }, async () => {
  expect(await bootFailure({ ALLOW_MAIL_CATCHER: 'false' })).toMatch(
    /^SMTP_URL: required when identity and payments are real and this process sends the order emails \(ROLE=all\)/,
  );
});

itOnce('names DATABASE_URL when nothing answers there', { timeout: BOOT_TIMEOUT_MS }, async () => {
  const port = await freePort();
  expect(await bootFailure({ DATABASE_URL: `postgres://sprocket@127.0.0.1:${port}/shop` })).toBe(
    `DATABASE_URL: cannot reach Postgres at 127.0.0.1:${port} (ECONNREFUSED).`,
  );
});

describe.skipIf(!usingPostgres())('on Postgres', () => {
  it('names DATABASE_URL when Postgres refuses the user', { timeout: BOOT_TIMEOUT_MS }, async () => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.username = 'no_such_sprocket_user';
    url.password = 'wrong';
    expect(await bootFailure({ DATABASE_URL: url.toString() })).toBe(
      `DATABASE_URL: Postgres at ${url.host} refused the user "no_such_sprocket_user" or its password.`,
    );
  });

  it('names DATABASE_URL when the database does not exist there', { timeout: BOOT_TIMEOUT_MS }, async () => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = '/no_such_sprocket_database';
    expect(await bootFailure({ DATABASE_URL: url.toString() })).toBe(
      `DATABASE_URL: there is no database "no_such_sprocket_database" on Postgres at ${url.host}.`,
    );
  });
});
