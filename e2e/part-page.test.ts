// A demo part's own page as a rider meets it: its rating kept on the part, the reviews that make
// it, and related parts from the same corner of the catalogue, one of which leads to its own page
// (phone and desktop, scanned with axe). Screenshots go to /tmp for a person to look at.
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { see } from './support/journeys';

const browser = useBrowser();

describe("a demo part's page", () => {
  it('shows its rating, reviews and related parts, and follows a related part', async () => {
    for (const [label, width, height] of [
      ['phone', 390, 844],
      ['desktop', 1280, 800],
    ] as const) {
      const { page, errors } = await browser.open({ width, height });
      await page.goto('/home');
      await page.getByRole('heading', { name: 'Bike Headsets' }).getByRole('link').click();
      const part = page.getByRole('article', { name: 'Bike Headsets' });
      await see(part.getByRole('heading', { level: 1, name: 'Bike Headsets' }));
      // The demo's headset reviews (5 and 4 stars), counted on the part.
      await see(part.getByRole('link', { name: /^\d+ reviews$/ }));
      await see(part.getByText(/^\d\.\d$/));

      const reviews = page.getByRole('region', { name: 'Reviews of Bike Headsets' });
      await see(reviews.getByText('Maya Chen'));

      // Headsets sit alone in Cockpit › Headsets: the rest of Cockpit is offered, in stock first.
      const related = page.getByRole('region', { name: 'Related parts' });
      await see(related.getByRole('link', { name: 'Handlebars' }));
      expect(await related.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
      await see(related.getByRole('img', { name: /^Rated \d(\.\d)? out of 5 from \d+ reviews?$/ }).first());
      expect(await related.getByRole('link', { name: 'Bike Headsets' }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/partpage-${label}.png`, fullPage: true });

      await related.getByRole('link', { name: 'Quill Bike Stems' }).click();
      await see(page.getByRole('heading', { level: 1, name: 'Quill Bike Stems' }));
      await see(page.getByRole('region', { name: 'Related parts' }).getByRole('link', { name: 'Bike Headsets' }));
      expect(errors).toEqual([]);
    }
  });
});
