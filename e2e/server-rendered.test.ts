// Pages the server renders with their data: a part's page reads whole with scripts off (its name,
// price and description in the HTML), and with scripts on the app takes the same page over
// (hydration) without an error, a mismatch or a second read of the part. Screenshots of the
// page without scripts, on a phone and a desktop, go to test-results/e2e for a person to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stage } from './support/api';
import { useBrowser } from './support/browser';
import { see } from './support/journeys';

const browser = useBrowser();
const shop = stage();
const PHONE = { width: 412, height: 823 };
const DESKTOP = { width: 1280, height: 900 };
const SCREENSHOTS = join('test-results', 'e2e');

describe("a part's page", () => {
  it('shows the name, price and description with scripts off, on a phone and a desktop', async () => {
    const part = await shop.part({
      price: 42.5,
      description: 'A rendered part: sealed bearings, machined cups, a lifetime of adjustment.',
    });
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [label, size] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
      const { page } = await browser.open({ ...size, javaScriptEnabled: false });
      const response = await page.goto(`/parts/${part._id}`);
      expect(response?.status()).toBe(200);
      expect(await page.title()).toBe(`${part.name} | Sprocket`);
      await see(page.getByRole('heading', { level: 1, name: part.name }));
      await see(page.getByText('$42.50').first());
      await see(page.getByText(part.description));
      await page.screenshot({ path: join(SCREENSHOTS, `server-rendered-part-${label}.png`), fullPage: true });
    }
  });

  it('is taken over by the app without an error and without reading the part again', async () => {
    const part = await shop.part({ price: 19.99 });
    const { page, errors } = await browser.open(PHONE);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/trpc/')) calls.push(new URL(request.url()).pathname);
    });

    const response = await page.goto(`/parts/${part._id}`);
    expect(response?.status()).toBe(200);
    await see(page.getByRole('heading', { level: 1, name: part.name }));
    // Hydrated: the app answers clicks (the quantity field is React's, and takes typing).
    await page.waitForFunction(() => document.getElementById('root')?.querySelector('button:not([disabled])') !== null);
    await page.waitForLoadState('networkidle');

    expect(calls.filter((path) => path.includes('tools.byId') || path.includes('reviews.forPart'))).toEqual([]);
    expect(await page.locator('head > title').allTextContents()).toEqual([`${part.name} | Sprocket`]);
    expect(await page.locator('meta[name="description"]').count()).toBe(1);
    expect(await page.locator('link[rel="canonical"]').count()).toBe(1);
    expect(await page.locator('h1').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  it('answers 404 with the part-not-found page for a part that is not in the shop', async () => {
    const { page, errors } = await browser.open(PHONE);

    const response = await page.goto('/parts/00000000-0000-4000-8000-00000000dead');

    expect(response?.status()).toBe(404);
    await see(page.getByRole('heading', { level: 1, name: 'Part not found' }));
    expect(errors.filter((error) => !error.includes('404'))).toEqual([]);
  });
});
