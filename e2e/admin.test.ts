// Journey 8: an admin's day. The admin sidebar without customer items; adding a part that home
// then shows and deleting it after the confirm dialog; making a customer admin after confirming (and
// not one whose email is not verified); removing a user;
// every customer's orders in Manage orders, and shipping a paid one; removing a review.
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { DEMO_ADMIN, stage, uniqueId } from './support/api';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import {
  cardFigure,
  confirmDialog,
  expectText,
  expectToast,
  gone,
  navbar,
  openFromSidebar,
  productCard,
  rowWith,
  see,
  showAllParts,
  sidebarLabels,
  signInInBrowser,
} from './support/journeys';

const browser = useBrowser();
const shop = stage();

async function adminInDashboard(account: { email: string; password: string } = DEMO_ADMIN) {
  const { page } = await browser.open();
  await signInInBrowser(page, account);
  await navbar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
  return page;
}

describe('an admin', () => {
  it('sees the admin sidebar and none of the customer items', async () => {
    const admin = await shop.admin('sidebar');
    const page = await adminInDashboard(admin);
    const labels = await sidebarLabels(page);
    const adminItems = ['Make Admin', 'My Profile', 'Add a product', 'Manage orders', 'Manage product', 'Manage reviews'];
    expect(labels.filter((label) => adminItems.includes(label))).toEqual(adminItems);
    expect(labels).not.toContain('My Order');
    expect(labels).not.toContain('Add A Review');
    await see(page.getByRole('heading', { name: `Welcome, ${admin.name}`, level: 1 }));
  });

  it('adds a part that home then shows, and deletes it after the confirm dialog', async () => {
    const admin = await shop.admin('catalogue');
    const name = `Admin Crankset ${uniqueId()}`;
    shop.forgetPart(name);
    const page = await adminInDashboard(admin);

    await openFromSidebar(page, 'Add a product');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Price (USD)').fill('129.99');
    await page.getByLabel('Minimum order quantity').fill('2');
    await page.getByLabel('Available', { exact: true }).fill('30');
    await page.getByLabel('Image URL').fill('/images/parts/bike-derailleurs.svg');
    await page.getByLabel('Description').fill('Cold-forged alloy crankset with replaceable chainrings, added by an admin journey.');
    await page.getByRole('button', { name: 'Add product' }).click();
    await expectToast(page, messages.productAdded);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('');

    const card = await productCard(page, name);
    await see(card.getByText('$129.99', { exact: true }));
    await expectText(cardFigure(card, 'Minimum order'), '2');
    await expectText(cardFigure(card, 'Available'), '30');

    await navbar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await openFromSidebar(page, 'Manage product');
    const remove = page.getByRole('button', { name: `Delete ${name}` });
    await remove.click();
    await confirmDialog(page, messages.confirmDelete, messages.keepProduct);
    await see(rowWith(page, name));
    await remove.click();
    await confirmDialog(page, messages.confirmDelete, messages.deleteProduct);
    await expectToast(page, messages.deleted);
    await gone(rowWith(page, name));

    const cards = await showAllParts(page);
    expect(await cards.filter({ has: page.getByRole('heading', { name, exact: true }) }).count()).toBe(0);
  });

  it('makes a customer admin after confirming: the toast, the refreshed list, and no Make Admin button for them', async () => {
    const customer = await shop.customer('promoted');
    const page = await adminInDashboard();
    await openFromSidebar(page, 'Make Admin');
    const row = rowWith(page, customer.email);
    await expectText(row.getByRole('cell').nth(1), 'customer');

    const makeAdmin = row.getByRole('button', { name: `Make Admin: ${customer.email}` });
    await makeAdmin.click();
    await confirmDialog(page, messages.confirmMakeAdmin(customer.email), messages.keepCustomer);
    await expectText(row.getByRole('cell').nth(1), 'customer');
    await makeAdmin.click();
    await confirmDialog(page, messages.confirmMakeAdmin(customer.email), messages.makeAdmin);
    await expectToast(page, messages.makeAdminSucceeded);
    await expectText(row.getByRole('cell').nth(1), 'admin');
    expect(await row.getByRole('button', { name: /Make Admin/ }).count()).toBe(0);
    await see(row.getByRole('button', { name: `Remove User: ${customer.email}` }));

    // The new admin gets the admin sidebar at their next sign-in.
    const promoted = await adminInDashboard(customer);
    expect(await sidebarLabels(promoted)).toContain('Make Admin');
  });

  it('cannot make a customer whose email is not verified an admin, and reads why on the page', async () => {
    const newcomer = await shop.customer('newcomer', { verified: false });
    const page = await adminInDashboard();
    await openFromSidebar(page, 'Make Admin');
    const row = rowWith(page, newcomer.email);

    const makeAdmin = await see(row.getByRole('button', { name: `Make Admin: ${newcomer.email}` }));
    expect(await makeAdmin.isDisabled()).toBe(true);
    await expectText(row.getByText(messages.makeAdminNeedsVerifiedEmail, { exact: true }), messages.makeAdminNeedsVerifiedEmail);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('removes a user after the confirm dialog', async () => {
    const admin = await shop.admin('remover');
    const customer = await shop.customer('removed');
    const page = await adminInDashboard(admin);
    await openFromSidebar(page, 'Make Admin');
    const row = rowWith(page, customer.email);
    await row.getByRole('button', { name: `Remove User: ${customer.email}` }).click();
    await confirmDialog(page, messages.confirmDelete, messages.removeUser);
    await expectToast(page, messages.deleted);
    await gone(row);
    // Nobody can remove their own account: the admin's own row has no Remove User button.
    expect(
      await rowWith(page, admin.email)
        .getByRole('button', { name: /Remove User/ })
        .count(),
    ).toBe(0);
  });

  it('removes a review after the confirm dialog: home no longer shows it and counts one fewer', async () => {
    const reviewer = await shop.customer('spammer');
    const text = `Cheap sprockets at a shady site, code ${uniqueId()}.`;
    await shop.review(reviewer, { rating: 2, text });
    const countBefore = await shop.reviewCount();
    const admin = await shop.admin('moderator');
    const page = await adminInDashboard(admin);

    await openFromSidebar(page, 'Manage reviews');
    const row = rowWith(page, text);
    const remove = row.getByRole('button', { name: `Remove the review by ${reviewer.name}` });
    await remove.click();
    await confirmDialog(page, messages.confirmDelete, messages.keepReview);
    await see(row);
    await remove.click();
    await confirmDialog(page, messages.confirmDelete, messages.removeReview);
    await expectToast(page, messages.deleted);
    await gone(row);
    expect(await shop.reviewCount()).toBe(countBefore - 1);

    await navbar(page).getByRole('link', { name: 'Home', exact: true }).click();
    const reviews = page.getByRole('region', { name: /Customer reviews/ });
    await expectText(reviews.getByRole('heading', { level: 2 }), `Customer reviews ${countBefore - 1}`);
    expect(await reviews.getByText(text).count()).toBe(0);
  });

  it('sees every customer’s orders in Manage orders and ships a paid one', async () => {
    const part = await shop.part({ price: 8, minimumOrderQuantity: 2, available: 50 });
    const [unpaidCustomer, payingCustomer] = [await shop.customer('unpaid'), await shop.customer('paying')];
    await shop.book(unpaidCustomer, part, 3);
    const paid = await shop.pay(payingCustomer, await shop.book(payingCustomer, part, 5));
    const admin = await shop.admin('shipper');

    const page = await adminInDashboard(admin);
    await openFromSidebar(page, 'Manage orders');
    const unpaidRow = rowWith(page, unpaidCustomer.email);
    const paidRow = rowWith(page, payingCustomer.email);
    await expectText(unpaidRow.getByRole('cell').nth(1), part.name);
    await expectText(unpaidRow.getByRole('cell').nth(2), '3');
    await expectText(unpaidRow.getByRole('cell').nth(3), '$24.00');
    await see(unpaidRow.getByText('unpaid', { exact: true }));
    await expectText(paidRow.getByRole('cell').nth(1), part.name);
    await see(paidRow.getByText('paid', { exact: true }));
    await see(paidRow.getByText(paid.transaction ?? 'no transaction id'));
    expect(await unpaidRow.getByRole('button', { name: /^Ship/ }).count()).toBe(0);

    await paidRow.getByRole('button', { name: `Ship ${part.name} to ${payingCustomer.name}` }).click();
    await confirmDialog(page, messages.confirmShip, messages.shipOrder);
    await expectToast(page, `${part.name} for ${payingCustomer.name} is shipped`);
    await see(paidRow.getByText('shipped', { exact: true }));
    expect(await paidRow.getByRole('button', { name: /^Ship/ }).count()).toBe(0);
  });
});
