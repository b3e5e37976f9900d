// Faults on the change feed's LISTEN connection, on a private Postgres cluster (these kill
// connections the machine's shared server gives other suites). While the connection is away the
// feed is not live, so the read cache serves nothing from memory; once it listens again, a change
// made by another connection reaches the cache through its notification.
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadCache, type ReadCache } from '../cache/read-cache';
import { openPostgres, type DatabaseHandle } from '../db/database';
import { tools } from '../db/schema';
import { privatePostgresAvailable, startPrivatePostgres, type PrivatePostgres } from '../testing/private-postgres';

describe.skipIf(!privatePostgresAvailable())('the change feed when its connection is lost', () => {
  let cluster: PrivatePostgres;
  let database: DatabaseHandle;
  let cache: ReadCache;
  let partId: string;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    database = await openPostgres(cluster.url);
    cache = createReadCache(database.changes);
    const [part] = await database.db
      .insert(tools)
      .values({ name: 'Named once', img: '/a.svg', priceCents: 100, minimumOrderQuantity: 1, available: 1, description: 'Renamed.' })
      .returning({ id: tools.id });
    if (!part) throw new Error('no part');
    partId = part.id;
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await cluster?.destroy();
  });

  /** Cached until `tools` changes: only a notification can show a rename made elsewhere. */
  const cachedName = () =>
    cache.read(`name:${partId}`, { tables: ['tools'] }, async () => {
      const [row] = await database.db.select({ name: tools.name }).from(tools).where(eq(tools.id, partId));
      return row?.name;
    });

  /** The feed's liveness at each change of it, from now on (a change empties caches: `null`). */
  function recordLiveness(): boolean[] {
    const seen: boolean[] = [];
    database.changes.subscribe((table) => table === null && seen.push(database.changes.live));
    return seen;
  }

  /** Renames the part over a connection of its own, as another server process would. */
  async function renameElsewhere(name: string): Promise<void> {
    const other = postgres(cluster.url, { max: 1, onnotice: () => {} });
    try {
      await other`update tools set name = ${name} where id = ${partId}`;
    } finally {
      await other.end();
    }
  }

  it('is not live while the database restarts, and sees another connection’s change afterwards', async () => {
    expect(database.changes.live).toBe(true);
    await cluster.stop('fast');
    await expect.poll(() => database.changes.live, { timeout: 500, interval: 20 }).toBe(false);
    await cluster.start();
    await expect.poll(() => database.changes.live, { timeout: 10_000, interval: 50 }).toBe(true);

    expect(await cachedName()).toBe('Named once');
    await renameElsewhere('Renamed after the restart');
    await expect.poll(cachedName, { timeout: 1_000, interval: 20 }).toBe('Renamed after the restart');
  }, 60_000);

  it('is not live when only its LISTEN connection is killed, and listens again by itself', async () => {
    expect(database.changes.live).toBe(true);
    const liveness = recordLiveness();
    const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
    try {
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen "sprocket_changes"'`;
    } finally {
      await admin.end();
    }
    await expect.poll(() => liveness.at(-1), { timeout: 5_000, interval: 20 }).toBe(true);
    expect(liveness[0]).toBe(false);

    expect(await cachedName()).toBe('Renamed after the restart');
    await renameElsewhere('Renamed after the lost connection');
    await expect.poll(cachedName, { timeout: 1_000, interval: 20 }).toBe('Renamed after the lost connection');
  }, 30_000);
});
