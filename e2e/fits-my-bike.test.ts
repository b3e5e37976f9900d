// Fits my bike: the demo customer saves a bike in their profile, filters a category to the parts
// that fit it, opens a part that does not fit and reads why, then removes the bike (phone and
// desktop, scanned with axe; screenshots under /tmp for a person to look at).
import { describe, expect, it } from 'vitest';
import { uniqueId } from './support/api';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { confirmDialog, expectPath, expectToast, see, signInInBrowser } from './support/journeys';

const browser = useBrowser();
const DEMO_CUSTOMER = { email: 'customer@example.com', password: 'sprocket123' } as const;
/** Results follow a filter within a page load; a loaded machine may take some seconds. */
const settled = { timeout: 15_000 };

describe('fits my bike', () => {
  it('saves a bike, filters a category to what fits it, and says why a part does not fit', async () => {
    for (const [label, width, height] of [
      ['phone', 390, 844],
      ['desktop', 1280, 800],
    ] as const) {
      const bikeName = `Gravel ${uniqueId()}`;
      const { page } = await browser.open({ width, height });
      await signInInBrowser(page, DEMO_CUSTOMER);

      await page.goto('/dashboard/profile');
      const myBikes = await see(page.getByRole('region', { name: 'My bikes' }));
      await myBikes.getByRole('button', { name: 'Add a bike' }).click();
      const form = page.getByRole('form', { name: 'Add a bike' });
      await form.getByLabel('Bike name').fill(bikeName);
      await form.getByLabel('Speeds').selectOption('12');
      await form.getByLabel('Freehub body').selectOption({ label: 'SRAM XDR' });
      await form.getByLabel('Steerer').selectOption({ label: 'Tapered 1 1/8"–1.5"' });
      await form.getByLabel('Seatpost diameter').selectOption({ label: '27.2 mm' });
      await form.getByLabel('Handlebar clamp').selectOption({ label: '31.8 mm' });
      await form.getByRole('button', { name: 'Add bike' }).click();
      await expectToast(page, 'Bike saved');
      await see(myBikes.getByText(bikeName, { exact: true }));
      await page.screenshot({ path: `/tmp/fits-profile-${label}.png`, fullPage: true });

      await page.goto('/categories/drivetrain');
      await see(page.getByRole('heading', { level: 1, name: 'Drivetrain' }));
      const names = () => page.locator('article h3').allInnerTexts();
      await expect.poll(names, settled).toContain('Bike Cassettes & Freewheels');
      await page.getByLabel('Your bikes').selectOption({ label: bikeName });
      await see(page.getByText(`your ${bikeName}`, { exact: true }));
      // The 10–12 speed derailleur fits; the Shimano-spline cassettes do not fit an XDR freehub.
      const fitting = async () => {
        const shown = await names();
        return shown.includes('Bike Derailleurs') && !shown.includes('Bike Cassettes & Freewheels');
      };
      await expect.poll(fitting, settled).toBe(true);
      expect(new URL(page.url()).searchParams.get('fits')).toContain('freehub.sram-xdr');
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/fits-category-${label}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Remove bike filter' }).click();
      await expect.poll(names, settled).toContain('Bike Cassettes & Freewheels');
      await page.getByRole('link', { name: 'Bike Cassettes & Freewheels' }).first().click();
      await see(page.getByRole('heading', { level: 1, name: 'Bike Cassettes & Freewheels' }));
      const box = page.getByRole('region', { name: 'Fits your bike?' });
      await box.getByLabel('Bike').selectOption({ label: bikeName });
      await see(box.getByText(`Does not fit your ${bikeName}`, { exact: true }));
      await see(
        box.getByText('Freehub body: needs Shimano HG, Shimano HG road 11-speed or Shimano Microspline, yours is SRAM XDR', {
          exact: true,
        }),
      );
      // The part's compatibility lists the standards it names (its specifications table may too).
      await see(
        page
          .getByRole('region', { name: 'Compatibility' })
          .getByRole('term')
          .filter({ hasText: /^Speeds$/ }),
      );
      expect(await seriousViolations(page)).toEqual([]);
      // The longest demo breadcrumb (Parts › Drivetrain › Cassettes & Freewheels › …) stays in the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        await page.evaluate(() => innerWidth),
      );
      await page.screenshot({ path: `/tmp/fits-part-${label}.png`, fullPage: true });

      await page.goto('/dashboard/profile');
      await page.getByRole('button', { name: `Remove ${bikeName}` }).click();
      await confirmDialog(page, `Remove the bike “${bikeName}”?`, 'Remove bike');
      await expectToast(page, 'Bike removed');
      await expectPath(page, '/dashboard/profile');
      await expect.poll(() => page.getByText(bikeName, { exact: true }).count(), settled).toBe(0);
    }
  });
});
