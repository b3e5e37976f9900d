// `npm run bootstrap` as an operator runs it, against the run's Auth emulator and this file's
// database (Postgres, or PGlite in a directory the test opens only between runs): it makes the
// first admin and adds the demo catalogue once, a second run changes nothing, and every refusal or
// failure an operator can cause (a bad email or setting, real Firebase without DATABASE_URL, a
// database or identity provider that does not answer) is one sentence with exit code 1.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { count, eq, isNull } from 'drizzle-orm';
import { freePort } from '../emulators/free-port';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, type DatabaseHandle } from './db/database';
import { demoTools } from './db/demo-data';
import { auditEvents, tools, users } from './db/schema';
import { projectPath } from './project-root';
import { builtCommand } from './testing/built-commands';
import { signInForIdToken } from './testing/firebase-accounts';
import { createEmptyPostgresDatabase, itOnce, openTestDatabase, usingPostgres, type TestDatabase } from './testing/test-database';
import { TEST_PROJECT_ID, TEST_SESSION_SECRET } from './testing/test-keys';

const run = promisify(execFile);
/** PGlite takes half a minute on busy shared cores. */
const COMMAND_TIMEOUT_MS = 120_000;

let postgresDatabase: TestDatabase | null = null;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'sprocket-bootstrap-'));
  const database = await openTestDatabase();
  if (database.url) postgresDatabase = database;
  else await database.close();
});
afterAll(async () => {
  await postgresDatabase?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the command from source, as the build's dist/server/bootstrap.js would; `env` adds to or unsets (undefined) the test's settings. */
async function bootstrap(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const database: Record<string, string> = postgresDatabase?.url
    ? { DATABASE_URL: postgresDatabase.url, SESSION_SECRET: TEST_SESSION_SECRET }
    : { DATA_DIR: dataDir };
  const settings = {
    PATH: process.env.PATH ?? '',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    ...database,
    ...env,
  };
  return run(process.execPath, builtCommand('bootstrap', ...args), {
    cwd: projectPath(),
    timeout: COMMAND_TIMEOUT_MS,
    env: Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)),
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/** The command's database, opened while no command runs (PGlite allows one user at a time). */
async function inDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  if (postgresDatabase) return work(postgresDatabase);
  const handle = await openPglite(join(dataDir, 'pglite'));
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

it(
  'makes the first admin and adds the demo catalogue once; a second run changes nothing',
  async () => {
    const email = `owner-${randomBytes(5).toString('hex')}@example.com`;
    const { uid } = await signInForIdToken(
      `http://${inject('authEmulatorHost')}`,
      TEST_PROJECT_ID,
      { email, password: 'first-admin-pass' },
      { create: true, verified: true },
    );

    const first = await bootstrap([email, '--demo-catalogue']);
    expect(first.stdout.trim().split('\n')).toEqual([
      `bootstrap: created the shop account of ${email} as admin`,
      'bootstrap: added the demo catalogue and its reviews',
    ]);
    const second = await bootstrap([email, '--demo-catalogue']);
    expect(second.stdout.trim().split('\n')).toEqual([
      `bootstrap: ${email} is already admin; nothing changed`,
      'bootstrap: the database already has parts; the demo catalogue was not added',
    ]);

    await inDatabase(async ({ db }) => {
      expect(await db.select({ role: users.role, firebaseUid: users.firebaseUid }).from(users).where(eq(users.email, email))).toEqual([
        { role: 'admin', firebaseUid: uid },
      ]);
      expect((await db.select({ parts: count() }).from(tools).where(isNull(tools.variantOf)))[0]?.parts).toBe(demoTools.length);
      expect((await db.select({ audits: count() }).from(auditEvents).where(eq(auditEvents.subject, email)))[0]?.audits).toBe(1);
    });
  },
  3 * COMMAND_TIMEOUT_MS,
);

// The refusals below come before the run's database matters (an argument, a setting, the identity
// provider, an embedded database of the test's own): the PGlite pass runs them (itOnce).
itOnce(
  'refuses in one sentence, with exit code 1, an email nobody signed up with',
  async () => {
    const email = `nobody-${randomBytes(5).toString('hex')}@example.com`;
    const refused = await bootstrap([email]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `There is no account for ${email} at the identity provider: sign up with it on the shop first, then run this again.`,
    );
  },
  COMMAND_TIMEOUT_MS,
);

itOnce(
  'says how to call it when the email is missing',
  async () => {
    const refused = await bootstrap(['--demo-catalogue']);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe('usage: npm run bootstrap -- <email of the first admin> [--demo-catalogue]');
  },
  COMMAND_TIMEOUT_MS,
);

/** A refusal as an operator reads it: exit code 1 and one line on stderr, no stack trace. */
function expectOneLineRefusal(refused: { code: number; stderr: string }, pattern: RegExp): void {
  expect(refused.code).toBe(1);
  expect(refused.stderr.trim().split('\n')).toEqual([expect.stringMatching(pattern)]);
}

itOnce(
  'refuses an email that is not one',
  async () => {
    expectOneLineRefusal(await bootstrap(['owner@']), /^owner@ is not an email address; usage: npm run bootstrap/);
  },
  COMMAND_TIMEOUT_MS,
);

itOnce(
  'refuses real Firebase without DATABASE_URL, leaving the embedded database alone',
  async () => {
    const embeddedDir = mkdtempSync(join(tmpdir(), 'sprocket-bootstrap-real-'));
    try {
      const refused = await bootstrap([`owner@example.com`], {
        DATABASE_URL: undefined,
        FIREBASE_AUTH_EMULATOR_HOST: undefined,
        FIREBASE_PROJECT_ID: 'sprocket-production',
        SHOP_URL: 'https://shop.example.com',
        FIREBASE_API_KEY: 'production-web-key',
        SESSION_SECRET: TEST_SESSION_SECRET,
        DATA_DIR: embeddedDir,
      });
      expectOneLineRefusal(refused, /^DATABASE_URL: required with real Firebase \(FIREBASE_PROJECT_ID\)/);
      expect(existsSync(join(embeddedDir, 'pglite'))).toBe(false);
    } finally {
      rmSync(embeddedDir, { recursive: true, force: true });
    }
  },
  COMMAND_TIMEOUT_MS,
);

itOnce(
  'says which setting to check when Postgres does not answer',
  async () => {
    const nowhere = `postgres://postgres@127.0.0.1:${await freePort()}/shop`;
    const refused = await bootstrap(['owner@example.com'], { DATABASE_URL: nowhere, SESSION_SECRET: TEST_SESSION_SECRET });
    expectOneLineRefusal(refused, /^DATABASE_URL: cannot reach Postgres at 127\.0\.0\.1:\d+ \(ECONNREFUSED\)\.$/);
  },
  COMMAND_TIMEOUT_MS,
);

itOnce(
  'says which setting to check when the Auth emulator does not answer',
  async () => {
    const refused = await bootstrap(['owner@example.com'], { FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await freePort()}` });
    expectOneLineRefusal(refused, /^FIREBASE_AUTH_EMULATOR_HOST: no Auth emulator answers at 127\.0\.0\.1:\d+;/);
  },
  COMMAND_TIMEOUT_MS,
);

itOnce(
  'names the bad setting in a configuration error',
  async () => {
    const refused = await bootstrap(['owner@example.com'], { DATABASE_POOL_SIZE: 'many' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('DATABASE_POOL_SIZE: must be a whole number of connections');
    expect(refused.stderr).not.toMatch(/^\s+at /m);
  },
  COMMAND_TIMEOUT_MS,
);

itOnce(
  'refuses the embedded database while a server has it open',
  async () => {
    const openDir = mkdtempSync(join(tmpdir(), 'sprocket-bootstrap-open-'));
    // As a running server leaves it: the lock names a live process (this test's).
    writeFileSync(join(openDir, 'pglite.lock'), String(process.pid));
    try {
      const refused = await bootstrap(['owner@example.com'], { DATABASE_URL: undefined, DATA_DIR: openDir });
      expectOneLineRefusal(
        refused,
        new RegExp(`^DATA_DIR: the embedded database in .* is open in process ${process.pid}; stop the server`),
      );
      expect(existsSync(join(openDir, 'pglite'))).toBe(false);
    } finally {
      rmSync(openDir, { recursive: true, force: true });
    }
  },
  COMMAND_TIMEOUT_MS,
);

describe.runIf(usingPostgres())('on Postgres', () => {
  it(
    'says to run the migrations first when the schema was left to them',
    async () => {
      const email = `unmigrated-${randomBytes(5).toString('hex')}@example.com`;
      await signInForIdToken(
        `http://${inject('authEmulatorHost')}`,
        TEST_PROJECT_ID,
        { email, password: 'first-admin-pass' },
        { create: true, verified: true },
      );
      const empty = await createEmptyPostgresDatabase();
      try {
        const refused = await bootstrap([email], { DATABASE_URL: empty.url, MIGRATE_AT_BOOT: 'false' });
        expectOneLineRefusal(refused, /^DATABASE_URL: the database at .* has no shop tables yet; run npm run migrate first\.$/);
      } finally {
        await empty.drop();
      }
    },
    COMMAND_TIMEOUT_MS,
  );
});
