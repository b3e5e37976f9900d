// Journey 4: booking a part from home. A quantity outside minimum order..available is refused
// with SPEC.md §5's toast; a good one is booked and the stock shown on home drops by it.
import { describe, expect, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { PASSWORD, stage, uniqueEmail } from './support/api';
import { useBrowser } from './support/browser';
import {
  availableOnHome,
  cardFigure,
  expectPath,
  expectText,
  expectToast,
  gone,
  productCard,
  see,
  signUpInBrowser,
  submitLogin,
} from './support/journeys';

const browser = useBrowser();
const shop = stage();

describe('booking a part', () => {
  it('refuses a quantity below the minimum or above the stock, then books a good one and the stock drops', async () => {
    const part = await shop.part({ price: 12.5, minimumOrderQuantity: 3, available: 20 });
    const person = { name: 'Bea Booker', email: uniqueEmail('booker'), password: PASSWORD };
    shop.forget(person.email);
    const { page } = await browser.open();
    await signUpInBrowser(page, person);

    const card = await productCard(page, part.name);
    await card.getByRole('button', { name: 'Book Now' }).click();
    const modal = await see(page.getByRole('dialog', { name: `Book ${part.name}` }));
    expect(await modal.getByLabel('Part').inputValue()).toBe(part.name);
    expect(await modal.getByLabel('Name').inputValue()).toBe(person.name);
    expect(await modal.getByLabel('Email').inputValue()).toBe(person.email);
    for (const readOnly of ['Part', 'Name', 'Email']) expect(await modal.getByLabel(readOnly).isEditable()).toBe(false);

    await modal.getByLabel('Phone').fill('+1 555 0199');
    await modal.getByLabel('Address').fill('9 Spoke Road, Cadence');
    const quantity = modal.getByLabel('Quantity');
    const confirm = modal.getByRole('button', { name: 'Confirm booking' });

    await quantity.fill('2');
    await confirm.click();
    await expectToast(page, messages.quantityOutOfRange);
    await see(modal);

    await quantity.fill('21');
    await confirm.click();
    await expectToast(page, messages.quantityOutOfRange);
    await see(modal);

    await quantity.fill('5');
    await expectText(modal.getByText('$62.50', { exact: true }), '$62.50');
    await confirm.click();
    await expectToast(page, messages.booked);
    await gone(page.getByRole('dialog'));

    // The card updates at once, and the server agrees after a reload.
    await expectText(cardFigure(card, 'Available'), '15');
    expect(await availableOnHome(page, part.name)).toBe(15);
  });

  it('sends a visitor from Book Now to /login, then back to the part with its booking modal open', async () => {
    const part = await shop.part();
    const customer = await shop.customer('returning');
    const { page } = await browser.open();
    const card = await productCard(page, part.name);
    await card.getByRole('button', { name: 'Book Now' }).click();
    await expectPath(page, '/login');

    await submitLogin(page, { email: customer.email, password: PASSWORD });
    await expectPath(page, `/parts/${part._id}`);
    await see(page.getByRole('dialog', { name: `Book ${part.name}` }));

    // The modal opens once: closing it and reloading the page leaves it closed.
    await page.keyboard.press('Escape');
    await gone(page.getByRole('dialog'));
    await page.reload();
    await see(page.getByRole('heading', { name: part.name, level: 1 }));
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});
