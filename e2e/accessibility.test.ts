// Every page, as a visitor, a customer and an admin see it, scanned with axe-core once its content
// has loaded: no serious or critical violation anywhere. Dialogs and form errors are scanned open.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { DEMO_ADMIN, stage } from './support/api';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { productCard, rowWith, see, signInInBrowser } from './support/journeys';

const browser = useBrowser();
const shop = stage();

type Ready = (page: Page) => Locator;

const heading =
  (name: string | RegExp): Ready =>
  (page) =>
    page.getByRole('heading', { name, level: 1 });

/** Visits each page, waits until it shows what `ready` names, scans it; returns violations by page. */
async function scanPages(page: Page, pages: Array<[path: string, ready: Ready]>): Promise<Record<string, string[]>> {
  const report: Record<string, string[]> = {};
  for (const [path, ready] of pages) {
    await page.goto(path);
    await see(ready(page).first());
    const found = await seriousViolations(page);
    if (found.length > 0) report[path] = found;
  }
  return report;
}

async function scanState(page: Page, state: string, report: Record<string, string[]>): Promise<void> {
  const found = await seriousViolations(page);
  if (found.length > 0) report[state] = found;
}

describe('accessibility: no serious or critical axe violation', () => {
  it.each([
    ['a desktop', 1280],
    ['a phone', 375],
  ])('on the public pages on %s', async (_device, width) => {
    const { page } = await browser.open({ width });
    const report = await scanPages(page, [
      ['/home', (current) => current.getByRole('region', { name: /Customer reviews/ }).locator('figure')],
      ['/login', heading('Login')],
      ['/signup', heading('Sign Up')],
      ['/blogs', heading('Questions from the workshop')],
      ['/portfolio', (current) => current.getByRole('img', { name: /^Portrait of / })],
      ['/contact', heading(messages.notFoundPage)],
      ['/dashboard', heading('Login')],
    ]);
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await see(page.getByText(messages.emailRequired, { exact: true }));
    await scanState(page, '/signup with its validation messages', report);
    if (width < 768) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await see(page.getByRole('button', { name: 'Close menu' }));
      await scanState(page, 'the navbar menu opened on a phone', report);
    }
    expect(report).toEqual({});
  });

  it('on the customer’s pages', async () => {
    const part = await shop.part();
    const customer = await shop.customer('a11y');
    const order = await shop.book(customer, part, 3);
    const { page } = await browser.open();
    await signInInBrowser(page, customer);

    const report = await scanPages(page, [
      ['/dashboard', (current) => rowWith(current, part.name)],
      ['/dashboard/addreview', heading('Add A Review')],
      [`/dashboard/payment/${order._id}`, (current) => current.getByRole('button', { name: /^Pay \$/, disabled: false })],
      ['/dashboard/profile', (current) => current.getByRole('img', { name: `Photo of ${customer.name}` })],
      ['/dashboard/orders', heading('Orders')],
    ]);

    await page.goto('/dashboard');
    await rowWith(page, part.name)
      .getByRole('button', { name: `Cancel the order for ${part.name}` })
      .click();
    await see(page.getByRole('alertdialog'));
    await scanState(page, 'the confirm dialog on My Orders', report);
    await page.getByRole('alertdialog').getByRole('button', { name: messages.keepOrder }).click();

    const card = await productCard(page, part.name);
    await card.getByRole('button', { name: 'Book Now' }).click();
    await see(page.getByRole('dialog', { name: `Book ${part.name}` }));
    await scanState(page, 'the booking modal', report);
    expect(report).toEqual({});
  });

  it('on My Orders, the checkout orders and the dashboard drawer on a phone', async () => {
    const part = await shop.part();
    const customer = await shop.customer('a11y-phone');
    await shop.book(customer, part, 3);
    const { page } = await browser.open({ width: 375 });
    await signInInBrowser(page, customer);

    const report = await scanPages(page, [
      ['/dashboard', (current) => rowWith(current, part.name)],
      ['/dashboard/orders', heading('Orders')],
    ]);
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await see(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Profile' }));
    await scanState(page, 'the dashboard drawer opened on a phone', report);
    expect(report).toEqual({});
  });

  it('on the admin’s order pages', async () => {
    const part = await shop.part();
    const customer = await shop.customer('a11y-orders');
    const order = await shop.book(customer, part, 3);
    await shop.pay(customer, order);
    const { page } = await browser.open();
    await signInInBrowser(page, DEMO_ADMIN);

    const report = await scanPages(page, [
      ['/dashboard', heading(/^Welcome, /)],
      ['/dashboard/manageorders', (current) => rowWith(current, customer.email)],
      [`/dashboard/manageorders?q=${encodeURIComponent(customer.email)}&status=paid`, (current) => rowWith(current, customer.email)],
      [`/dashboard/orders/${order._id}`, heading(/^Order #\d+$/)],
      ['/dashboard/overview', (current) => current.getByRole('img', { name: /^Paid revenue per day from / })],
    ]);

    await page.goto('/dashboard/manageorders');
    await rowWith(page, customer.email)
      .getByRole('button', { name: /^Refund / })
      .click();
    await see(page.getByRole('alertdialog'));
    await scanState(page, 'the refund dialog on Manage orders', report);
    await page.getByRole('alertdialog').getByRole('button', { name: messages.keepPayment }).click();
    expect(report).toEqual({});
  });

  it('on the admin’s catalogue, people and shop pages', async () => {
    const part = await shop.part();
    const customer = await shop.customer('a11y-people');
    const { page } = await browser.open();
    await signInInBrowser(page, DEMO_ADMIN);

    const report = await scanPages(page, [
      ['/dashboard/makeadmin', (current) => rowWith(current, customer.email)],
      ['/dashboard/addproducts', heading('Add a product')],
      ['/dashboard/auditlog?q=nobody', (current) => current.getByText('No admin actions match this search.')],
      ['/dashboard/manageproducts', (current) => rowWith(current, part.name)],
      ['/dashboard/managereviews', (current) => current.getByRole('button', { name: /^Remove the review by / })],
      ['/dashboard/profile', (current) => current.getByRole('img', { name: /^Photo of / })],
      ['/dashboard/emails', heading('Emails')],
    ]);

    await page.goto('/dashboard/managereviews');
    await page
      .getByRole('button', { name: /^Remove the review by / })
      .first()
      .click();
    await see(page.getByRole('alertdialog'));
    await scanState(page, 'the confirm dialog on Manage reviews', report);
    await page.getByRole('alertdialog').getByRole('button', { name: messages.keepReview }).click();
    expect(report).toEqual({});
  });
});
