// Journeys through the catalogue: a search from home kept in a shareable address, a part's own
// page opened from its card (scanned with axe, phone and desktop), and a booking made from it.
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { PASSWORD, stage, uniqueEmail, uniqueId } from './support/api';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { expectPath, expectText, expectToast, gone, productCard, see, signUpInBrowser } from './support/journeys';

const browser = useBrowser();
const shop = stage();
/** Results follow a search within a page load; a loaded machine may take some seconds. */
const settled = { timeout: 15_000 };

describe('the catalogue', () => {
  it('searches from home, sorts and filters, and a shared address shows the same search', async () => {
    const word = `Zircon${uniqueId()}`;
    const cheap = await shop.part({ name: `${word} Chainring`, price: 15, minimumOrderQuantity: 2, available: 30 });
    const dear = await shop.part({ name: `${word} Crankset`, price: 95, minimumOrderQuantity: 2, available: 30 });
    const short = await shop.part({ name: `${word} Bottom Bracket`, price: 25, minimumOrderQuantity: 10, available: 4 });
    const { page } = await browser.open();
    await page.goto('/home');

    await page.getByRole('searchbox', { name: 'Search parts' }).fill(word.toLowerCase());
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const names = () => page.locator('#parts article h3').allInnerTexts();
    await expect.poll(names, settled).toEqual([cheap.name, dear.name, short.name]);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: high to low' });
    await expect.poll(names, settled).toEqual([dear.name, short.name, cheap.name]);
    // The box follows the address, which changes in a transition once the new results load: it
    // shows ticked when they arrive rather than at the click, so click and wait instead of check().
    const inStockOnly = page.getByRole('checkbox', { name: 'In stock only' });
    await inStockOnly.click();
    await expect.poll(names, settled).toEqual([dear.name, cheap.name]);
    expect(await inStockOnly.isChecked()).toBe(true);
    const shared = new URL(page.url());
    expect(Object.fromEntries(shared.searchParams)).toEqual({ q: word.toLowerCase(), sort: 'price-desc', inStock: '1' });

    const { page: friend } = await browser.open({ width: 390, height: 844 });
    await friend.goto(`${shared.pathname}${shared.search}`);
    await expect.poll(() => friend.locator('#parts article h3').allInnerTexts(), settled).toEqual([dear.name, cheap.name]);
    expect(await friend.getByRole('searchbox', { name: 'Search parts' }).inputValue()).toBe(word.toLowerCase());

    await friend.getByRole('searchbox', { name: 'Search parts' }).fill(`${word} titanium`);
    await friend.getByRole('button', { name: 'Search', exact: true }).click();
    await see(friend.getByText(messages.noSearchResults));
  });

  it('acts on an order or filter chosen before the page’s code has run, so the list matches the form', async () => {
    const word = `Garnet${uniqueId()}`;
    const cheap = await shop.partIn('chains', { name: `${word} Chain`, price: 12 });
    const dear = await shop.partIn('chains', { name: `${word} Titanium Chain`, price: 120 });
    const { page } = await browser.open();
    // A slow connection: the server's page is on screen, and usable, well before the app's code.
    let codeArrives = () => {};
    const held = new Promise<void>((resolve) => (codeArrives = resolve));
    await page.route(/\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const names = () => page.locator('#parts article h3').allInnerTexts();

    await page.goto(`/home?q=${word}`, { waitUntil: 'commit' });
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: high to low' });
    codeArrives();
    await expect.poll(names, settled).toEqual([dear.name, cheap.name]);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('price-desc');

    const code = new Promise<void>((resolve) => (codeArrives = resolve));
    await page.unrouteAll();
    await page.route(/\.js$/, async (route) => {
      await code;
      await route.continue();
    });
    await page.goto('/categories/chains', { waitUntil: 'commit' });
    await page.getByRole('checkbox', { name: /In stock only/ }).check();
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: high to low' });
    codeArrives();
    await expect.poll(() => new URL(page.url()).searchParams.toString(), settled).toBe('sort=price-desc&inStock=1');
    expect(await page.getByRole('checkbox', { name: /In stock only/ }).isChecked()).toBe(true);
  });

  it('opens a part page from its card, with the whole description, stock in plain words and its reviews', async () => {
    const part = await shop.part({ minimumOrderQuantity: 10, available: 4 });
    const reviewer = await shop.customer();
    await shop.review(reviewer, { rating: 4, text: 'Ramped teeth shift cleanly.', toolsId: part._id });
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      const { page } = await browser.open({ width, height });
      const card = await productCard(page, part.name);
      await card.getByRole('link', { name: part.name }).first().click();
      await expectPath(page, `/parts/${part._id}`);

      await see(page.getByRole('heading', { level: 1, name: part.name }));
      expect(await page.title()).toBe(`${part.name} | Sprocket`);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(part.name);
      await see(page.getByText(part.description));
      await expectText(
        page.getByRole('status').filter({ hasText: messages.belowMinimumOrder }),
        new RegExp(messages.belowMinimumOrder),
      );
      expect(await page.getByRole('button', { name: 'Out of stock' }).isDisabled()).toBe(true);
      await see(page.getByText('Ramped teeth shift cleanly.'));
      await see(page.getByRole('link', { name: '1 review' }));
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  it('books from the part page with the same modal, and shows a retired part as not found', async () => {
    const part = await shop.part({ price: 10, minimumOrderQuantity: 2, available: 12 });
    const person = { name: 'Pia Partpage', email: uniqueEmail('partpage'), password: PASSWORD };
    shop.forget(person.email);
    const { page } = await browser.open();
    await signUpInBrowser(page, person);

    await page.goto(`/parts/${part._id}`);
    await page.getByRole('button', { name: 'Book Now' }).click();
    const modal = await see(page.getByRole('dialog', { name: `Book ${part.name}` }));
    await modal.getByLabel('Phone').fill('+1 555 0142');
    await modal.getByLabel('Address').fill('4 Derailleur Lane, Cadence');
    await modal.getByLabel('Quantity').fill('3');
    await modal.getByRole('button', { name: 'Confirm booking' }).click();
    await expectToast(page, messages.booked);
    await gone(page.getByRole('dialog'));
    await page.reload();
    await expectText(page.getByText('In stock', { exact: true }).locator('xpath=following-sibling::dd[1]'), '9');

    await shop.retire(part);
    await page.goto(`/parts/${part._id}`);
    await see(page.getByRole('heading', { level: 1, name: 'Part not found' }));
    await see(page.getByText(messages.partGone));
    await page.goto('/parts/not-a-part');
    await see(page.getByRole('heading', { level: 1, name: 'Part not found' }));
  });
});
