// `npm run migrate` is the deploy's migration step: with MIGRATE_AT_BOOT=false a server leaves the
// schema alone (its database user needs no DDL rights), and the command brings it up to date. It
// needs only to know where the data is: no session secret, no provider keys.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { tryToLock, unlock } from './boot/pid-lock';
import { openPostgres } from './db/database';
import { projectPath } from './project-root';
import { builtCommand } from './testing/built-commands';
import { createEmptyPostgresDatabase, itOnce, usingPostgres } from './testing/test-database';

const run = promisify(execFile);
// Outside 'on Postgres' the command migrates an embedded database of its own or refuses a setting:
// the PGlite pass runs those (itOnce).
/** A fresh PGlite takes half a minute on busy shared cores. */
const COMMAND_TIMEOUT_MS = 120_000;

/** Runs the build's command, as `npm run migrate` in a deploy does. */
function migrate(env: Record<string, string>) {
  return run(process.execPath, builtCommand('migrate'), {
    cwd: projectPath(),
    env: { PATH: process.env.PATH ?? '', ...env },
  });
}

/** What the command wrote to stderr when it failed; 'it succeeded' when it did not fail. */
function stderrOfFailed(env: Record<string, string>): Promise<string> {
  return migrate(env).then(
    () => 'it succeeded',
    (error: { stderr: string }) => error.stderr,
  );
}

async function tableExists(url: string, table: string): Promise<boolean> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await client<{ found: string | null }[]>`select to_regclass(${table}) as found`;
    return row?.found != null;
  } finally {
    await client.end();
  }
}

describe.skipIf(!usingPostgres())('on Postgres', () => {
  it(
    'leaves the schema to npm run migrate when MIGRATE_AT_BOOT is false, which needs only DATABASE_URL',
    async () => {
      const database = await createEmptyPostgresDatabase();
      try {
        const server = await openPostgres(database.url, { migrate: false });
        await server.close();
        expect(await tableExists(database.url, 'tools')).toBe(false);

        const { stdout } = await migrate({ DATABASE_URL: database.url });
        expect(stdout).toContain('is up to date');
        expect(await tableExists(database.url, 'tools')).toBe(true);

        // Again, with nothing left to apply.
        await migrate({ DATABASE_URL: database.url });
      } finally {
        await database.drop();
      }
    },
    COMMAND_TIMEOUT_MS,
  );
});

itOnce(
  'migrates the embedded database under DATA_DIR',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sprocket-migrate-'));
    try {
      const { stdout } = await migrate({ DATA_DIR: dataDir });
      expect(stdout).toContain(`PGlite in ${join(dataDir, 'pglite')} is up to date`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  COMMAND_TIMEOUT_MS,
);

itOnce(
  'refuses the embedded database while a server has it open',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sprocket-migrate-'));
    const lock = join(dataDir, 'pglite.lock');
    try {
      // This test's process stands for the server holding DATA_DIR's embedded database.
      expect(await tryToLock(lock)).toBe(true);
      const stderr = await stderrOfFailed({ DATA_DIR: dataDir });
      expect(stderr).toContain(`DATA_DIR: the embedded database in ${join(dataDir, 'pglite')} is open in process ${process.pid}`);
    } finally {
      await unlock(lock);
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  COMMAND_TIMEOUT_MS,
);

itOnce(
  'names DATABASE_URL in one sentence when Postgres cannot be reached',
  async () => {
    const stderr = await stderrOfFailed({ DATABASE_URL: 'postgres://shop@127.0.0.1:1/shop' });
    expect(stderr.trim()).toBe('DATABASE_URL: cannot reach Postgres at 127.0.0.1:1 (ECONNREFUSED).');
  },
  COMMAND_TIMEOUT_MS,
);

itOnce(
  'stops with a message naming a bad variable',
  async () => {
    const stderr = await stderrOfFailed({ DATABASE_URL: 'mysql://db' });
    expect(stderr).toContain('DATABASE_URL: must be a postgres:// URL');
  },
  COMMAND_TIMEOUT_MS,
);
