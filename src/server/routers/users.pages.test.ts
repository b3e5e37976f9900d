// The admin lists come a page at a time: users.list in sign-up order, users.auditLog newest first,
// each with a bounded page size, so a shop with many customers or a long history is never read whole.
import { describe, expect, test } from '../testing/fixtures';
import { PAGE_SIZE_MAX } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { recordAudit } from '../domains/audit/audit';
import { everyPage } from '../testing/keyset-pages';

describe('users.list pages', () => {
  test('returns every listed user once, in sign-up order, a page at a time', async ({ shop, admin }) => {
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await shop.createUser());
    const pages = await everyPage((cursor) => shop.caller(admin.user).users.list({ limit: 2, cursor }));

    expect(pages.every((page) => page.length <= 2)).toBe(true);
    const emails = pages.flat().map((user) => user.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.slice(-5)).toEqual(created.map((user) => user.user.email));
    expect(emails[0]).toBe(admin.user.email);
  });

  test(`refuses a page larger than ${PAGE_SIZE_MAX} and a made-up cursor`, async ({ shop, admin }) => {
    await expect(shop.caller(admin.user).users.list({ limit: PAGE_SIZE_MAX + 1 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.pageSizeInvalid,
    });
    await expect(shop.caller(admin.user).users.list({ cursor: 'abc' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.cursorInvalid,
    });
  });

  test('answers GET /user with the first page and the next position in x-next-cursor', async ({ shop, admin }) => {
    const first = await shop.app.inject({ url: '/user?limit=1', headers: admin.headers });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(1);
    const next = first.headers['x-next-cursor'];
    expect(next).toMatch(/^\d+$/);
    const second = await shop.app.inject({ url: `/user?limit=1&cursor=${String(next)}`, headers: admin.headers });
    expect(second.json()).not.toEqual(first.json());
    expect((await shop.app.inject({ url: '/user?limit=1000', headers: admin.headers })).statusCode).toBe(400);
  });
});

describe('users.auditLog pages', () => {
  test('returns every action once, newest first, a page at a time', async ({ shop, admin }) => {
    for (let i = 0; i < 5; i++) await recordAudit(shop.database.db, admin.user, 'order.ship', `order ${i}`);
    const pages = await everyPage((cursor) => shop.caller(admin.user).users.auditLog({ limit: 2, cursor }));

    expect(pages.every((page) => page.length <= 2)).toBe(true);
    expect(
      pages
        .flat()
        .map((event) => event.subject)
        .slice(0, 5),
    ).toEqual(['order 4', 'order 3', 'order 2', 'order 1', 'order 0']);
  });

  test(`refuses a page larger than ${PAGE_SIZE_MAX}`, async ({ shop, admin }) => {
    await expect(shop.caller(admin.user).users.auditLog({ limit: PAGE_SIZE_MAX + 1 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.pageSizeInvalid,
    });
  });
});
