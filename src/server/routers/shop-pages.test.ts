// The shop's own lists come a page at a time, like the admin lists: the catalogue (for visitors
// and for Manage product), the reviews (shop-wide and one part's) and a customer's orders. Each
// page holds at most the size asked for, no page behind a cursor is empty, following the cursors
// gives every row once in the list's order, and a page that ends at the last row offers no next.
import { describe, expect, test } from '../testing/fixtures';
import { PAGE_SIZE_MAX } from '../../shared/constants';
import { everyPage } from '../testing/keyset-pages';
import { form } from '../testing/payments';
import type { TestShop, TestUser } from '../testing/test-shop';

let reviewedPart: { id: string };

test.beforeAll(async ({ shop, customer }) => {
  for (let index = 0; index < 5; index++) await shop.createTool({ minimumOrderQuantity: 1, available: 100 });
  reviewedPart = await shop.createTool({ minimumOrderQuantity: 1, available: 100 });
  for (let index = 0; index < 5; index++) {
    const reviewer = await shop.createUser('user');
    await shop.caller(reviewer.user).reviews.create({ rating: 4, text: `Review ${index}`, toolsId: reviewedPart.id });
    await shop.caller(customer.user).bookings.create({ toolsId: reviewedPart.id, amount: 1, ...form });
  }
});

/** Who lists: the file's shop, its admin and its customer. */
type Listers = { shop: TestShop; admin: TestUser; customer: TestUser };
type Paged = (
  as: Listers,
  input: { limit: number; cursor?: string },
) => Promise<{ items: Array<{ _id: string }>; nextCursor: string | null }>;

const lists: Array<[name: string, list: Paged]> = [
  ['tools.list', ({ shop }, input) => shop.caller(null).tools.list(input)],
  ['tools.adminList', ({ shop, admin }, input) => shop.caller(admin.user).tools.adminList(input)],
  ['reviews.list', ({ shop }, input) => shop.caller(null).reviews.list(input)],
  ['reviews.forPart', ({ shop }, input) => shop.caller(null).reviews.forPart({ ...input, toolsId: reviewedPart.id })],
  ['bookings.mine', ({ shop, customer }, input) => shop.caller(customer.user).bookings.mine(input)],
];

describe.each(lists)('%s pages', (_name, list) => {
  test('give every row once, in order, two at a time', async ({ shop, admin, customer }) => {
    const as = { shop, admin, customer };
    const whole = (await list(as, { limit: PAGE_SIZE_MAX })).items.map((item) => item._id);
    expect(whole.length).toBeGreaterThanOrEqual(5);
    expect(whole.length).toBeLessThan(PAGE_SIZE_MAX);

    const pages = await everyPage((cursor) => list(as, { limit: 2, cursor }));
    for (const page of pages) {
      expect(page.length).toBeGreaterThan(0);
      expect(page.length).toBeLessThanOrEqual(2);
    }
    expect(pages.flat().map((item) => item._id)).toEqual(whole);
  });

  test('offer no next page after a page that ends at the last row', async ({ shop, admin, customer }) => {
    const as = { shop, admin, customer };
    const whole = await list(as, { limit: PAGE_SIZE_MAX });
    expect(whole.nextCursor).toBeNull();
    const exact = await list(as, { limit: whole.items.length });
    expect(exact.items).toHaveLength(whole.items.length);
    expect(exact.nextCursor).toBeNull();
  });
});
