// An admin's overview: the figures move by exactly what a customer booked and paid meanwhile, a part
// below its minimum order links to its edit page, the page passes axe, and the orders export
// downloads a CSV holding the journey's orders.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stage } from './support/api';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { expectPath, navbar, openFromSidebar, see, signInInBrowser, textOf } from './support/journeys';

const browser = useBrowser();
const shop = stage();

interface Figure {
  dollars: number;
  orders: number;
}

/** One figure card, read as a person reads it: "$87.50" over "2 orders". */
async function figure(page: Page, label: string): Promise<Figure> {
  const card = page.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
  const [dollars = '', orders = ''] = await Promise.all([textOf(card.locator('dd').last()), textOf(card.locator('dd').first())]);
  return {
    dollars: Number(dollars.replace(/[$,]/g, '')),
    orders: orders === 'none' ? 0 : Number(/^(\d+) orders?/.exec(orders)?.[1] ?? Number.NaN),
  };
}

async function figures(page: Page) {
  await see(page.getByRole('heading', { name: 'Overview', level: 1 }));
  await see(page.getByText('Booked today', { exact: true }));
  return {
    booked: await figure(page, 'Booked today'),
    paid: await figure(page, 'Paid today'),
    holds: await figure(page, 'Unpaid holds'),
  };
}

describe('the admin overview', () => {
  it('shows what was booked and paid, links the parts to restock, and exports the orders as CSV', async () => {
    const admin = await shop.admin('overview');
    const customer = await shop.customer('overview-buyer');
    const part = await shop.part({ price: 12.5, minimumOrderQuantity: 3, available: 20 });
    const shortPart = await shop.part({ price: 9, minimumOrderQuantity: 3, available: 0 });

    const { page } = await browser.open();
    await signInInBrowser(page, admin);
    await navbar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await openFromSidebar(page, 'Overview');
    await expectPath(page, '/dashboard/overview');
    const before = await figures(page);

    const paidOrder = await shop.pay(customer, await shop.book(customer, part, 4));
    const heldOrder = await shop.book(customer, part, 3);

    await page.reload();
    const after = await figures(page);
    expect(after.booked.orders - before.booked.orders).toBe(2);
    expect(after.booked.dollars - before.booked.dollars).toBeCloseTo(87.5, 2);
    expect(after.paid.orders - before.paid.orders).toBe(1);
    expect(after.paid.dollars - before.paid.dollars).toBeCloseTo(50, 2);
    expect(after.holds.orders - before.holds.orders).toBe(1);
    expect(after.holds.dollars - before.holds.dollars).toBeCloseTo(37.5, 2);

    expect(await seriousViolations(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse<Record<string, string>>(await readFile(await file.path(), 'utf8'), { bom: true, columns: true });
    const mine = rows.filter((row) => row['Part'] === part.name);
    expect(mine.map((row) => [row['Order number'], row['State'], row['Quantity'], row['Total'], row['Email']])).toEqual([
      [String(paidOrder.orderNumber), 'paid', '4', '50.00', customer.email],
      [String(heldOrder.orderNumber), 'unpaid', '3', '37.50', customer.email],
    ]);
    expect(mine[0]!['Transaction id']).toBe(paidOrder.transaction);
    expect(mine[0]!['Phone']).toBe("'+1 555 0100");

    const restock = page.getByRole('region', { name: /^Parts below their minimum order/ }).getByRole('link', { name: shortPart.name });
    await restock.click();
    await expectPath(page, `/dashboard/manageproducts/${shortPart._id}/edit`);
  });
});
