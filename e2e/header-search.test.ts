// The header search and the category pages the server renders, in the browser: typing "cass"
// suggests the demo's cassettes (a part and a category), the keyboard picks the part and lands on
// its page, Enter alone opens the catalogue search, and with scripts off the same form searches
// and a category page shows its parts and filters them. Phone and desktop, scanned with axe;
// screenshots of the open suggestions go to test-results/e2e and /tmp for a person to look at.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stage, uniqueId } from './support/api';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { expectPath, see } from './support/journeys';

const browser = useBrowser();
const shop = stage();
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const SCREENSHOTS = join('test-results', 'e2e');
/** Suggestions follow typing within a request; a loaded machine may take some seconds. */
const settled = { timeout: 15_000 };

describe('the header search', () => {
  it('suggests cassettes for "cass", and the keyboard opens the part', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [label, size] of Object.entries(SIZES)) {
      const { page, errors } = await browser.open(size);
      await page.goto('/blogs');
      // The prerendered page is inert until the app has taken it over: typing before would be lost.
      await page.locator('#root:not([inert])').waitFor();
      const field = page.getByRole('combobox', { name: 'Search parts and categories' });
      await field.pressSequentially('cass', { delay: 40 });

      const listbox = await see(page.getByRole('listbox', { name: 'Suggestions' }));
      const parts = listbox.getByRole('group', { name: 'Parts' }).getByRole('option');
      await expect.poll(() => parts.allInnerTexts(), settled).toContainEqual(expect.stringContaining('Bike Cassettes & Freewheels'));
      await see(listbox.getByRole('group', { name: 'Categories' }).getByRole('option', { name: /Cassettes & Freewheels/ }));
      await expect.poll(() => field.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'suggestion' }).innerText()).toMatch(/^\d+ suggestions?\./);
      expect(await seriousViolations(page)).toEqual([]);

      // Down until the demo's cassette is highlighted; the focus never leaves the field.
      const highlighted = listbox.getByRole('option', { selected: true });
      for (let step = 0; step < 10; step++) {
        await field.press('ArrowDown');
        if ((await highlighted.innerText()).includes('Bike Cassettes & Freewheels')) break;
      }
      expect(await highlighted.innerText()).toContain('Bike Cassettes & Freewheels');
      expect(await field.getAttribute('aria-activedescendant')).toBe(await highlighted.getAttribute('id'));
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
      await page.screenshot({ path: join(SCREENSHOTS, `header-search-${label}.png`) });
      copyFileSync(join(SCREENSHOTS, `header-search-${label}.png`), `/tmp/search-suggestions-${label}.png`);

      await field.press('Enter');
      await see(page.getByRole('heading', { level: 1, name: 'Bike Cassettes & Freewheels' }));
      expect(new URL(page.url()).pathname).toMatch(/^\/parts\/[0-9a-f-]{36}$/);
      expect(errors).toEqual([]);
    }
  });

  it('opens the catalogue search on Enter with nothing highlighted, and closes on Escape', async () => {
    const word = `Quillon${uniqueId().slice(-6)}`;
    const part = await shop.part({ name: `${word} Cassette Lockring` });
    const { page } = await browser.open(SIZES.desktop);
    await page.goto('/portfolio');
    await page.locator('#root:not([inert])').waitFor();
    const field = page.getByRole('combobox', { name: 'Search parts and categories' });

    await field.pressSequentially(word.toLowerCase(), { delay: 30 });
    await see(page.getByRole('option', { name: new RegExp(part.name) }));
    await field.press('Escape');
    await expect.poll(() => field.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => field.inputValue()).toBe(word.toLowerCase());

    await field.press('Enter');
    await expectPath(page, '/home');
    expect(new URL(page.url()).searchParams.get('q')).toBe(word.toLowerCase());
    await see(page.getByRole('link', { name: part.name }).first());
  });

  it('searches with scripts off, as a plain form, from a page the server renders', async () => {
    const { page } = await browser.open({ ...SIZES.phone, javaScriptEnabled: false });
    await page.goto('/categories/wheels');

    await page.getByRole('combobox', { name: 'Search parts and categories' }).fill('cassettes');
    await page.getByRole('button', { name: 'Search the shop' }).click();

    await expectPath(page, '/home');
    await see(page.getByRole('link', { name: 'Bike Cassettes & Freewheels' }).first());
  });
});

describe('a category page with scripts off', () => {
  it('shows its parts, filters them with its form, and answers 404 for an unknown one', async () => {
    const cheap = await shop.partIn('chains', { name: `Sable${uniqueId().slice(-6)} Chain`, price: 14 });
    const dear = await shop.partIn('chains', { name: `Sable${uniqueId().slice(-6)} Titanium Chain`, price: 140 });
    for (const [label, size] of Object.entries(SIZES)) {
      const { page } = await browser.open({ ...size, javaScriptEnabled: false });
      const response = await page.goto('/categories/chains');
      expect(response?.status()).toBe(200);
      expect(await page.title()).toBe('Chains | Sprocket');
      await see(page.getByRole('heading', { level: 1, name: 'Chains' }));
      await see(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Drivetrain' }));
      await see(page.getByRole('link', { name: cheap.name }).first());
      await see(page.getByRole('link', { name: dear.name }).first());

      await page.getByLabel('Highest price').fill('50');
      await page.getByRole('button', { name: 'Apply price' }).click();
      await expectPath(page, '/categories/chains');
      expect(new URL(page.url()).searchParams.get('max')).toBe('50');
      await see(page.getByRole('link', { name: cheap.name }).first());
      expect(await page.getByRole('link', { name: dear.name }).count()).toBe(0);
      await page.screenshot({ path: join(SCREENSHOTS, `category-no-script-${label}.png`), fullPage: true });

      await page.getByRole('link', { name: 'Clear filters' }).click();
      await expectPath(page, '/categories/chains');
      expect(new URL(page.url()).search).toBe('');
      await see(page.getByRole('link', { name: dear.name }).first());
    }

    const { page } = await browser.open({ ...SIZES.phone, javaScriptEnabled: false });
    const missing = await page.goto('/categories/no-such-category');
    expect(missing?.status()).toBe(404);
    await see(page.getByRole('heading', { level: 1, name: 'Category not found' }));
  });
});
