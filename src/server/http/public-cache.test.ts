// Public reads carry headers a browser or CDN can cache by, and revalidate to a 304; anything
// private, failed or changing stays uncached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop, type TestUser } from '../testing/test-shop';
import { CDN_CACHE_CONTROL } from './public-cache';

let shop: TestShop;
let customer: TestUser;

beforeAll(async () => {
  shop = await createTestShop();
  customer = await shop.createUser();
  await shop.createTool();
});
afterAll(() => shop.close());

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('HTTP caching of public reads', () => {
  it.each([
    ['GET /tools', '/tools'],
    ['GET /review', '/review'],
    ['the catalogue over tRPC', `/trpc/tools.list?input=${input({ limit: 6 })}`],
    ['catalogue and reviews in one batch', `/trpc/tools.list,reviews.list?batch=1&input=${input({ 0: { limit: 6 }, 1: {} })}`],
  ])('marks %s cacheable, and answers 304 to its ETag until it changes', async (_name, url) => {
    const first = await shop.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    // Browsers revalidate every time, so stock is never shown stale; only a CDN may hold it briefly.
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers['cdn-cache-control']).toBe(CDN_CACHE_CONTROL);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const revalidated = await shop.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);

    const signedIn = await shop.app.inject({ method: 'GET', url, headers: { ...customer.headers, 'if-none-match': `W/${etag}` } });
    expect(signedIn.statusCode).toBe(304);

    await shop.createTool({ name: `Changes ${url}` });
    await shop.caller(customer.user).reviews.create({ rating: 5, text: 'A change for the ETag.' });
    const changed = await shop.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it.each([
    ['over tRPC', `/trpc/tools.list?input=${input({ limit: 100 })}`],
    ['over REST', '/tools?limit=100'],
  ])('shows the stock a booking left at once %s, though the catalogue’s answer is kept', async (via, url) => {
    const part = await shop.createTool({ name: `Kept answer part ${via}`, available: 40, minimumOrderQuantity: 1 });
    type Item = { _id: string; available: number };
    const availableOf = async () => {
      const answer = (await shop.app.inject({ method: 'GET', url })).json<Item[] | { result: { data: { items: Item[] } } }>();
      const items = Array.isArray(answer) ? answer : answer.result.data.items;
      return items.find((item) => item._id === part.id)?.available;
    };
    expect(await availableOf()).toBe(40);
    expect(await availableOf()).toBe(40);
    await shop.caller(customer.user).bookings.create({ toolsId: part.id, amount: 3, phone: '5550100', address: '1 Cache Lane' });
    expect(await availableOf()).toBe(37);
  });

  it.each([
    ['a private read', `/trpc/bookings.mine?input=${input({})}`, 200],
    ['a batch with a private read', `/trpc/tools.list,users.me?batch=1&input=${input({})}`, 200],
    ['a failed public read', `/trpc/tools.byId?input=${input({ id: 'nope' })}`, 400],
    ['a customer’s REST orders', '/booking', 200],
  ])('leaves %s uncached', async (_name, url, status) => {
    const response = await shop.app.inject({ method: 'GET', url, headers: customer.headers });
    expect(response.statusCode).toBe(status);
    expect(response.headers['cache-control']).toBeUndefined();
    expect(response.headers.etag).toBeUndefined();
  });
});
