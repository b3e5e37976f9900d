// Opens the database: PGlite (embedded, or in memory for tests) or Postgres from a URL,
// and applies the committed migrations. Everything else sees only the `Database` type.
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { projectPath } from '../project-root';
import { ChangeHub, listenPglite, listenPostgres, type ChangeFeed } from './change-feed';
import { applyMigrations, type MigrationOptions } from './migration-runner';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Which tables change, from this process and every other one sharing the database. */
  changes: ChangeFeed;
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<void>;
  /** How much of this process's connection pool is in use; absent for PGlite, which has none. */
  poolUse?: () => Promise<PoolUse>;
  /**
   * Ends this process's Postgres sessions at once, rolling back whatever they are running, for a
   * process giving up at its shutdown deadline; absent for PGlite, whose work ends with the process.
   */
  abandon?: () => Promise<void>;
  close: () => Promise<void>;
}

export interface PoolUse {
  max: number;
  open: number;
  busy: number;
}

/** Connections a process opens to Postgres unless told otherwise (DATABASE_POOL_SIZE). */
export const DEFAULT_POOL_SIZE = 10;
/**
 * How long Postgres runs one statement, and waits for a row lock, before giving up with an error
 * the request answers as 503 (DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_LOCK_TIMEOUT_MS): a row held
 * by a stuck transaction, or a runaway query, would otherwise hold the request, its connection and
 * a graceful shutdown with it. No request of the shop needs more than a fraction of a second; the
 * statement timeout stays within what a stop leaves the requests in flight (config.ts).
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
export const DEFAULT_LOCK_TIMEOUT_MS = 5_000;

const migrationsFolder = projectPath('migrations');
/** Serialises migrations when several server processes boot against one Postgres. */
const MIGRATION_LOCK_KEY = 7_310_425;
/** How often a process waiting for another's migrations asks for the lock again. */
const MIGRATION_LOCK_POLL_MS = 250;
/**
 * How often Postgres looks, while it runs a statement of the pool's, whether this process has gone
 * (Postgres 14+). Without it a statement waiting for a row lock outlives a process that was killed
 * or gave up, and commits when the lock is released, though nobody was ever told.
 */
const CLIENT_GONE_CHECK_MS = 1_000;
/** How long ending this process's sessions waits for each to be gone (abandon). */
const ABANDON_WAIT_MS = 1_000;
/**
 * After the database was away, the pool and the change feed reconnect within a second of it
 * coming back (the driver's default backoff grows to 20 s after a few refused attempts).
 */
const reconnecting = {
  connect_timeout: 10,
  backoff: (attempts: number) => Math.min(0.1 * 2 ** attempts, 1),
};

export interface PgliteOptions {
  /** Start from a copy of another PGlite's files (`dumpDataDir`); the migrations then find little to do. */
  loadDataDir?: Blob;
}

/** PGlite persisted under `dataDir`, or in memory when no directory is given (tests). */
export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  const changes = new ChangeHub();
  const db = drizzlePglite({ client, schema, cache: changes.localWrites() });
  await applyMigrations(db, 'pglite', { migrationsFolder });
  const unlisten = await listenPglite(client, changes);
  return {
    db,
    kind: 'pglite',
    changes,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await unlisten();
      await client.close();
    },
  };
}

export interface PostgresOptions {
  maxConnections?: number;
  /** Apply the migrations first (default); false when a deploy runs them as their own step. */
  migrate?: boolean;
  /** Postgres's statement_timeout and lock_timeout for the pool's connections (0: none). */
  statementTimeoutMs?: number;
  lockTimeoutMs?: number;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<DatabaseHandle> {
  if (options.migrate ?? true) await migratePostgresOnce(url);
  const max = options.maxConnections ?? DEFAULT_POOL_SIZE;
  // postgres-js does not tell how many of its connections are busy, so Postgres is asked, by
  // this name, which it shows for each of the pool's connections (operators see it in
  // pg_stat_activity too). A process may open several pools (tests do): the suffix tells them apart.
  const applicationName = `sprocket ${hostname()} ${process.pid} ${randomBytes(3).toString('hex')}`.slice(-63);
  const client = postgres(url, {
    ...reconnecting,
    max,
    onnotice: () => {},
    // Sent when each connection opens, so they hold for every statement, in or out of a transaction.
    connection: {
      application_name: applicationName,
      statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
      lock_timeout: options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS,
      client_connection_check_interval: CLIENT_GONE_CHECK_MS,
    },
  });
  const changes = new ChangeHub();
  const db = drizzlePostgres({ client, schema, cache: changes.localWrites() });
  const unlisten = await listenPostgres(url, changes, reconnecting);
  return {
    db,
    kind: 'postgres',
    changes,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolUse: async () => {
      const [row] = await client<Array<{ open: number; active: number }>>`
        select count(*)::int as open, count(*) filter (where state = 'active')::int as active
        from pg_stat_activity where application_name = ${applicationName}`;
      // The query asking is itself one of the active ones.
      return { max, open: row?.open ?? 0, busy: Math.max((row?.active ?? 0) - 1, 0) };
    },
    abandon: () => endSessions(url, applicationName),
    close: async () => {
      await unlisten();
      await client.end({ timeout: 5 });
    },
  };
}

/**
 * Terminates the sessions named `applicationName`, waiting until each is gone: a terminated
 * session's open transaction is rolled back, and a statement it was waiting in never completes.
 * From a connection of its own, since the pool's may all be busy.
 */
async function endSessions(url: string, applicationName: string): Promise<void> {
  const client = postgres(url, { max: 1, connect_timeout: 1, onnotice: () => {} });
  try {
    await client`
      select pg_terminate_backend(pid, ${ABANDON_WAIT_MS}) from pg_stat_activity
      where application_name = ${applicationName} and pid <> pg_backend_pid()`;
  } finally {
    await client.end({ timeout: 0 });
  }
}

/** Applies the migrations not yet applied; safe while other processes do the same. */
export async function migratePostgresOnce(url: string, options: Partial<MigrationOptions> = {}): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await takeMigrationLock(client);
    await applyMigrations(drizzlePostgres({ client, schema }), 'postgres', { migrationsFolder, ...options });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

/**
 * Waits for the session lock the migrating process holds by asking again and again, never by
 * waiting in pg_advisory_lock: a statement waiting there keeps its snapshot, which a concurrent
 * index build waits for in turn, and Postgres ends one of the two as a deadlock.
 */
async function takeMigrationLock(client: postgres.Sql): Promise<void> {
  for (;;) {
    const [row] = await client<Array<{ locked: boolean }>>`select pg_try_advisory_lock(${MIGRATION_LOCK_KEY}) as locked`;
    if (row?.locked) return;
    await new Promise((resolve) => setTimeout(resolve, MIGRATION_LOCK_POLL_MS));
  }
}
