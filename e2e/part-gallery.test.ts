// An admin gives a part a second picture with its alt text and a row of specifications from the
// part editor; the part's page then shows the thumbnail (a click switches the main picture) and
// the specifications table, on a phone and a desktop, scanned with axe. Screenshots go to /tmp for
// a person to look at.
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { stage } from './support/api';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { expectToast, see, signInInBrowser } from './support/journeys';

const browser = useBrowser();
const shop = stage();

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('a part’s gallery and specifications', () => {
  it.each([
    ['phone', 375, 812],
    ['desktop', 1280, 900],
  ])('an admin adds a picture and a specification, and the part page shows both, on a %s', async (label, width, height) => {
    const admin = await shop.admin(`gallery-${label}`);
    const part = await shop.part({ price: 10, available: 20 });
    const { page, errors } = await browser.open({ width, height });
    await signInInBrowser(page, admin);
    await page.goto(`/dashboard/manageproducts/${part._id}/edit`);
    await see(page.getByRole('heading', { name: 'Edit product', level: 1 }));

    await page.getByLabel('Add an image').setInputFiles({ name: 'side.png', mimeType: 'image/png', buffer: PNG });
    const alt = page.getByLabel('Alt text of image 2');
    await see(alt);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('id'))).toBe(await alt.getAttribute('id'));
    await alt.fill(`${part.name} seen from the side`);
    await page.getByRole('button', { name: 'Add a specification' }).click();
    await page.getByLabel('Name of specification 1').fill('Weight');
    await page.getByLabel('Value of specification 1').fill('260 g');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/part-gallery-editor-${label}.png`, fullPage: true });
    await page.getByRole('group', { name: 'Gallery' }).screenshot({ path: `/tmp/part-gallery-editor-gallery-${label}.png` });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, messages.partSaved);

    const visitor = await browser.open({ width, height });
    await visitor.page.goto(`/parts/${part._id}`);
    const pictures = visitor.page.getByRole('list', { name: 'Pictures of the part' });
    const side = pictures.getByRole('button', { name: `${part.name} seen from the side` });
    await see(side);
    await see(pictures.getByRole('button', { name: part.name, exact: true }));
    const main = visitor.page.locator('figure img');
    expect(await main.getAttribute('src')).toBe(part.img);
    // The first picture and every thumbnail come in the server's HTML; a click on a thumbnail
    // answers once the app has taken the page over, so it is repeated until then.
    await expect
      .poll(async () => {
        await side.click();
        return main.getAttribute('src');
      })
      .toMatch(/^\/images\/uploads\/[0-9a-f]{64}\.png$/);
    expect(await side.getAttribute('aria-pressed')).toBe('true');

    const specifications = visitor.page.getByRole('region', { name: 'Specifications' });
    await see(specifications.getByRole('rowheader', { name: 'Weight' }));
    await see(specifications.getByRole('cell', { name: '260 g' }));
    expect(await seriousViolations(visitor.page)).toEqual([]);
    await visitor.page.screenshot({ path: `/tmp/part-gallery-page-${label}.png`, fullPage: true });
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });
});
