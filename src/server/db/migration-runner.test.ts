// Migrations that do not stop the shop: each is recorded exactly as drizzle's migrator records it, a
// `-- sprocket:no-transaction` file builds its index concurrently (as is on Postgres, without
// CONCURRENTLY on PGlite), and on a populated Postgres a booking goes through while an index is
// built or while a schema change waits behind a long transaction. Ordering is read from Postgres's
// own state (pg_stat_progress_create_index, pg_locks, pg_stat_activity), never from sleeps.
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as drizzleMigratePglite } from 'drizzle-orm/pglite/migrator';
import postgres from 'postgres';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../auth/session-user';
import { projectPath } from '../project-root';
import { createBooking } from '../domains/orders/booking';
import { migrationsDrizzleCanApply, migrationsWith, type ExtraMigration, type MigrationsFolder } from '../testing/extra-migrations';
import { createEmptyPostgresDatabase, describeOnce, usingPostgres } from '../testing/test-database';
import { UNLIMITED_HOLDS } from '../testing/test-shop';
import { migratePostgresOnce, openPostgres, type DatabaseHandle } from './database';
import { applyMigrations, MigrationError, NO_TRANSACTION_MARKER } from './migration-runner';
import * as schema from './schema';

/** Populating, migrating and building on busy shared cores. */
const POSTGRES_TEST_TIMEOUT_MS = 180_000;
const BOOKINGS_ALREADY_PLACED = 30_000;

const phoneIndex: ExtraMigration = {
  tag: '0100_bookings_phone_index',
  sql: `${NO_TRANSACTION_MARKER}\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "bookings_phone" ON "bookings" USING btree ("phone");`,
};
const giftNote: ExtraMigration = { tag: '0100_bookings_gift_note', sql: 'ALTER TABLE "bookings" ADD COLUMN "gift_note" text;' };

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function extraMigrations(extra: ExtraMigration[]): Promise<MigrationsFolder> {
  const migrations = await migrationsWith(extra);
  cleanups.push(migrations.remove);
  return migrations;
}

async function recorded(client: PGlite): Promise<Array<{ hash: string; created_at: string }>> {
  return (
    await client.query<{ hash: string; created_at: string }>(
      'select hash, created_at::text from drizzle.__drizzle_migrations order by id',
    )
  ).rows;
}

describeOnce('on PGlite', () => {
  it('records each migration as drizzle’s migrator does, so either finds nothing left after the other', async () => {
    const byDrizzle = new PGlite();
    const byRunner = new PGlite();
    cleanups.push(
      () => byDrizzle.close(),
      () => byRunner.close(),
    );
    // A shop drizzle migrated before this runner: what drizzle's migrator can apply, all in transactions.
    const drizzleEra = await migrationsDrizzleCanApply(NO_TRANSACTION_MARKER);
    cleanups.push(drizzleEra.remove);
    await drizzleMigratePglite(drizzlePglite({ client: byDrizzle }), { migrationsFolder: drizzleEra.folder });
    await applyMigrations(drizzlePglite({ client: byRunner, schema }), 'pglite', { migrationsFolder: drizzleEra.folder });
    expect(await recorded(byRunner)).toEqual(await recorded(byDrizzle));

    // The runner takes such a shop on to the committed migrations, recording them as on a new one.
    const committed = projectPath('migrations');
    await applyMigrations(drizzlePglite({ client: byDrizzle, schema }), 'pglite', { migrationsFolder: committed });
    await applyMigrations(drizzlePglite({ client: byRunner, schema }), 'pglite', { migrationsFolder: committed });
    expect(await recorded(byRunner)).toEqual(await recorded(byDrizzle));

    // A database drizzle migrated gets only what is new; drizzle then finds nothing left to do.
    const next = await extraMigrations([giftNote]);
    const before = (await recorded(byDrizzle)).length;
    await applyMigrations(drizzlePglite({ client: byDrizzle, schema }), 'pglite', { migrationsFolder: next.folder });
    expect(await recorded(byDrizzle)).toHaveLength(before + 1);
    await drizzleMigratePglite(drizzlePglite({ client: byDrizzle }), { migrationsFolder: next.folder });
    expect(await recorded(byDrizzle)).toHaveLength(before + 1);
  });

  it('builds a no-transaction migration’s index without CONCURRENTLY, which PGlite fails', async () => {
    const client = new PGlite();
    cleanups.push(() => client.close());
    const migrations = await extraMigrations([phoneIndex]);
    await applyMigrations(drizzlePglite({ client, schema }), 'pglite', { migrationsFolder: migrations.folder });
    const { rows } = await client.query<{ valid: boolean }>(
      `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = 'bookings_phone'`,
    );
    expect(rows).toEqual([{ valid: true }]);
  });
});

describe.skipIf(!usingPostgres())('on Postgres, with bookings already placed', () => {
  interface PopulatedShop {
    url: string;
    shop: DatabaseHandle;
    /** A connection of the test's own, for the long transactions and for reading Postgres's state. */
    observer: postgres.Sql;
    customer: SessionUser;
    partId: string;
    book: () => Promise<unknown>;
  }

  /** A migrated database with BOOKINGS_ALREADY_PLACED bookings, made by one statement. */
  async function populatedShop(): Promise<PopulatedShop> {
    const database = await createEmptyPostgresDatabase();
    cleanups.push(database.drop);
    const shop = await openPostgres(database.url);
    cleanups.push(shop.close);
    const observer = postgres(database.url, { max: 4, onnotice: () => {} });
    cleanups.push(() => observer.end({ timeout: 1 }));
    const [customer] = await observer<SessionUser[]>`
      insert into users (email, display_name, email_verified) values ('rider@example.com', 'Rider', true)
      returning id, email, email_verified as "emailVerified", role, display_name as "displayName", photo_url as "photoUrl"`;
    const [part] = await observer<Array<{ id: string }>>`
      insert into tools (name, img, price_cents, minimum_order_quantity, available, description)
      values ('Chainring', '/images/parts/bike-headsets.svg', 2500, 1, 1000000, 'A chainring.') returning id`;
    if (!customer || !part) throw new Error('could not make the shop');
    await observer`
      insert into bookings (tool_id, user_id, tool_name, email, person_name, phone, address, quantity, unit_price_cents, total_cents,
        status, transaction_id, paid_at)
      select ${part.id}, ${customer.id}, 'Chainring', 'rider@example.com', 'Rider', '555 ' || n, n || ' Chainring Road', 1, 2500, 2500,
        'paid', 'pi_placed_' || n, now()
      from generate_series(1, ${BOOKINGS_ALREADY_PLACED}) as n`;
    const book = () =>
      createBooking(
        shop.db,
        customer,
        { toolsId: part.id, amount: 1, phone: '555 0100', address: '1 Chainring Road' },
        UNLIMITED_HOLDS,
      );
    return { url: database.url, shop, observer, customer, partId: part.id, book };
  }

  /** A transaction left open until `end` is called, as a slow report or checkout leaves one. */
  function longTransaction(observer: postgres.Sql, work: (tx: postgres.TransactionSql) => Promise<unknown>) {
    let end = () => {};
    const ended = new Promise<void>((resolve) => (end = resolve));
    let started = () => {};
    const begun = new Promise<void>((resolve) => (started = resolve));
    const done = observer.begin(async (tx) => {
      await work(tx);
      started();
      await ended;
    });
    return { begun, end: async () => (end(), await done) };
  }

  /** The concurrent build of an index on bookings in this database, as Postgres reports its progress. */
  async function indexBuild(observer: postgres.Sql): Promise<{ command: string; phase: string } | null> {
    const [row] = await observer<Array<{ command: string; phase: string }>>`
      select command, phase from pg_stat_progress_create_index
      where datid = (select oid from pg_database where datname = current_database()) and relid = 'bookings'::regclass`;
    return row ?? null;
  }

  async function indexValidity(observer: postgres.Sql, name: string): Promise<boolean[]> {
    const rows = await observer<Array<{ valid: boolean }>>`
      select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = ${name}`;
    return rows.map((row) => row.valid);
  }

  async function appliedCount(observer: postgres.Sql): Promise<number> {
    const [row] = await observer<Array<{ count: number }>>`select count(*)::int as count from drizzle.__drizzle_migrations`;
    return row?.count ?? 0;
  }

  /** Whether a promise has settled, read without waiting for it. */
  function settledFlag(promise: Promise<unknown>): () => boolean {
    let settled = false;
    void promise.then(
      () => (settled = true),
      () => (settled = true),
    );
    return () => settled;
  }

  it(
    'takes a booking while an index is built concurrently, before the build ends',
    async () => {
      const { url, observer, book } = await populatedShop();
      const migrations = await extraMigrations([phoneIndex]);
      // A checkout's transaction that wrote a booking and is still open: the build must wait for it.
      const checkout = longTransaction(observer, (tx) => tx`update bookings set phone = phone where seq = 1`);
      await checkout.begun;

      const migrating = migratePostgresOnce(url, { migrationsFolder: migrations.folder });
      const migrated = settledFlag(migrating);
      await expect
        .poll(() => indexBuild(observer), { timeout: 60_000 })
        .toEqual({
          command: 'CREATE INDEX CONCURRENTLY',
          phase: 'waiting for writers before build',
        });

      await book();
      expect(await indexBuild(observer)).toMatchObject({ command: 'CREATE INDEX CONCURRENTLY' });
      expect(migrated()).toBe(false);

      await checkout.end();
      await migrating;
      expect(await indexValidity(observer, 'bookings_phone')).toEqual([true]);
    },
    POSTGRES_TEST_TIMEOUT_MS,
  );

  it(
    'lets bookings past a schema change that waits behind a long transaction, and applies it once that ends',
    async () => {
      const { url, observer, book } = await populatedShop();
      const migrations = await extraMigrations([giftNote]);
      const report = longTransaction(observer, (tx) => tx`select count(*) from bookings`);
      await report.begun;

      const migrating = migratePostgresOnce(url, { migrationsFolder: migrations.folder });
      const migrated = settledFlag(migrating);
      await expect.poll(() => waitingForBookingsTable(observer), { timeout: 60_000 }).toBe(true);

      // Queued behind the waiting change, the booking goes through once the change gives up.
      await book();
      expect(migrated()).toBe(false);
      expect(await hasGiftNote(observer)).toBe(false);

      await report.end();
      await migrating;
      expect(await hasGiftNote(observer)).toBe(true);
    },
    POSTGRES_TEST_TIMEOUT_MS,
  );

  it(
    'bounds every migration’s wait for a lock, before and after a concurrent build (which waits as long as it must)',
    async () => {
      const { url, observer } = await populatedShop();
      const recordLockTimeout = (table: string): ExtraMigration => ({
        tag: `0100_${table}`,
        sql: `CREATE TABLE "${table}" AS SELECT current_setting('lock_timeout') AS lock_timeout;`,
      });
      const migrations = await extraMigrations([recordLockTimeout('before_build'), phoneIndex, recordLockTimeout('after_build')]);
      await migratePostgresOnce(url, { migrationsFolder: migrations.folder });
      const seen = await observer<Array<{ lock_timeout: string }>>`
        select lock_timeout from before_build union all select lock_timeout from after_build`;
      expect(seen).toEqual([{ lock_timeout: '2s' }, { lock_timeout: '2s' }]);
    },
    POSTGRES_TEST_TIMEOUT_MS,
  );

  it(
    'gives up loudly, applying nothing, when the lock never comes',
    async () => {
      const { url, observer } = await populatedShop();
      const migrations = await extraMigrations([giftNote]);
      const before = await appliedCount(observer);
      const report = longTransaction(observer, (tx) => tx`select count(*) from bookings`);
      await report.begun;

      const failure = await migratePostgresOnce(url, {
        migrationsFolder: migrations.folder,
        lockTimeoutMs: 50,
        lockAttempts: 2,
      }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationError);
      expect((failure as Error).message).toMatch(/^Migration 0100_bookings_gift_note gave up: 2 times it waited 50 ms/);
      expect(await hasGiftNote(observer)).toBe(false);
      expect(await appliedCount(observer)).toBe(before);

      await report.end();
      await migratePostgresOnce(url, { migrationsFolder: migrations.folder });
      expect(await hasGiftNote(observer)).toBe(true);
    },
    POSTGRES_TEST_TIMEOUT_MS,
  );

  it(
    'lets a second process wait its turn during a concurrent build without ending either in a deadlock',
    async () => {
      const { url, observer } = await populatedShop();
      const migrations = await extraMigrations([phoneIndex]);
      const checkout = longTransaction(observer, (tx) => tx`update bookings set phone = phone where seq = 1`);
      await checkout.begun;
      const first = migratePostgresOnce(url, { migrationsFolder: migrations.folder });
      await expect.poll(() => indexBuild(observer), { timeout: 60_000 }).not.toBeNull();

      // A server booting meanwhile asks for the migration lock, and must wait for the build to end.
      const second = migratePostgresOnce(url, { migrationsFolder: migrations.folder });
      await expect.poll(() => askedForMigrationLock(observer), { timeout: 60_000 }).toBe(true);
      await checkout.end();

      await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
      expect(await indexValidity(observer, 'bookings_phone')).toEqual([true]);
    },
    POSTGRES_TEST_TIMEOUT_MS,
  );

  it(
    'drops the invalid index a failed concurrent build leaves, so the migration can simply run again',
    async () => {
      const { url, observer } = await populatedShop();
      const before = await appliedCount(observer);
      // Every placed booking has the same email: a unique index cannot be built.
      const uniqueEmail: ExtraMigration = {
        tag: '0100_bookings_email_unique',
        sql: `${NO_TRANSACTION_MARKER}\nCREATE UNIQUE INDEX CONCURRENTLY "bookings_email_unique" ON "bookings" USING btree ("email");`,
      };
      const migrations = await extraMigrations([uniqueEmail]);

      const failure = await migratePostgresOnce(url, { migrationsFolder: migrations.folder }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(MigrationError);
      expect((failure as Error).message).toContain('Migration 0100_bookings_email_unique failed: could not create unique index');
      expect((failure as Error).message).toContain('The invalid index bookings_email_unique it left was dropped.');
      expect(await indexValidity(observer, 'bookings_email_unique')).toEqual([]);
      expect(await appliedCount(observer)).toBe(before);
    },
    POSTGRES_TEST_TIMEOUT_MS,
  );

  it(
    'rebuilds an index a killed run left invalid, rather than take it for built',
    async () => {
      const { url, observer } = await populatedShop();
      // An index left INVALID, as a concurrent build whose process was killed leaves it.
      await observer`create unique index concurrently "bookings_phone" on "bookings" ("email")`.catch(() => undefined);
      expect(await indexValidity(observer, 'bookings_phone')).toEqual([false]);

      const migrations = await extraMigrations([phoneIndex]);
      await migratePostgresOnce(url, { migrationsFolder: migrations.folder });
      expect(await indexValidity(observer, 'bookings_phone')).toEqual([true]);
    },
    POSTGRES_TEST_TIMEOUT_MS,
  );

  async function waitingForBookingsTable(observer: postgres.Sql): Promise<boolean> {
    const [row] = await observer<Array<{ waiting: boolean }>>`
      select exists (select 1 from pg_locks where relation = 'bookings'::regclass and mode = 'AccessExclusiveLock' and not granted) as waiting`;
    return row?.waiting ?? false;
  }

  async function hasGiftNote(observer: postgres.Sql): Promise<boolean> {
    const [row] = await observer<Array<{ found: boolean }>>`
      select exists (select 1 from information_schema.columns where table_name = 'bookings' and column_name = 'gift_note') as found`;
    return row?.found ?? false;
  }

  /** Whether a session has asked for the migration lock (the migrating one has moved on to its build). */
  async function askedForMigrationLock(observer: postgres.Sql): Promise<boolean> {
    const [row] = await observer<Array<{ asked: boolean }>>`
      select exists (select 1 from pg_stat_activity where datname = current_database()
        and query ilike '%advisory_lock(%' and query not ilike '%pg_stat_activity%') as asked`;
    return row?.asked ?? false;
  }
});
