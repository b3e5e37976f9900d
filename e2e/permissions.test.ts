// Journey 9: permissions as a person meets them. A customer typing an admin page's address is
// sent to /login; a customer whose session ends while on My Orders is signed out to /home.
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { stage, type Account } from './support/api';
import { useBrowser } from './support/browser';
import { accessToken, expectPath, loginLink, navbar, rowWith, see, sidebar, signInInBrowser } from './support/journeys';

const browser = useBrowser();
const shop = stage();

async function customerOnMyOrders(customer: Account) {
  const part = await shop.part();
  await shop.book(customer, part, 3);
  const { page } = await browser.open();
  await signInInBrowser(page, customer);
  await navbar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await see(rowWith(page, part.name));
  return page;
}

describe('a customer', () => {
  it('typing an admin page’s address is sent to /login', async () => {
    const customer = await shop.customer('curious');
    // Even their own order's admin page is for admins only; customers have My Orders.
    const order = await shop.book(customer, await shop.part({ minimumOrderQuantity: 1 }), 1);
    const { page } = await browser.open();
    await signInInBrowser(page, customer);
    const adminPages = [
      '/dashboard/makeadmin',
      '/dashboard/addproducts',
      '/dashboard/manageorders',
      '/dashboard/manageproducts',
      '/dashboard/overview',
    ];
    for (const path of [...adminPages, `/dashboard/orders/${order._id}`]) {
      await page.goto(path);
      await expectPath(page, '/login');
      await see(page.getByText(`${messages.adminOnly} Please sign in with an admin account.`));
    }
  });

  it('whose account is removed while on My Orders is signed out to /home at the next load of the orders', async () => {
    const customer = await shop.customer('removed');
    const page = await customerOnMyOrders(customer);
    await shop.removeAccount(customer.email);

    // Whichever of the shop's next calls meets the refusal first (the navbar's cart count, the
    // profile's, the orders' next load) lands on /home, so a link may already be gone.
    for (const name of ['My Profile', 'My Order']) {
      await sidebar(page)
        .getByRole('link', { name, exact: true })
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    }
    await expectPath(page, '/home');
    await see(loginLink(page));
    expect(await accessToken(page)).toBeNull();
    expect(await navbar(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
  });

  it('whose session token is tampered with while on My Orders is signed out to /home', async () => {
    const customer = await shop.customer('tampered');
    const page = await customerOnMyOrders(customer);
    await page.evaluate(() => {
      // The signature's first character carries six whole bits; its last carries padding that
      // base64url decoders ignore, so changing that one could leave the signature as it was.
      const [header, payload, signature = ''] = (localStorage.getItem('accessToken') ?? '').split('.');
      const changed = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      localStorage.setItem('accessToken', `${header}.${payload}.${changed}`);
    });

    // The orders load again with the refused token (any signed-in call would end it the same way).
    await page.goto('/dashboard');
    await expectPath(page, '/home');
    await see(loginLink(page));
    expect(await accessToken(page)).toBeNull();
  });
});
