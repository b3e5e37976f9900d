// Refunds: an admin refunds a customer's paid order from Manage orders after the confirm dialog,
// the part's stock comes back, the customer sees the order Refunded with its date on My Orders and
// the receipt, and the refund email arrives in the mail catcher. Manage orders and its refund
// dialog are scanned with axe.
import { describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { DEMO_ADMIN, stage } from './support/api';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { expectToast, gone, rowWith, see, signInInBrowser } from './support/journeys';

const browser = useBrowser();
const shop = stage();

interface CaughtEmail {
  subject: string;
  text: string;
  to: Array<{ address: string }>;
}

async function subjectsTo(address: string): Promise<CaughtEmail[]> {
  const response = await fetch(`${inject('mailInboxUrl')}/api/email`);
  return ((await response.json()) as CaughtEmail[]).filter((email) => email.to.some((to) => to.address === address));
}

describe('refunds', () => {
  it('an admin refunds a paid order; the customer sees it refunded and gets the email', async () => {
    const part = await shop.part({ price: 9.5, minimumOrderQuantity: 1, available: 10 });
    const customer = await shop.customer('refunded');
    const order = await shop.pay(customer, await shop.book(customer, part, 2));
    expect(order.status).toBe('paid');

    const { page } = await browser.open();
    await signInInBrowser(page, DEMO_ADMIN);
    await page.goto('/dashboard/manageorders');
    const row = await see(rowWith(page, customer.email));
    await row.getByRole('button', { name: `Refund ${customer.name}’s order for ${part.name}` }).click();
    const dialog = await see(page.getByRole('alertdialog'));
    const question = messages.confirmRefund({ price: '$19.00', personName: customer.name, toolName: part.name, shipped: false });
    await see(dialog.getByText(question, { exact: true }));
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: messages.refundOrder, exact: true }).click();
    await gone(page.getByRole('alertdialog'));
    await expectToast(page, messages.refunded({ toolName: part.name, personName: customer.name }));
    await see(rowWith(page, customer.email).getByText('refunded', { exact: true }));
    await expect
      .poll(() =>
        rowWith(page, customer.email)
          .getByRole('button', { name: /^Refund/ })
          .count(),
      )
      .toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    const input = encodeURIComponent(JSON.stringify({ id: part._id }));
    const stock = await fetch(new URL(`/trpc/tools.byId?input=${input}`, page.url()));
    expect(((await stock.json()) as { result: { data: { available: number } } }).result.data.available).toBe(10);

    const { page: customerPage } = await browser.open();
    await signInInBrowser(customerPage, customer);
    await customerPage.goto('/dashboard');
    const mine = await see(rowWith(customerPage, part.name));
    const state = mine.locator('td[data-label="Status"]');
    await see(state.getByText('refunded', { exact: true }));
    await see(state.getByText(/^Refunded /));
    await mine.getByRole('link', { name: /^Order and invoice for order / }).click();
    await see(customerPage.getByRole('button', { name: /^Credit note CN-/ }));
    expect(await seriousViolations(customerPage)).toEqual([]);

    // Book Now made a one-line order: its refund is the order's, with its number and a credit note.
    const refundEmail = async () =>
      (await subjectsTo(customer.email)).find((caught) => /^A refund for your Sprocket order SP-\d+$/.test(caught.subject));
    await expect.poll(refundEmail, { timeout: 30_000, interval: 500 }).toBeDefined();
    expect((await refundEmail())?.text).toMatch(/We have refunded \$19\.00 \(.+\) of order SP-\d+ to the card you paid with/);
  });
});
