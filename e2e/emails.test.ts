// Order emails: a customer books a part and pays with the test card in the browser, and the
// booking email and the payment receipt arrive in the embedded mail catcher's inbox, read through
// its REST API as a developer would open them in the inbox linked from the startup banner.
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { stage } from './support/api';
import { useBrowser } from './support/browser';
import { emailTo, inboxOf } from './support/inbox';
import { expectToast, gone, navbar, productCard, rowWith, see, signInInBrowser } from './support/journeys';

const browser = useBrowser();
const shop = stage();

describe('order emails', () => {
  it('sends the booking email, then the receipt once the card payment succeeds', async () => {
    const part = await shop.part({ price: 7.25, minimumOrderQuantity: 1, available: 10 });
    const customer = await shop.customer('mailed');
    const { page } = await browser.open();
    await signInInBrowser(page, customer);

    const card = await productCard(page, part.name);
    await card.getByRole('button', { name: 'Book Now' }).click();
    const modal = await see(page.getByRole('dialog', { name: `Book ${part.name}` }));
    await modal.getByLabel('Phone').fill('+1 555 0142');
    await modal.getByLabel('Address').fill('4 Derailleur Lane, Gearton');
    await modal.getByLabel('Quantity').fill('2');
    await modal.getByRole('button', { name: 'Confirm booking' }).click();
    await expectToast(page, messages.booked);
    await gone(page.getByRole('dialog'));

    const booked = await emailTo(customer.email, `Your booking of ${part.name}`);
    for (const fact of ['2 × $7.25', '$14.50', '4 Derailleur Lane, Gearton', '+1 555 0142']) {
      expect(booked.text).toContain(fact);
      expect(booked.html).toContain(fact);
    }

    await navbar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await rowWith(page, part.name)
      .getByRole('link', { name: `Pay $14.50 for ${part.name}` })
      .click();
    const payButton = page.getByRole('button', { name: 'Pay $14.50' });
    await expect.poll(() => payButton.isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await payButton.click();
    await see(page.getByText(messages.paymentSucceeded, { exact: true }));
    const success = await page.getByRole('status').filter({ hasText: messages.paymentSucceeded }).innerText();
    const transactionId = /(pi_\w+)/.exec(success)?.[1] ?? '';
    expect(transactionId).toMatch(/^pi_\w+$/);

    // Book Now made a one-line order: the payment email is the order's, with its invoice.
    const paymentEmail = async () =>
      (await inboxOf(customer.email)).find((email) => /^Payment received for Sprocket order SP-\d+$/.test(email.subject));
    await expect.poll(paymentEmail, { timeout: 30_000, interval: 500 }).toBeDefined();
    const receipt = (await paymentEmail())!;
    expect(receipt.text).toMatch(/Total:?\s+\$14\.50/);
    expect(receipt.text).toContain(transactionId);
    expect(receipt.html).toContain(transactionId);
    // One email per event: the booking email was not sent again.
    expect((await inboxOf(customer.email)).map((email) => email.subject).sort()).toEqual(
      [receipt.subject, `Your booking of ${part.name}`].sort(),
    );
  });
});
