// Applies the committed migrations (migrations/, written by drizzle-kit) as drizzle's own migrator
// does: the same files, read by drizzle's reader, and the same row in drizzle.__drizzle_migrations
// for each, so drizzle's migrator and this one agree on what is applied. It differs where drizzle's
// would stall the shop (docs/decisions/0031):
// - each migration is its own transaction, under a lock timeout: a schema change waiting behind a
//   long transaction gives up after LOCK_TIMEOUT_MS, letting the bookings queued behind it through,
//   and is tried again a little later, up to LOCK_ATTEMPTS times, then fails saying so;
// - a file whose first line is `-- sprocket:no-transaction` runs one statement at a time outside any
//   transaction, so it may build an index CONCURRENTLY, which Postgres refuses inside one;
// - on PGlite, which fails a concurrent build, CONCURRENTLY is dropped: it has no other sessions to
//   block.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { desc, sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import type { Database } from './database';
import { isLockTimeout } from './database-errors';

/** The first line of a migration to run outside a transaction, one statement at a time. */
export const NO_TRANSACTION_MARKER = '-- sprocket:no-transaction';

/**
 * How long one schema change waits for a table's lock before giving up, and how often it tries.
 * Bookings queued behind a waiting change wait as long, so this stays well below the requests' own
 * lock timeout (DATABASE_LOCK_TIMEOUT_MS, 5 s by default); ten tries span about a minute.
 */
const LOCK_TIMEOUT_MS = 2_000;
const LOCK_ATTEMPTS = 10;
const pauseAfterAttempt = (attempt: number) => Math.min(1_000 * attempt, 10_000);

/** drizzle's table of applied migrations, exactly as its migrator creates it. */
const drizzleSchema = pgSchema('drizzle');
const appliedMigrations = drizzleSchema.table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

export interface MigrationOptions {
  migrationsFolder: string;
  /** Tests shorten the waits; production keeps LOCK_TIMEOUT_MS and LOCK_ATTEMPTS. */
  lockTimeoutMs?: number;
  lockAttempts?: number;
}

/** A migration that could not be applied, with a sentence saying why and what to do. */
export class MigrationError extends Error {}

interface Migration extends MigrationMeta {
  tag: string;
  outsideTransaction: boolean;
}

/**
 * Applies the migrations not yet applied, in order. On Postgres `db` must be a connection of its
 * own (one connection, no pool): the session's timeouts are set on it, and statements outside a
 * transaction must run one after the other on it.
 */
export async function applyMigrations(db: Database, kind: 'pglite' | 'postgres', options: MigrationOptions): Promise<void> {
  const lockTimeoutMs = options.lockTimeoutMs ?? LOCK_TIMEOUT_MS;
  const attempts = options.lockAttempts ?? LOCK_ATTEMPTS;
  if (kind === 'postgres') {
    // A concurrent index build on a big table may take many minutes; only waiting for locks is bounded.
    await db.execute(sql.raw(`set lock_timeout = ${lockTimeoutMs}`));
    await db.execute(sql`set statement_timeout = 0`);
  }
  await db.execute(sql`create schema if not exists "drizzle"`);
  await db.execute(
    sql`create table if not exists "drizzle"."__drizzle_migrations" (id serial primary key, hash text not null, created_at bigint)`,
  );
  const [last] = await db
    .select({ createdAt: appliedMigrations.createdAt })
    .from(appliedMigrations)
    .orderBy(desc(appliedMigrations.createdAt))
    .limit(1);
  const pending = readMigrations(options.migrationsFolder).filter(
    (migration) => !last || Number(last.createdAt) < migration.folderMillis,
  );

  for (const migration of pending) {
    const retrying = { tag: migration.tag, lockTimeoutMs, attempts };
    if (!migration.outsideTransaction) {
      await withLockRetries(retrying, () =>
        db.transaction(async (tx) => {
          for (const statement of migration.sql) await tx.execute(sql.raw(statement));
          await tx.insert(appliedMigrations).values({ hash: migration.hash, createdAt: migration.folderMillis });
        }),
      );
      continue;
    }
    for (const statement of migration.sql.filter((piece) => piece.trim() !== '')) {
      if (kind === 'pglite') await db.execute(sql.raw(withoutConcurrently(statement)));
      else if (isConcurrent(statement)) await buildConcurrently(db, { tag: migration.tag, lockTimeoutMs }, statement);
      else await withLockRetries(retrying, () => db.execute(sql.raw(statement)));
    }
    await db.insert(appliedMigrations).values({ hash: migration.hash, createdAt: migration.folderMillis });
  }
}

/** Each migration's name (its file's, without .sql) by the time drizzle records it under (`when`). */
export function migrationTags(migrationsFolder: string): Map<number, string> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  return new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
}

/** drizzle's reading of the folder (statements split at its breakpoints, its hash), with each file's name. */
function readMigrations(migrationsFolder: string): Migration[] {
  const tags = migrationTags(migrationsFolder);
  return readMigrationFiles({ migrationsFolder }).map((meta) => ({
    ...meta,
    tag: tags.get(meta.folderMillis) ?? String(meta.folderMillis),
    outsideTransaction: meta.sql[0]?.trimStart().startsWith(NO_TRANSACTION_MARKER) ?? false,
  }));
}

/**
 * Runs `attempt` again while it gives up waiting for a lock, after a growing pause, so that a long
 * transaction delays the migration instead of every booking queued behind it.
 */
async function withLockRetries<T>(
  { tag, lockTimeoutMs, attempts }: { tag: string; lockTimeoutMs: number; attempts: number },
  attempt: () => Promise<T>,
): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isLockTimeout(error)) throw error;
      if (tries >= attempts) {
        throw new MigrationError(
          `Migration ${tag} gave up: ${attempts} times it waited ${lockTimeoutMs} ms for a table another transaction kept locked. ` +
            'That statement was not applied; find the long transaction in pg_stat_activity, then run the migrations again.',
          { cause: error },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, pauseAfterAttempt(tries)));
    }
  }
}

const CONCURRENT_STATEMENT = /\b(CREATE\s+(?:UNIQUE\s+)?INDEX|DROP\s+INDEX|REINDEX\s+(?:\([^)]*\)\s*)?\w+)\s+CONCURRENTLY\b/gi;
/** The name a concurrent index build gives its index (names are never schema-qualified there). */
const CONCURRENT_BUILD_NAME =
  /^CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+(?:IF\s+NOT\s+EXISTS\s+)?("(?:[^"]|"")+"|[A-Za-z_][\w$]*)/i;

function withoutConcurrently(statement: string): string {
  return statement.replace(CONCURRENT_STATEMENT, '$1');
}

function isConcurrent(statement: string): boolean {
  return new RegExp(CONCURRENT_STATEMENT.source, 'i').test(withoutComments(statement));
}

function withoutComments(statement: string): string {
  return statement.replace(/--[^\n]*/g, '').trim();
}

/**
 * A statement that works CONCURRENTLY takes only locks that let reads and writes through, so it may
 * wait as long as it must: a lock timeout would only cut it off halfway. A concurrent build that
 * fails leaves its index behind, INVALID; it is dropped here, so the migration can simply run again.
 * One a run killed halfway left is dropped before the build, which `IF NOT EXISTS` would otherwise
 * take for a built index.
 */
async function buildConcurrently(
  db: Database,
  { tag, lockTimeoutMs }: { tag: string; lockTimeoutMs: number },
  statement: string,
): Promise<void> {
  await db.execute(sql`set lock_timeout = 0`);
  try {
    await dropInvalidIndex(db, withoutComments(statement));
    await db.execute(sql.raw(statement));
  } catch (error) {
    const invalid = await dropInvalidIndex(db, withoutComments(statement));
    throw new MigrationError(
      `Migration ${tag} failed: ${databaseMessage(error)}.${invalid ? ` The invalid index ${invalid} it left was dropped.` : ''} ` +
        'It is not recorded as applied: fix the cause and run the migrations again (its statements before this one run again too).',
      { cause: error },
    );
  } finally {
    // Not RESET, which would go back to the server's default rather than the runner's timeout.
    await db.execute(sql.raw(`set lock_timeout = ${lockTimeoutMs}`));
  }
}

async function dropInvalidIndex(db: Database, statement: string): Promise<string | null> {
  const quoted = CONCURRENT_BUILD_NAME.exec(statement)?.[1];
  if (!quoted) return null;
  const name = quoted.startsWith('"') ? quoted.slice(1, -1).replaceAll('""', '"') : quoted.toLowerCase();
  const rows: unknown = await db.execute(sql`
    select c.oid::regclass::text as index from pg_class c join pg_index i on i.indexrelid = c.oid
    where c.relname = ${name} and not i.indisvalid and pg_table_is_visible(c.oid)`);
  // This runs on Postgres only, where a raw query answers its rows as an array (postgres-js).
  const index = (rows as Array<{ index: string }>)[0]?.index;
  if (!index) return null;
  await db.execute(sql.raw(`drop index concurrently if exists ${index}`));
  return index;
}

/** Postgres's own words for a failure: drizzle wraps them in "Failed query: …". */
function databaseMessage(error: unknown): string {
  let innermost = error;
  while (innermost instanceof Error && innermost.cause instanceof Error) innermost = innermost.cause;
  return innermost instanceof Error ? innermost.message : String(innermost);
}
