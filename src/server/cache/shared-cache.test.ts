// Cached public reads stay true when something changes elsewhere: through this process's own
// writes (seen by its next read), through plain SQL (triggers notify), and, with two server
// processes sharing one Postgres, through the other process. Counts come from the counter row,
// which the same transactions keep exact.
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../db/schema';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { usingPostgres } from '../testing/test-database';
import { createTestShop, type TestShop } from '../testing/test-shop';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const visitor = () => shop.caller(null);

describe('cached reads in one process', () => {
  it('shows a booking’s stock and a new part to the next read', async () => {
    const part = await shop.createTool({ available: 30, minimumOrderQuantity: 1 });
    const { user } = await shop.createUser();
    const stockOf = async () => (await visitor().tools.list({ limit: 100 })).items.find((item) => item._id === part.id)?.available;
    expect(await stockOf()).toBe(30);

    await shop.caller(user).bookings.create({ toolsId: part.id, amount: 4, phone: '5550100', address: '1 Main St' });
    expect(await stockOf()).toBe(26);

    const added = await shop.createTool({ name: 'Added behind the cache' });
    expect((await visitor().tools.list({ limit: 100 })).items.map((item) => item._id)).toContain(added.id);
  });

  it('sees a part changed with plain SQL at once (the trigger notifies), and its stock within a second', async () => {
    const part = await shop.createTool({ available: 8, name: 'Before the rename' });
    // A page size no other test reads: its cache entry is made here, so only the notification can drop it within 500 ms.
    const listed = async () => (await visitor().tools.list({ limit: 97 })).items.find((item) => item._id === part.id);
    expect((await listed())?.name).toBe('Before the rename');
    await shop.database.db.execute(sql`update tools set name = 'After the rename' where id = ${part.id}`);
    await expect.poll(async () => (await listed())?.name, { timeout: 500 }).toBe('After the rename');

    await shop.database.db.execute(sql`update tools set available = 3 where id = ${part.id}`);
    await expect.poll(async () => (await listed())?.available, { timeout: 2_000 }).toBe(3);
  });

  it('drops a part hidden or restocked by an admin edit with plain SQL at once (the trigger notifies)', async () => {
    const part = await shop.createTool({ available: 8 });
    // A page size no other test reads, so only the notification can drop the entry within 500 ms.
    const listed = async () => (await visitor().tools.list({ limit: 96 })).items.find((item) => item._id === part.id);
    expect(await listed()).toBeDefined();
    await shop.database.db.execute(sql`update tools set available = 5, version = version + 1 where id = ${part.id}`);
    await expect.poll(async () => (await listed())?.available, { timeout: 500 }).toBe(5);
    await shop.database.db.execute(sql`update tools set hidden = true where id = ${part.id}`);
    await expect.poll(listed, { timeout: 500 }).toBeUndefined();
  });

  it('keeps the review count exact through inserts and deletes, without counting rows', async () => {
    const { user } = await shop.createUser();
    const before = (await visitor().reviews.list({})).total;
    await shop.caller(user).reviews.create({ rating: 4, text: 'Counted by the trigger.' });
    await shop.database.db.insert(reviews).values([
      { name: 'Bulk one', img: '/a.svg', rating: 5, text: 'One of two added at once.' },
      { name: 'Bulk two', img: '/a.svg', rating: 3, text: 'Two of two added at once.' },
    ]);
    expect((await visitor().reviews.list({})).total).toBe(before + 3);
    await shop.database.db.execute(sql`delete from reviews where name like 'Bulk %'`);
    await expect.poll(async () => (await visitor().reviews.list({})).total).toBe(before + 1);
    const [counted] = await shop.database.db.select({ total: count() }).from(reviews);
    expect(counted?.total).toBe(before + 1);
  });
});

describe.skipIf(!usingPostgres())('cached reads in two server processes sharing one Postgres', () => {
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    if (!shop.database.url) throw new Error('no Postgres URL for the server processes');
    const env = {
      DATABASE_URL: shop.database.url,
      STRIPE_API_BASE: shop.payments.url,
    };
    servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  async function catalogStock(server: ServerProcess, partId: string, limit = 100): Promise<number | undefined> {
    const input = encodeURIComponent(JSON.stringify({ limit }));
    const response = await fetch(`${server.url}/trpc/tools.list?input=${input}`);
    const body = (await response.json()) as { result: { data: { items: Array<{ _id: string; available: number }> } } };
    return body.result.data.items.find((item) => item._id === partId)?.available;
  }

  it('shows a part added through one process in the other at once, and stock sold there within a second', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const part = await shop.createTool({ available: 50, minimumOrderQuantity: 1 });
    // The shop and the server processes sign sessions with the same test secret.
    const { token } = await shop.createUser();
    expect(await catalogStock(first, part.id)).toBe(50);
    expect(await catalogStock(second, part.id)).toBe(50);

    const booked = await fetch(`${first.url}/trpc/bookings.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ toolsId: part.id, amount: 7, phone: '5550100', address: '1 Main St' }),
    });
    expect(booked.status).toBe(200);
    expect(await catalogStock(first, part.id)).toBe(43);
    await expect.poll(() => catalogStock(second, part.id), { timeout: 2_000 }).toBe(43);

    // A page cached just now, refreshed faster than it expires: only the notification can explain it.
    expect(await catalogStock(second, part.id, 99)).toBe(43);
    const added = await shop.createTool({ name: 'Added in the other process' });
    await expect.poll(() => catalogStock(second, added.id, 99), { timeout: 500 }).toBe(10);
  });
});
