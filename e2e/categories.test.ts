// Browsing by category: from home's category strip to a category, down to a subcategory, filtered
// by price with the filter kept in a shareable address, Back undoing it, and on to a part whose
// breadcrumb leads back (phone and desktop, scanned with axe).
import { describe, expect, it } from 'vitest';
import { stage, uniqueId } from './support/api';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { expectPath, see } from './support/journeys';

const browser = useBrowser();
const shop = stage();
/** Results follow a filter within a page load; a loaded machine may take some seconds. */
const settled = { timeout: 15_000 };

describe('browsing by category', () => {
  it('goes from home to a subcategory, filters by price in the address, and Back undoes it', async () => {
    const word = `Kestrel${uniqueId()}`;
    const cheap = await shop.partIn('chains', { name: `${word} Chain`, price: 14 });
    const dear = await shop.partIn('chains', { name: `${word} Titanium Chain`, price: 140 });
    for (const [width, height] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      const { page } = await browser.open({ width, height });
      await page.goto('/home');
      await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Drivetrain', exact: true }).click();
      await expectPath(page, '/categories/drivetrain');
      await see(page.getByRole('heading', { level: 1, name: 'Drivetrain' }));
      const names = () => page.locator('article h3').allInnerTexts();
      // Drivetrain shows its subcategories' parts: the demo cassette and derailleur, and these chains.
      await expect.poll(names, settled).toEqual(expect.arrayContaining(['Bike Derailleurs', cheap.name, dear.name]));

      await page
        .getByRole('navigation', { name: 'Subcategories' })
        .getByRole('link', { name: /Chains/ })
        .click();
      await expectPath(page, '/categories/chains');
      const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
      await see(breadcrumb.getByRole('link', { name: 'Drivetrain' }));
      await expect.poll(names, settled).toEqual(expect.arrayContaining([cheap.name, dear.name]));

      await page.getByLabel('Highest price').fill('50');
      await page.getByRole('button', { name: 'Apply price' }).click();
      await expect.poll(names, settled).toContain(cheap.name);
      await expect.poll(names, settled).not.toContain(dear.name);
      expect(new URL(page.url()).searchParams.get('max')).toBe('50');
      expect(await seriousViolations(page)).toEqual([]);

      // The address alone reproduces the view.
      await page.reload();
      await expect.poll(names, settled).not.toContain(dear.name);
      expect(await page.getByLabel('Highest price').inputValue()).toBe('50');

      await page.goBack();
      await expect.poll(names, settled).toContain(dear.name);
      expect(new URL(page.url()).searchParams.has('max')).toBe(false);

      await page.getByRole('link', { name: cheap.name }).first().click();
      await see(page.getByRole('heading', { level: 1, name: cheap.name }));
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Chains' }).click();
      await expectPath(page, '/categories/chains');
    }
  });
});
