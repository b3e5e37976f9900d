// `npx tsx bench/migration-wait.ts`: the figure of docs/operations.md, "Upgrades". How long a
// booking waits while a migration builds an index on 600,000 bookings: built plainly (in the
// migration's transaction, holding a lock that stops writes) and concurrently (a
// `-- sprocket:no-transaction` migration). Customers book through the shop's own booking call
// without pause, before, during and after the migration; the longest wait among the bookings that
// overlapped the migration is the figure. BENCH_DATABASE_URL names the Postgres server; each mode
// gets a database of its own, dropped afterwards. BENCH_BOOKINGS changes the 600,000.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { SessionUser } from '../src/server/auth/session-user';
import { migratePostgresOnce, openPostgres } from '../src/server/db/database';
import { NO_TRANSACTION_MARKER } from '../src/server/db/migration-runner';
import { createBooking } from '../src/server/domains/orders/booking';
import { migrationsWith } from '../src/server/testing/extra-migrations';
import { UNLIMITED_HOLDS } from '../src/server/testing/test-shop';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 600_000);
/** Customers booking at once, each booking after the other (one customer's bookings take turns on their row). */
const CUSTOMERS = 4;
const SETTLE_MS = 2_000;

const INDEX = '"bookings_phone_address" ON "bookings" USING btree ("phone", "address")';
const modes = {
  plain: `CREATE INDEX ${INDEX};`,
  concurrent: `${NO_TRANSACTION_MARKER}\nCREATE INDEX CONCURRENTLY ${INDEX};`,
} as const;

interface Booking {
  startedMs: number;
  endedMs: number;
  failed: boolean;
}

interface Result {
  mode: keyof typeof modes;
  migrationMs: number;
  duringMigration: number;
  failed: number;
  longestWaitMs: number;
  longestWaitBeforeMs: number;
}

async function measure(mode: keyof typeof modes): Promise<Result> {
  const name = `sprocket_migration_wait_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const migrations = await migrationsWith([{ tag: '0100_bookings_phone_address', sql: modes[mode] }]);
  try {
    const shop = await openPostgres(url.toString());
    const { customers, partId } = await fill(url.toString());
    const bookings: Booking[] = [];
    let booking = true;
    const bookers = customers.map(async (customer) => {
      while (booking) {
        const startedMs = performance.now();
        const failed = await createBooking(
          shop.db,
          customer,
          { toolsId: partId, amount: 1, phone: '555 0100', address: '1 Benchmark Way' },
          UNLIMITED_HOLDS,
        ).then(
          () => false,
          () => true,
        );
        bookings.push({ startedMs, endedMs: performance.now(), failed });
      }
    });
    await pause(SETTLE_MS);
    const migrationStartedMs = performance.now();
    await migratePostgresOnce(url.toString(), { migrationsFolder: migrations.folder });
    const migrationEndedMs = performance.now();
    await pause(SETTLE_MS);
    booking = false;
    await Promise.all(bookers);
    await shop.close();

    const waitOf = (entry: Booking) => entry.endedMs - entry.startedMs;
    const overlapping = bookings.filter((entry) => entry.endedMs >= migrationStartedMs && entry.startedMs <= migrationEndedMs);
    const before = bookings.filter((entry) => entry.endedMs < migrationStartedMs);
    return {
      mode,
      migrationMs: migrationEndedMs - migrationStartedMs,
      duringMigration: overlapping.length,
      failed: overlapping.filter((entry) => entry.failed).length,
      longestWaitMs: Math.max(...overlapping.map(waitOf)),
      longestWaitBeforeMs: Math.max(...before.map(waitOf)),
    };
  } finally {
    await migrations.remove();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** The customers who book, a part with stock for all of them, and BOOKINGS orders placed earlier. */
async function fill(url: string): Promise<{ customers: SessionUser[]; partId: string }> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const customers = await sql<SessionUser[]>`
      insert into users (email, display_name, email_verified)
      select 'booker-' || n || '@example.com', 'Booker ' || n, true from generate_series(1, ${CUSTOMERS}) as n
      returning id, email, email_verified as "emailVerified", role, display_name as "displayName", photo_url as "photoUrl"`;
    const [part] = await sql<Array<{ id: string }>>`
      insert into tools (name, img, price_cents, minimum_order_quantity, available, description)
      values ('Benchmark part', '/images/parts/bike-headsets.svg', 2500, 1, 100000000, 'A part for the benchmark.') returning id`;
    if (!part) throw new Error('could not make the part');
    const [customer] = customers;
    await sql`
      insert into bookings (tool_id, user_id, tool_name, email, person_name, phone, address, quantity, unit_price_cents, total_cents,
        status, transaction_id, paid_at)
      select ${part.id}, ${customer?.id ?? ''}, 'Benchmark part', 'booker-1@example.com', 'Booker 1', '555 ' || n, n || ' Benchmark Way',
        1, 2500, 2500, 'paid', 'pi_bench_' || n, now()
      from generate_series(1, ${BOOKINGS}) as n`;
    await sql`vacuum analyze bookings`;
    return { customers: [...customers], partId: part.id };
  } finally {
    await sql.end();
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

console.log(`migration-wait: ${BOOKINGS.toLocaleString('en-US')} bookings, ${CUSTOMERS} customers booking without pause`);
console.log('| index built | migration | bookings during it | refused | longest booking wait | longest before it |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const mode of ['plain', 'concurrent'] as const) {
  const result = await measure(mode);
  console.log(
    `| ${mode} | ${ms(result.migrationMs)} | ${result.duringMigration} | ${result.failed} | ${ms(result.longestWaitMs)} | ${ms(result.longestWaitBeforeMs)} |`,
  );
}
