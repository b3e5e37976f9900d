// The storefront the server tests share, as vitest fixtures: a test names what it needs
// (`test('…', async ({ shop, customer }) => …)`) and gets it, built on first use and torn down
// with the file. Everything is file-scoped, as the suites' beforeAll set-up was: the tests of a
// file share one shop and one customer, so their data adds up as it does for a real shop.
import { test as base } from 'vitest';
import { createTestShop, type TestShopOptions } from './test-shop';

export { describe, expect } from 'vitest';

/** How the file's shop differs from the defaults; a file sets it with test.override('shopOptions', …). */
const defaultShopOptions: TestShopOptions = {};

export const test = base
  .extend('shopOptions', { scope: 'file' }, defaultShopOptions)
  .extend('shop', { scope: 'file' }, async ({ shopOptions }, { onCleanup }) => {
    const shop = await createTestShop(shopOptions);
    onCleanup(() => shop.close());
    return shop;
  })
  .extend('customer', { scope: 'file' }, ({ shop }) => shop.createUser('user'))
  // A second customer, for what one customer may not see or do to another's orders.
  .extend('otherCustomer', { scope: 'file' }, ({ shop }) => shop.createUser('user'))
  .extend('admin', { scope: 'file' }, ({ shop }) => shop.createUser('admin'));
