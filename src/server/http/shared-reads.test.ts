// The render's way into the shop's data reaches only what every visitor may read: the shared
// reads, as an anonymous visitor, answered as JSON, with a refusal told as its HTTP status.
import pino from 'pino';
import { describe, expect, test } from '../testing/fixtures';
import { sharedReads } from './shared-reads';

const silent = pino({ level: 'silent' });

describe('the shared reads of the page render', () => {
  test('answers a shared read as the JSON a browser would get', async ({ shop }) => {
    const part = await shop.createTool({ name: 'Shared read part', priceCents: 7_25 });

    const answer = await sharedReads(shop.deps, silent)('tools.byId', { id: part.id });

    expect(answer).toEqual({
      ok: true,
      data: expect.objectContaining({ _id: part.id, name: 'Shared read part', price: 7.25 }) as unknown,
    });
  });

  test('tells a refusal by its status and message', async ({ shop }) => {
    const read = sharedReads(shop.deps, silent);

    expect(await read('tools.byId', { id: '00000000-0000-4000-8000-00000000dead' })).toMatchObject({ ok: false, httpStatus: 404 });
    expect(await read('tools.byId', { id: 'not-an-id' })).toMatchObject({ ok: false, httpStatus: 400 });
  });

  test.for(['users.me', 'tools.adminList', 'bookings.create', 'no.such.path'])(
    'refuses to call %s, which is not a shared read',
    async (path, { shop }) => {
      await expect(sharedReads(shop.deps, silent)(path, {})).rejects.toThrow(`${path} is not a shared read`);
    },
  );
});
