// The Content-Security-Policy in a real browser: the pages, the Firebase
// sign-ins (password, and Google through the Auth emulator's popup) and a card payment through the
// payments emulator all run without a single policy violation.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { stage, uniqueEmail } from './support/api';
import { useBrowser } from './support/browser';
import { expectPath, navbar, rowWith, see, signInInBrowser, signInWithGoogleInBrowser, signOutButton } from './support/journeys';

const browser = useBrowser();
const shop = stage();

/** Records every violation the page reports, from the first script on. */
async function watchViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`);
    });
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

describe('the content security policy', () => {
  it('is sent with the pages and lets every public page render without a violation', async () => {
    // A part's page carries inline data blocks (its JSON-LD, the data the app hydrates from).
    const part = await shop.part();
    const { page, context } = await browser.open();
    await watchViolations(context);
    for (const path of ['/', '/login', '/signup', '/blogs', '/portfolio', `/parts/${part._id}`, '/no/such/page']) {
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
      await see(page.getByRole('heading', { level: 1 }).first());
      // Lazy images and fonts load once the page is scrolled through.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      expect(await violations(page)).toEqual([]);
    }
  });

  it('lets a customer sign in and pay by card without a violation', async () => {
    const part = await shop.part({ price: 12.5, minimumOrderQuantity: 1, available: 5 });
    const customer = await shop.customer('csp');
    const order = await shop.book(customer, part, 2);
    const { page, context } = await browser.open();
    await watchViolations(context);

    await signInInBrowser(page, customer);
    await navbar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await rowWith(page, part.name)
      .getByRole('link', { name: `Pay $25.00 for ${part.name}` })
      .click();
    await expectPath(page, `/dashboard/payment/${order._id}`);
    const payButton = page.getByRole('button', { name: 'Pay $25.00' });
    await expect.poll(() => payButton.isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await payButton.click();
    await see(page.getByText(messages.paymentSucceeded, { exact: true }));

    expect(await violations(page)).toEqual([]);
  });

  it('lets a visitor sign in with Google through the Auth emulator’s popup without a violation', async () => {
    const email = uniqueEmail('csp-google');
    shop.forget(email);
    const { page, context } = await browser.open();
    await watchViolations(context);
    await signInWithGoogleInBrowser(page, context, { email, name: 'Cora Policy' });
    await expectPath(page, '/home');
    await see(signOutButton(page));
    expect(await violations(page)).toEqual([]);
  });
});
