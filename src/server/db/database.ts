// Opens the database: PGlite (embedded, or in memory for tests) or Postgres from a URL,
// and applies the committed migrations. Everything else sees only the `Database` type.
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { projectPath } from '../project-root';
import { ChangeHub, listenPglite, listenPostgres, type ChangeFeed } from './change-feed';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Which tables change, from this process and every other one sharing the database. */
  changes: ChangeFeed;
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
}

const migrationsFolder = projectPath('migrations');
/** Serialises migrations when several server processes boot against one Postgres. */
const MIGRATION_LOCK_KEY = 7_310_425;
/**
 * After the database was away, the pool and the change feed reconnect within a second of it
 * coming back (the driver's default backoff grows to 20 s after a few refused attempts).
 */
const reconnecting = {
  connect_timeout: 10,
  backoff: (attempts: number) => Math.min(0.1 * 2 ** attempts, 1),
};

/** PGlite persisted under `dataDir`, or in memory when no directory is given (tests). */
export async function openPglite(dataDir?: string): Promise<DatabaseHandle> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  const changes = new ChangeHub();
  const db = drizzlePglite({ client, schema, cache: changes.localWrites() });
  await migratePglite(db, { migrationsFolder });
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
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<DatabaseHandle> {
  if (options.migrate ?? true) await migratePostgresOnce(url);
  const client = postgres(url, { ...reconnecting, max: options.maxConnections ?? 10, onnotice: () => {} });
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
    close: async () => {
      await unlisten();
      await client.end({ timeout: 5 });
    },
  };
}

/** Applies the migrations not yet applied; safe while other processes do the same. */
export async function migratePostgresOnce(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
