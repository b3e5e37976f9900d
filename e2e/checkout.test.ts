// Buying through the cart and the checkout: a visitor fills a cart, signs up on the way to the
// checkout and pays an order with WELCOME10; a French bike shop buys under reverse charge and gets
// its invoice; a declined card leaves the order payable; a code's last use goes to one of two
// checkouts placed at once; the payment page closes when the hold passes on the customer's clock.
// The server's own expiry of a lapsed order is proven in src/server/routers/orders.test.ts: the
// running storefront's clock cannot be moved from here, and its shortest hold is five minutes.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { orderMessages } from '../src/shared/order-messages';
import { DEMO_ADMIN, PASSWORD, signInThroughApi, stage, uniqueEmail, uniqueId, type Account, type Part } from './support/api';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { emailTo, linkIn } from './support/inbox';
import {
  expectPath,
  expectRed,
  expectText,
  expectToast,
  navbar,
  productCard,
  rowWith,
  see,
  signInInBrowser,
  submitLogin,
} from './support/journeys';

const browser = useBrowser();
const shop = stage();

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
/** What the pages say, word for word (their modules are the browser's, not loaded here). */
const REVERSE_CHARGE_NOTE = 'Reverse charge: no VAT is charged; you account for it in your country.';
const HOLD_ENDED_MESSAGE = 'The time to pay for this order has passed, so its parts are no longer held for you.';
const ORDER_PAY_PATH = /^\/orders\/([0-9a-f-]{36})\/pay$/;

interface PlacedOrder {
  _id: string;
  number: string;
  status: string;
  total: number;
  heldUntil: string;
  createdAt: string;
}

/** A tRPC procedure called as the browser calls it, with the account's session. */
async function callProcedure<T>(
  token: string,
  procedure: string,
  input?: unknown,
  kind: 'query' | 'mutation' = 'mutation',
): Promise<T> {
  const query = kind === 'query' && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(input))}` : '';
  const response = await fetch(`${inject('baseUrl')}/trpc/${procedure}${query}`, {
    method: kind === 'query' ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(kind === 'mutation' ? { 'content-type': 'application/json' } : {}) },
    body: kind === 'mutation' && input !== undefined ? JSON.stringify(input) : undefined,
  });
  const answer = (await response.json()) as { result?: { data: T }; error?: { message: string } };
  if (!response.ok || !answer.result) throw new Error(`${procedure} answered ${response.status}: ${answer.error?.message ?? ''}`);
  return answer.result.data;
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

/** A customer whose cart holds the parts, put there as "Add to cart" does. */
async function customerWithCart(label: string, lines: Array<[Part, number]>): Promise<Account> {
  const customer = await shop.customer(label);
  for (const [part, quantity] of lines) await callProcedure(customer.token, 'cart.add', { toolId: part._id, quantity });
  return customer;
}

interface Address {
  name: string;
  company?: string;
  line1: string;
  postalCode: string;
  city: string;
  country: string;
}

const BERLIN: Address = { name: 'Greta Gangschaltung', line1: 'Kastanienallee 7', postalCode: '10435', city: 'Berlin', country: 'DE' };

async function fillAddress(page: Page, address: Address): Promise<void> {
  const form = page.getByRole('form', { name: 'Shipping address' });
  await see(form.getByLabel('Full name'));
  await form.getByLabel('Full name').fill(address.name);
  if (address.company) await form.getByLabel('Company (optional)').fill(address.company);
  await form.getByLabel('Address line 1').fill(address.line1);
  await form.getByLabel('Postal code').fill(address.postalCode);
  await form.getByLabel('Town or city').fill(address.city);
  await form.getByLabel('Country').selectOption(address.country);
  await form.getByLabel('Phone').fill('+49 30 1234567');
}

const summary = (page: Page) => page.getByRole('region', { name: 'Order summary' });

/** A figure of the order summary ("Total", "Subtotal", "Includes VAT 19%"), by its label. */
function figure(page: Page, label: string) {
  return summary(page).locator(`xpath=.//dt[normalize-space()="${label}:"]/following-sibling::dd[1]`);
}

/** Applies a discount code in the checkout and waits until the summary shows it. */
async function applyCode(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Discount code' }).fill(code);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await see(page.getByText(`Code ${code} applied.`));
  await see(figure(page, `Discount (${code})`));
}

/** Places the order from the checkout and waits for its payment page; answers the order's id. */
async function placeOrder(page: Page): Promise<string> {
  const place = page.getByRole('button', { name: 'Place order and pay' });
  await expect.poll(() => place.isEnabled(), { timeout: 15_000 }).toBe(true);
  await place.click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toMatch(ORDER_PAY_PATH);
  return ORDER_PAY_PATH.exec(new URL(page.url()).pathname)?.[1] ?? '';
}

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

/** Pays on the order's payment page with the card, once the form has its intent. */
async function payWith(page: Page, card: string, total: string): Promise<void> {
  const pay = page.getByRole('button', { name: `Pay ${total}` });
  await expect.poll(() => pay.isEnabled(), { timeout: 15_000 }).toBe(true);
  await fillCard(page, card);
  await pay.click();
}

describe('the cart and the checkout', () => {
  it.each([
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ])(
    'takes a visitor on %s from the cart through sign-up to a paid order with WELCOME10, its email and its place in Orders',
    async (_device, size) => {
      const wheels = await shop.part({ price: 30, minimumOrderQuantity: 2, available: 20 });
      const chains = await shop.part({ price: 25, minimumOrderQuantity: 1, available: 20 });
      const person = { name: 'Greta Gangschaltung', email: uniqueEmail('visitor-cart'), password: PASSWORD };
      shop.forget(person.email);
      const { page } = await browser.open(size);

      // Two parts into the cart: one from its card on home, one from its own page.
      const card = await productCard(page, wheels.name);
      await card.getByRole('button', { name: /^Add to cart/ }).click();
      await expectToast(page, messages.addedToCart);
      await page.goto(`/parts/${chains._id}`);
      await see(page.getByRole('heading', { name: chains.name, level: 1 }));
      await expectNoSeriousViolations(page);
      await page
        .getByRole('main')
        .getByRole('button', { name: /^Add to cart/ })
        .click();
      await expectToast(page, messages.addedToCart);

      await navbar(page).getByRole('link', { name: 'Cart, 2 parts' }).click();
      await expectPath(page, '/cart');
      const cartSummary = page.getByRole('region', { name: 'Cart summary' });
      const subtotal = cartSummary.getByText(/^Subtotal/).locator('xpath=..');
      await expectText(subtotal, 'Subtotal (3 units)$85.00');
      await expectNoSeriousViolations(page);
      await page.getByLabel(`Quantity of ${chains.name}`).fill('2');
      await page.getByLabel(`Quantity of ${chains.name}`).press('Tab');
      await expectText(subtotal, 'Subtotal (4 units)$110.00');

      // Checking out sends a visitor to sign in; they make an account instead and come back.
      await cartSummary.getByRole('link', { name: 'Check out' }).click();
      await expectPath(page, '/login');
      await page.getByRole('link', { name: 'Create new account' }).click();
      await expectPath(page, '/signup');
      await page.getByLabel('Name', { exact: true }).fill(person.name);
      await page.getByLabel('Email', { exact: true }).fill(person.email);
      await page.getByLabel('Password', { exact: true }).fill(person.password);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expectPath(page, '/checkout');
      await see(summary(page).getByText(wheels.name));
      await see(summary(page).getByText(chains.name));
      await expectText(figure(page, 'Subtotal'), '$110.00');

      // Verified from the sign-up email, the order emails show what was bought (unverified, only its number).
      await page.goto(linkIn(await emailTo(person.email, 'Verify your email address for Sprocket'), '/verify-email'));
      await page.getByRole('button', { name: 'Sign in again', exact: true }).click();
      await expectPath(page, '/login');
      await submitLogin(page, person);
      await expectPath(page, '/dashboard/profile');
      await page.goto('/checkout');

      await fillAddress(page, BERLIN);
      await applyCode(page, 'WELCOME10');
      await expectText(figure(page, 'Discount (WELCOME10)'), '−$11.00');
      await expectText(figure(page, 'Shipping, Standard (2–3 days)'), '$5.90');
      await expectText(figure(page, 'Includes VAT 19%'), /^\$\d+\.\d\d$/);
      await expectText(figure(page, 'Total'), '$104.90');
      await expectNoSeriousViolations(page);

      const orderId = await placeOrder(page);
      await see(page.getByText(/^Held until/));
      await see(navbar(page).getByRole('link', { name: 'Cart', exact: true }));
      await expectNoSeriousViolations(page);
      await payWith(page, '4242 4242 4242 4242', '$104.90');

      await expectPath(page, `/orders/${orderId}/thank-you`);
      const thanks = await see(page.getByRole('heading', { name: /^Thank you for your order SP-\d+$/, level: 1 }));
      const orderNumber = /SP-\d+/.exec(await thanks.innerText())?.[0] ?? '';
      await see(page.getByText('Your payment went through.'));
      await expectNoSeriousViolations(page);

      await page.getByRole('link', { name: 'See your order' }).click();
      await expectPath(page, `/orders/${orderId}`);
      await see(page.getByRole('heading', { name: `Order ${orderNumber}`, level: 1 }));
      await expectNoSeriousViolations(page);

      await page.goto('/dashboard/orders');
      const row = rowWith(page, orderNumber);
      await see(row);
      await expectText(row.getByText('$104.90'), '$104.90');
      await expectNoSeriousViolations(page);
      await row.getByRole('link', { name: orderNumber }).click();
      await expectPath(page, `/orders/${orderId}`);

      const email = await emailTo(person.email, `Your Sprocket order ${orderNumber}`);
      expect(email.text).toContain(`2 × ${wheels.name}`);
      expect(email.text).toContain(`2 × ${chains.name}`);
      expect(email.text).toMatch(/Total\W+\$104\.90/);
      expect(email.text).toContain(`${inject('baseUrl')}/orders/${orderId}`);
      // A placed order's email leads to its payment page, which shows a paid order as paid.
      expect(email.html).toContain(`href="${inject('baseUrl')}/orders/${orderId}/pay"`);
    },
  );

  it('charges a French bike shop with a VAT ID no VAT (reverse charge) and issues its invoice once paid', async () => {
    const saddles = await shop.part({ price: 40, minimumOrderQuantity: 5, available: 50 });
    const bikeShop = await customerWithCart('velo-atelier', [[saddles, 5]]);
    const { page } = await browser.open(PHONE);
    await signInInBrowser(page, bikeShop);
    await page.goto('/checkout');

    await fillAddress(page, {
      name: 'Camille Roue',
      company: 'Vélo Atelier SARL',
      line1: '12 rue du Dérailleur',
      postalCode: '75011',
      city: 'Paris',
      country: 'FR',
    });
    await page.getByLabel('I am buying for a business').check();
    await page.getByLabel('VAT ID').fill('FR40303265045');
    await see(page.getByText(REVERSE_CHARGE_NOTE, { exact: true }));
    await expectText(figure(page, 'VAT'), 'reverse charge');
    expect(
      await summary(page)
        .getByText(/Includes VAT/)
        .count(),
    ).toBe(0);
    await expectNoSeriousViolations(page);
    const total = await figure(page, 'Total').innerText();

    const orderId = await placeOrder(page);
    await payWith(page, '4242 4242 4242 4242', total);
    await expectPath(page, `/orders/${orderId}/thank-you`);

    // The order page has no download yet: the invoice is fetched as the account's browser would.
    const invoice = await callProcedure<{ number: string; fileName: string; pdfBase64: string }>(
      bikeShop.token,
      'orders.invoice',
      { id: orderId },
      'query',
    );
    expect(invoice.fileName).toBe(`${invoice.number}.pdf`);
    expect(Buffer.from(invoice.pdfBase64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('shows a declined card’s message in red, keeps the order unpaid, and takes 4242 after', async () => {
    const pedals = await shop.part({ price: 18, minimumOrderQuantity: 2, available: 20 });
    const customer = await customerWithCart('declined', [[pedals, 2]]);
    const { page } = await browser.open(DESKTOP);
    await signInInBrowser(page, customer);
    await page.goto('/checkout');
    await fillAddress(page, BERLIN);
    const total = await figure(page, 'Total').innerText();
    const orderId = await placeOrder(page);

    await payWith(page, '4000 0000 0000 0002', total);
    const declined = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
    await see(declined);
    await expectRed(declined);
    await expectNoSeriousViolations(page);
    expect(await callProcedure<PlacedOrder>(customer.token, 'orders.byId', { id: orderId }, 'query')).toMatchObject({
      status: 'unpaid',
    });

    await page.goto(`/orders/${orderId}`);
    await page.getByRole('link', { name: 'Pay now' }).click();
    await expectPath(page, `/orders/${orderId}/pay`);
    await payWith(page, '4242 4242 4242 4242', total);
    await expectPath(page, `/orders/${orderId}/thank-you`);
    expect(await callProcedure<PlacedOrder>(customer.token, 'orders.byId', { id: orderId }, 'query')).toMatchObject({
      status: 'paid',
    });
  });

  it('gives a code’s last use to exactly one of two checkouts placed at the same moment', async () => {
    const admin = await signInThroughApi(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const code = `LAST-${uniqueId().toUpperCase()}`;
    const created = await callProcedure<{ id: string }>(admin, 'settings.createDiscountCode', {
      code,
      kind: 'percent',
      value: 5,
      minSpend: 0,
      startsAt: null,
      endsAt: null,
      maxUses: 1,
      maxUsesPerCustomer: 1,
    });
    try {
      const hubs = await shop.part({ price: 22, minimumOrderQuantity: 1, available: 20 });
      const buyers = await Promise.all(['race-one', 'race-two'].map((label) => customerWithCart(label, [[hubs, 2]])));
      const pages = await Promise.all(
        buyers.map(async (buyer, index) => {
          const { page } = await browser.open(index === 0 ? PHONE : DESKTOP);
          await signInInBrowser(page, buyer);
          await page.goto('/checkout');
          await fillAddress(page, BERLIN);
          await applyCode(page, code);
          return page;
        }),
      );

      const placeButtons = pages.map((page) => page.getByRole('button', { name: 'Place order and pay' }));
      for (const button of placeButtons) await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
      await Promise.all(placeButtons.map((button) => button.click()));

      const outcomes = await Promise.all(
        pages.map((page) =>
          Promise.race([
            page.waitForURL((url) => ORDER_PAY_PATH.test(url.pathname), { timeout: 15_000 }).then(() => 'placed' as const),
            see(page.getByRole('alert').filter({ hasText: orderMessages.discountUsedUp }).first()).then(() => 'refused' as const),
          ]),
        ),
      );
      expect([...outcomes].sort()).toEqual(['placed', 'refused']);
      const loser = outcomes.indexOf('refused');
      const loserPage = pages[loser];
      const loserAccount = buyers[loser];
      if (!loserPage || !loserAccount) throw new Error('no refused checkout');
      await expectNoSeriousViolations(loserPage);
      expect(loserPage.url()).toMatch(/\/checkout$/);
      const theirs = await callProcedure<{ items: PlacedOrder[] }>(loserAccount.token, 'orders.mine', {}, 'query');
      expect(theirs.items).toEqual([]);
    } finally {
      await callProcedure(admin, 'settings.setDiscountCodeActive', { id: created.id, active: false });
    }
  });

  it('closes the payment page when the hold passes on the customer’s clock while the card form is open', async () => {
    const brakes = await shop.part({ price: 35, minimumOrderQuantity: 1, available: 20 });
    const customer = await customerWithCart('hold-lapse', [[brakes, 1]]);
    const { page } = await browser.open(PHONE);
    await page.clock.install();
    await signInInBrowser(page, customer);
    await page.goto('/checkout');
    await fillAddress(page, BERLIN);
    const total = await figure(page, 'Total').innerText();
    const orderId = await placeOrder(page);

    const order = await callProcedure<PlacedOrder>(customer.token, 'orders.byId', { id: orderId }, 'query');
    const holdMs = Date.parse(order.heldUntil) - Date.parse(order.createdAt);
    expect(holdMs).toBeGreaterThan(29 * 60_000);
    expect(holdMs).toBeLessThanOrEqual(30 * 60_000 + 5_000);
    const heldUntil = page.locator('time').filter({ hasText: /^\d\d:\d\d$/ });
    await see(heldUntil);
    expect(await heldUntil.getAttribute('datetime')).toBe(order.heldUntil);
    const pay = page.getByRole('button', { name: `Pay ${total}` });
    await expect.poll(() => pay.isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');

    await page.clock.fastForward('31:00');
    await expectText(page.getByRole('status').filter({ hasText: HOLD_ENDED_MESSAGE }), HOLD_ENDED_MESSAGE);
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await expectNoSeriousViolations(page);
    await page.getByRole('link', { name: 'Go to your cart' }).click();
    await expectPath(page, '/cart');
  });
});
