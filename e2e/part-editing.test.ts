// An admin edits and restocks a part from Manage product, uploads its picture with a preview,
// hides it from the shop and shows it again; the pages pass axe on a phone and a desktop.
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { stage } from './support/api';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { expectToast, rowWith, see, signInInBrowser } from './support/journeys';

const browser = useBrowser();
const shop = stage();

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('an admin editing a part', () => {
  it.each([
    ['a phone', 390, 844],
    ['a desktop', 1280, 900],
  ])('edits, restocks and re-pictures a part, then hides and shows it, on %s', async (_device, width, height) => {
    const admin = await shop.admin('editor');
    const part = await shop.part({ price: 10, available: 20 });
    const { page } = await browser.open({ width, height });
    await signInInBrowser(page, admin);
    await page.goto('/dashboard/manageproducts');
    await see(page.getByRole('heading', { name: 'Manage product', level: 1 }));
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: `Edit ${part.name}` }).click();
    await see(page.getByRole('heading', { name: 'Edit product', level: 1 }));
    await see(page.getByText('Units on the shelf that no order holds yet', { exact: false }));
    expect(await page.getByLabel('Price (USD)').inputValue()).toBe('10');
    await page.getByLabel('Price (USD)').fill('14.75');
    await page.getByLabel('Available', { exact: true }).fill('35');
    await page.getByLabel('Upload an image').setInputFiles({ name: 'sprocket.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.getByLabel('Image URL').inputValue()).toMatch(/^\/images\/uploads\/[0-9a-f]{64}\.png$/);
    await see(page.getByRole('figure').getByText('Preview'));
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, messages.partSaved);

    const row = rowWith(page, part.name);
    await see(row.getByText('$14.75', { exact: true }));
    await see(row.getByText('35', { exact: true }));

    await row.getByRole('button', { name: `Hide ${part.name}` }).click();
    await expectToast(page, messages.partHiddenFromShop);
    await see(row.getByText('Hidden', { exact: true }));
    const visitor = await browser.open({ width, height });
    await visitor.page.goto(`/parts/${part._id}`);
    await see(visitor.page.getByText(messages.partGone, { exact: false }));

    await row.getByRole('button', { name: `Show ${part.name}` }).click();
    await expectToast(page, messages.partShownInShop);
    await visitor.page.goto(`/parts/${part._id}`);
    await see(visitor.page.getByRole('heading', { name: part.name, level: 1 }));
  });

  it('refuses a save made over another admin’s and shows their values', async () => {
    const admin = await shop.admin('second-editor');
    const part = await shop.part({ price: 10 });
    const { page } = await browser.open();
    await signInInBrowser(page, admin);
    await page.goto(`/dashboard/manageproducts/${part._id}/edit`);
    await see(page.getByRole('heading', { name: 'Edit product', level: 1 }));

    // Another admin saves first, from the same version.
    const other = await browser.open();
    await signInInBrowser(other.page, admin);
    await other.page.goto(`/dashboard/manageproducts/${part._id}/edit`);
    await other.page.getByLabel('Price (USD)').fill('11');
    await other.page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(other.page, messages.partSaved);

    await page.getByLabel('Price (USD)').fill('99');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await see(page.getByRole('alert').filter({ hasText: messages.partEditConflict }));
    expect(await page.getByLabel('Price (USD)').inputValue()).toBe('11');
  });
});
