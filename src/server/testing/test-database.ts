// A fresh, migrated database for one test file: in-memory PGlite loaded from the run's migrated
// copy by default, or a clone of the run's migrated Postgres template when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
import { describe, inject, it } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/database';

export interface TestDatabase extends DatabaseHandle {
  /** The cloned Postgres database's URL, for server processes the test starts; null on PGlite. */
  url: string | null;
}

/** Postgres only: how long its statements may wait for a row lock (DATABASE_LOCK_TIMEOUT_MS). */
export interface TestDatabaseOptions {
  lockTimeoutMs?: number;
}

export async function openTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const templateUrl = inject('postgresTemplateUrl');
  if (!templateUrl) {
    const snapshot = inject('pgliteSnapshotPath');
    const loadDataDir = snapshot ? new Blob([await readFile(snapshot)]) : undefined;
    return { ...(await openPglite(undefined, { loadDataDir })), url: null };
  }

  const template = new URL(templateUrl).pathname.slice(1);
  const name = `${template.replace(/_template$/, '')}_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => cloneTemplate(admin, template, name));

  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), { maxConnections: 20, lockTimeoutMs: options.lockTimeoutMs });
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await withAdmin((admin) => admin.unsafe(`drop database if exists ${name} with (force)`));
    },
  };
}

/** An empty database (no migrations) on the run's Postgres server, and a way to drop it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const templateUrl = inject('postgresTemplateUrl');
  if (!templateUrl) throw new Error('an empty Postgres database needs TEST_DATABASE_URL');
  const name = `${new URL(templateUrl).pathname.slice(1).replace(/_template$/, '')}_empty_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.unsafe(`create database ${name}`));
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin((admin) => admin.unsafe(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

export function usingPostgres(): boolean {
  return inject('postgresTemplateUrl') !== null;
}

/**
 * The Postgres pass repeats only what Postgres could change. A test whose subject is not the run's
 * database (a setting refused before any database opens, an embedded database or a private
 * Postgres of the test's own) runs in the PGlite pass alone: `itOnce(…)` and `describeOnce(…)`
 * are vitest's `it` and `describe` there, and skip in the Postgres pass.
 */
export const itOnce = usingPostgres() ? it.skip : it;
export const describeOnce = usingPostgres() ? describe.skip : describe;

/** Connects to the server's maintenance database, never to the template being cloned. */
async function withAdmin<T>(work: (admin: postgres.Sql) => Promise<T>): Promise<T> {
  const admin = postgres(process.env.TEST_DATABASE_URL ?? '', { max: 1, onnotice: () => {} });
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Postgres refuses to copy a template another session is copying at that instant: retry. */
async function cloneTemplate(admin: postgres.Sql, template: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.unsafe(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006';
      if (!busy || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
