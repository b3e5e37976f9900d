// An admin finds an order: searches Manage orders by the customer's email, narrows to paid ones,
// keeps the view in the address (a reload shows the same), opens the order's page and ships it
// after the confirm dialog; the page passes axe.
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { stage } from './support/api';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { confirmDialog, expectToast, gone, openFromSidebar, rowWith, see, signInInBrowser } from './support/journeys';

const browser = useBrowser();
const shop = stage();

describe('an admin looking for an order', () => {
  it('searches by email, filters paid, opens the order and ships it after confirming', async () => {
    const part = await shop.part({ price: 11, minimumOrderQuantity: 1, available: 50 });
    const customer = await shop.customer('sought');
    const someoneElse = await shop.customer('bystander');
    const unpaid = await shop.book(customer, part, 1);
    const paid = await shop.pay(customer, await shop.book(customer, part, 4));
    await shop.pay(someoneElse, await shop.book(someoneElse, part, 2));
    const admin = await shop.admin('finder');

    const { page } = await browser.open();
    await signInInBrowser(page, admin);
    await page.goto('/dashboard');
    await openFromSidebar(page, 'Manage orders');

    await page.getByRole('searchbox', { name: 'Search orders' }).fill(customer.email.toUpperCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await see(rowWith(page, '$11.00'));
    await gone(rowWith(page, someoneElse.email));
    expect(await rowWith(page, customer.email).count()).toBe(2);

    await page.getByRole('combobox', { name: 'State' }).selectOption('paid');
    await gone(rowWith(page, '$11.00'));
    const paidRow = rowWith(page, '$44.00');
    await see(paidRow);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe(customer.email.toUpperCase());
    expect(url.searchParams.get('status')).toBe('paid');

    // The address is the view: opened again, it shows the same orders.
    await page.reload();
    await see(rowWith(page, '$44.00'));
    expect(await page.getByRole('searchbox', { name: 'Search orders' }).inputValue()).toBe(customer.email.toUpperCase());
    expect(await rowWith(page, unpaid.toolsName).count()).toBe(1);

    await rowWith(page, '$44.00')
      .getByRole('link', { name: /^Order #\d+$/ })
      .click();
    const heading = await see(page.getByRole('heading', { level: 1, name: /^Order #\d+$/ }));
    expect(page.url()).toContain(`/dashboard/orders/${paid._id}`);
    const payment = page.getByRole('region', { name: 'Payment' });
    await see(payment.getByText(paid.transaction ?? 'no transaction id').first());
    await see(page.getByRole('region', { name: 'Customer' }).getByText(customer.email));
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Ship', exact: true }).click();
    await confirmDialog(page, messages.confirmShip, messages.keepUnshipped);
    await see(page.getByRole('button', { name: 'Ship', exact: true }));
    await page.getByRole('button', { name: 'Ship', exact: true }).click();
    await confirmDialog(page, messages.confirmShip, messages.shipOrder);
    await expectToast(page, `${part.name} for ${customer.name} is shipped`);
    const history = page.getByRole('list', { name: /^History of order / });
    await see(history.getByText(/^Shipped /));
    await gone(page.getByRole('button', { name: 'Ship', exact: true }));
    await see(heading);
  });
});
