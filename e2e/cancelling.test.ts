// Journey 6: cancelling an unpaid order from My Orders. The confirm dialog asks first (and Cancel
// keeps the order); Yes says "deleted successfully", the order disappears and the stock returns.
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { stage } from './support/api';
import { useBrowser } from './support/browser';
import { availableOnHome, confirmDialog, expectToast, gone, navbar, rowWith, see, signInInBrowser } from './support/journeys';

const browser = useBrowser();
const shop = stage();

describe('cancelling an unpaid order', () => {
  it('asks first, then deletes the order and returns its parts to stock', async () => {
    const part = await shop.part({ minimumOrderQuantity: 3, available: 20 });
    const customer = await shop.customer('canceller');
    await shop.book(customer, part, 6);

    const { page } = await browser.open();
    await signInInBrowser(page, customer);
    expect(await availableOnHome(page, part.name)).toBe(14);

    await navbar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    const row = rowWith(page, part.name);
    const cancel = row.getByRole('button', { name: `Cancel the order for ${part.name}` });
    await cancel.click();
    await confirmDialog(page, messages.confirmDelete, messages.keepOrder);
    await see(row);

    await cancel.click();
    await confirmDialog(page, messages.confirmDelete, messages.cancelOrder);
    await expectToast(page, messages.deleted);
    await gone(row);
    await see(page.getByText('You have no orders yet.'));

    expect(await availableOnHome(page, part.name)).toBe(20);
  });
});
