// Paying several orders with one card: a customer books two parts, the dashboard's Basket page pays both with one payment (the 0002 card declined first, then 4242), and both
// orders show paid with the same transaction id. "Book and pay now" books and goes straight to the
// order's payment page.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { stage, type Part } from './support/api';
import { useBrowser } from './support/browser';
import { expectPath, expectRed, expectText, expectToast, gone, productCard, rowWith, see, signInInBrowser } from './support/journeys';

const browser = useBrowser();
const shop = stage();

/** Books `quantity` of the part from its card on home, through the booking modal. */
async function bookFromHome(page: Page, part: Part, quantity: number, button: 'Confirm booking' | 'Book and pay now') {
  const card = await productCard(page, part.name);
  await card.getByRole('button', { name: 'Book Now' }).click();
  const modal = await see(page.getByRole('dialog', { name: `Book ${part.name}` }));
  await modal.getByLabel('Phone').fill('+1 555 0142');
  await modal.getByLabel('Address').fill('4 Freewheel Row, Cadence');
  await modal.getByLabel('Quantity').fill(String(quantity));
  await modal.getByRole('button', { name: button }).click();
  await expectToast(page, messages.booked);
  await gone(page.getByRole('dialog'));
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

/** The transaction id a row of My Orders shows. */
async function transactionOf(page: Page, partName: string): Promise<string> {
  const text = await rowWith(page, partName).locator('td[data-label="Pay"]').innerText();
  return /(pi_\w+)/.exec(text)?.[1] ?? '';
}

describe('the basket', () => {
  it('pays two orders with one card payment: declined first, then paid, both with the same transaction id', async () => {
    const wheels = await shop.part({ price: 12.5, minimumOrderQuantity: 2, available: 20 });
    const chains = await shop.part({ price: 7.25, minimumOrderQuantity: 1, available: 20 });
    const customer = await shop.customer('basket');
    const { page } = await browser.open();
    await signInInBrowser(page, customer);

    await bookFromHome(page, wheels, 2, 'Confirm booking');
    await bookFromHome(page, chains, 4, 'Confirm booking');
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Basket', exact: true }).click();
    await expectPath(page, '/dashboard/basket');

    const orders = page.getByRole('group', { name: 'Orders to pay' });
    await see(orders.getByRole('checkbox', { name: new RegExp(wheels.name) }));
    expect(await orders.getByRole('checkbox', { checked: true }).count()).toBe(2);
    await expectText(page.getByText('Total for 2 orders').locator('xpath=..'), /\$54\.00/);
    await page.getByRole('button', { name: 'Pay for 2 orders' }).click();

    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/dashboard\/checkout\/[0-9a-f-]{36}$/);
    const summary = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Pay for 2 orders' }) });
    await see(summary.getByText(wheels.name));
    await see(summary.getByText(chains.name));
    const payButton = page.getByRole('button', { name: 'Pay $54.00' });
    await expect.poll(() => payButton.isEnabled(), { timeout: 15_000 }).toBe(true);

    await fillCard(page, '4000 0000 0000 0002');
    await payButton.click();
    const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await see(declined);
    await expectRed(declined);
    await page.goto('/dashboard');
    await see(rowWith(page, wheels.name).getByRole('link', { name: /^Pay / }));
    await see(rowWith(page, chains.name).getByRole('link', { name: /^Pay / }));
    await page.goBack();

    await expect.poll(() => payButton.isEnabled(), { timeout: 15_000 }).toBe(true);
    await fillCard(page, '4242 4242 4242 4242');
    await payButton.click();
    await see(page.getByText(messages.paymentSucceeded, { exact: true }));
    const success = await page.getByRole('status').filter({ hasText: messages.paymentSucceeded }).innerText();
    const transactionId = /Your transaction id:[\s\S]*?(pi_\w+)/.exec(success)?.[1] ?? '';
    expect(transactionId, success).toMatch(/^pi_\w+$/);

    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    await see(page.getByRole('heading', { name: 'My Orders', level: 1 }));
    for (const part of [wheels, chains]) {
      await see(rowWith(page, part.name).locator('td[data-label="Pay"]').getByText('paid', { exact: true }));
      expect(await transactionOf(page, part.name)).toBe(transactionId);
      expect(
        await rowWith(page, part.name)
          .getByRole('button', { name: /Cancel/ })
          .count(),
      ).toBe(0);
    }
    await page.goto('/dashboard/basket');
    await see(page.getByText('Your basket is empty.'));
  });

  it('books with "Book and pay now" and goes straight to the order’s payment page', async () => {
    const part = await shop.part({ price: 9.5, minimumOrderQuantity: 2, available: 10 });
    const customer = await shop.customer('pay-now');
    const { page } = await browser.open();
    await signInInBrowser(page, customer);

    await bookFromHome(page, part, 2, 'Book and pay now');

    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(/^\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await see(page.getByRole('heading', { name: `Pay for ${part.name}` }));
    const payButton = page.getByRole('button', { name: 'Pay $19.00' });
    await expect.poll(() => payButton.isEnabled(), { timeout: 15_000 }).toBe(true);
    await fillCard(page, '4242 4242 4242 4242');
    await payButton.click();
    await see(page.getByText(messages.paymentSucceeded, { exact: true }));
  });
});
