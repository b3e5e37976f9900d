// "Book and pay now" books from the booking modal and goes straight to the order's payment page,
// where the card pays it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { stage, type Part } from './support/api';
import { useBrowser } from './support/browser';
import { expectToast, gone, productCard, see, signInInBrowser } from './support/journeys';

const browser = useBrowser();
const shop = stage();

/** Books `quantity` of the part from its card on home, through the booking modal. */
async function bookFromHome(page: Page, part: Part, quantity: number, button: 'Book and pay now') {
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

describe('Book and pay now', () => {
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
