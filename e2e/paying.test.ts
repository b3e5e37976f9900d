// Journey 5: paying an order by card. My Orders offers Pay; the payment page shows the summary and
// keeps Pay disabled until the payment is ready; a declined card shows the provider's message in
// red; the 4242 card succeeds with a transaction id, and the order is then paid with no Cancel.
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { stage } from './support/api';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { expectPath, expectRed, expectText, gone, navbar, rowWith, see, signInInBrowser } from './support/journeys';

const browser = useBrowser();
const shop = stage();

describe('paying an order', () => {
  it('declines the 0002 card, accepts 4242, shows the order paid with its transaction id and its receipt', async () => {
    const part = await shop.part({ price: 12.5, minimumOrderQuantity: 3, available: 20 });
    const customer = await shop.customer('payer');
    const order = await shop.book(customer, part, 4);

    const { page } = await browser.open();
    await signInInBrowser(page, customer);
    await navbar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await see(page.getByRole('heading', { name: 'My Orders', level: 1 }));
    const row = rowWith(page, part.name);
    await expectText(row.locator('td[data-label="Amount"]'), '4 units');
    const pay = row.getByRole('link', { name: `Pay $50.00 for ${part.name}` });
    await see(pay);
    await see(row.getByRole('button', { name: `Cancel the order for ${part.name}` }));

    // Hold the payment intent back, to see Pay disabled while the payment is not ready.
    let releaseIntent = () => {};
    const intentHeld = new Promise<void>((resolve) => (releaseIntent = resolve));
    await page.route(/\/trpc\/[^?]*payments\.createIntent/, async (route) => {
      await intentHeld;
      await route.continue();
    });
    await pay.click();
    await expectPath(page, `/dashboard/payment/${order._id}`);

    const summary = page.locator('.card').filter({ has: page.getByRole('heading', { name: `Pay for ${part.name}` }) });
    await see(summary);
    await expectText(summary.getByText(`Hello, ${customer.name}`), `Hello, ${customer.name}`);
    await expectText(summary.locator('xpath=.//dt[.="Person"]/following-sibling::dd[1]'), customer.name);
    await expectText(summary.locator('xpath=.//dt[.="Quantity"]/following-sibling::dd[1]'), '4 × $12.50');
    await expectText(summary.locator('xpath=.//dt[.="Price"]/following-sibling::dd[1]'), '$50.00');

    const payButton = page.getByRole('button', { name: 'Pay $50.00' });
    await see(payButton);
    await see(page.getByText('Preparing the payment…'));
    expect(await payButton.isDisabled()).toBe(true);
    releaseIntent();
    await expect.poll(() => payButton.isEnabled(), { timeout: 15_000 }).toBe(true);

    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await payButton.click();
    const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await see(declined);
    await expectRed(declined);

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payButton.click();
    await see(page.getByText(messages.paymentSucceeded, { exact: true }));
    await gone(declined);
    // innerText keeps the line break after the id, so the id does not run into the next line.
    const success = await page.getByRole('status').filter({ hasText: messages.paymentSucceeded }).innerText();
    const transactionId = /Your transaction id:[\s\S]*?(pi_\w+)/.exec(success)?.[1] ?? '';
    expect(transactionId, success).toMatch(/^pi_\w+$/);

    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    await see(page.getByRole('heading', { name: 'My Orders', level: 1 }));
    await see(row.locator('td[data-label="Pay"]').getByText('paid', { exact: true }));
    await see(row.getByText(transactionId));
    expect(await row.getByRole('link', { name: /^Pay / }).count()).toBe(0);
    expect(await row.getByRole('button', { name: /Cancel/ }).count()).toBe(0);

    // Still paid after a reload: the server stored the transaction.
    await page.reload();
    await see(rowWith(page, part.name).getByText(transactionId));

    // Book Now made a one-line order: its page shows the German VAT the price holds, and the invoice.
    await rowWith(page, part.name)
      .getByRole('link', { name: /^Order and invoice for order / })
      .click();
    await see(page.getByRole('heading', { name: /^Order SP-\d+$/, level: 1 }));
    await see(page.getByText('Includes VAT 19%'));
    await see(page.getByText('$7.98'));
    await see(page.getByRole('button', { name: 'Download invoice (PDF)' }));
    expect(await seriousViolations(page)).toEqual([]);
  });
});
