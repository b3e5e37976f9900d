// A part that comes in options (docs/decisions/0052): on a phone and a desktop a customer picks
// the 12-speed variant on the part's page (its price, stock and SKU follow, and the address names
// it), adds it to the cart, which names the variant, and books it: the order names it too. The
// catalogue lists the part once, from its lowest price. The page with its pickers is scanned with
// axe; screenshots go to /tmp for a person to look at. An admin gives a part its options and adds,
// edits and retires a variant on the part editor.
import { describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { DEMO_ADMIN, signInThroughApi, stage, uniqueId } from './support/api';
import { seriousViolations } from './support/axe';
import { useBrowser } from './support/browser';
import {
  confirmDialog,
  expectPath,
  expectText,
  expectToast,
  gone,
  productCard,
  rowWith,
  see,
  signInInBrowser,
} from './support/journeys';

const browser = useBrowser();
const shop = stage();

async function trpc<T>(token: string, procedure: string, input: unknown, kind: 'query' | 'mutation' = 'mutation'): Promise<T> {
  const query = kind === 'query' ? `?input=${encodeURIComponent(JSON.stringify(input))}` : '';
  const response = await fetch(`${inject('baseUrl')}/trpc/${procedure}${query}`, {
    method: kind === 'query' ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(kind === 'mutation' ? { 'content-type': 'application/json' } : {}) },
    body: kind === 'mutation' ? JSON.stringify(input) : undefined,
  });
  const answer = (await response.json()) as { result?: { data: T }; error?: { message: string } };
  if (!answer.result) throw new Error(`${procedure}: ${answer.error?.message ?? response.status}`);
  return answer.result.data;
}

/** A staged cassette: its own row in 11 speeds ($49, 40 in stock), a variant in 12 speeds ($69, 25). */
async function cassette() {
  const part = await shop.part({ price: 49, minimumOrderQuantity: 2, available: 40 });
  const admin = await signInThroughApi(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const [own] = await trpc<Array<{ version: number }>>(admin, 'tools.adminVariants', { partId: part._id }, 'query');
  const edit = { price: 49, available: 40, availableWas: 40, minimumOrderQuantity: 2 };
  await trpc(admin, 'tools.updateVariant', { id: part._id, version: own?.version ?? 1, optionValues: { speeds: '11' }, ...edit });
  const sku = `J12-${uniqueId().slice(-8)}`.toUpperCase();
  await trpc(admin, 'tools.addVariant', {
    partId: part._id,
    optionValues: { speeds: '12' },
    sku,
    price: 69,
    available: 25,
    minimumOrderQuantity: 1,
  });
  return { part, sku };
}

describe('a part with variants', () => {
  it.each([
    ['phone', { width: 375, height: 800 }],
    ['desktop', { width: 1280, height: 900 }],
  ])('lets a customer on a %s choose the 12-speed variant, put it in the cart and book it, each naming it', async (label, size) => {
    const { part, sku } = await cassette();
    const twelve = `${part.name} — 12 speeds`;
    const customer = await shop.customer(`variants-${label}`);
    const { page, errors } = await browser.open(size);
    await signInInBrowser(page, customer);

    // Listed once, from its lowest price, with every variant's stock; its options are chosen on its page.
    const card = await productCard(page, part.name);
    await expectText(card.getByText(/^from \$/), 'from $49.00');
    await card.getByRole('link', { name: `Choose options of ${part.name}` }).click();
    await expectPath(page, `/parts/${part._id}`);

    const article = page.getByRole('article', { name: part.name });
    const speeds = article.getByRole('group', { name: /^Speeds/ });
    await see(speeds);
    expect(await speeds.getByRole('radio', { name: '11' }).isChecked()).toBe(true);
    await expectText(article.getByText(/^\$\d+\.\d\d$/).first(), '$49.00');

    // Keyboard: the arrow key moves to 12 speeds within the group.
    await speeds.getByRole('radio', { name: '11' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(page.url()).searchParams.get('variant')).toBe(sku);
    await expect.poll(() => speeds.getByRole('radio', { name: '12' }).isChecked()).toBe(true);
    await expectText(article.getByText(/^\$\d+\.\d\d$/).first(), '$69.00');
    await see(article.getByText(`SKU ${sku}`));
    await see(article.getByText('Ready to ship: book from 1 to 25.'));
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/part-variants-${label}.png`, fullPage: true });

    // The address names the variant: opened afresh, the page shows it chosen (rendered on the server).
    await page.reload();
    await see(article.getByText(`SKU ${sku}`));
    expect(await speeds.getByRole('radio', { name: '12' }).isChecked()).toBe(true);

    await page
      .getByRole('main')
      .getByRole('button', { name: /^Add to cart/ })
      .click();
    await expectToast(page, messages.addedToCart);
    await page.goto('/cart');
    await see(page.getByRole('link', { name: twelve }));
    await page.screenshot({ path: `/tmp/part-variants-cart-${label}.png`, fullPage: true });

    await page.goto(`/parts/${part._id}?variant=${sku}`);
    await page.getByRole('main').getByRole('button', { name: 'Book Now' }).click();
    const modal = await see(page.getByRole('dialog', { name: `Book ${twelve}` }));
    await modal.getByLabel('Phone').fill('+1 555 0199');
    await modal.getByLabel('Address').fill('9 Spoke Road, Cadence');
    await modal.getByLabel('Quantity').fill('3');
    await modal.getByRole('button', { name: 'Confirm booking' }).click();
    await expectToast(page, messages.booked);
    await gone(page.getByRole('dialog'));

    await page.goto('/dashboard');
    await see(rowWith(page, twelve).first());
    await page.screenshot({ path: `/tmp/part-variants-orders-${label}.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  it('lets an admin give a part its options, then add, edit and retire a variant on the part editor', async () => {
    const part = await shop.part({ price: 30, minimumOrderQuantity: 1, available: 10 });
    const { page, errors } = await browser.open({ width: 1280, height: 900 });
    await signInInBrowser(page, DEMO_ADMIN);
    await page.goto(`/dashboard/manageproducts/${part._id}/edit`);
    const section = await see(page.getByRole('region', { name: 'Variants' }));

    await section.getByRole('button', { name: `Edit ${part.name}` }).click();
    const own = section.getByRole('form', { name: `Edit ${part.name}` });
    await own.getByLabel('Width').fill('720 mm');
    await own.getByRole('button', { name: 'Save variant' }).click();
    await expectToast(page, messages.variantSaved);

    await section.getByRole('button', { name: 'Add a variant' }).click();
    const added = section.getByRole('form', { name: 'Add a variant' });
    await added.getByLabel('Width').fill('780 mm');
    await added.getByLabel('Price (USD)').fill('34');
    await added.getByLabel('Available').fill('6');
    await added.getByRole('button', { name: 'Add variant' }).click();
    await expectToast(page, messages.variantSaved);
    await see(section.getByText('780 mm wide'));
    await page.screenshot({ path: '/tmp/part-variants-admin.png', fullPage: true });

    await section.getByRole('button', { name: `Edit ${part.name} — 780 mm wide` }).click();
    const edited = section.getByRole('form', { name: `Edit ${part.name} — 780 mm wide` });
    await edited.getByLabel('Price (USD)').fill('36');
    await edited.getByRole('button', { name: 'Save variant' }).click();
    await expectToast(page, messages.variantSaved);
    await see(section.getByText(/\$36\.00 · 6 in stock/));

    await section.getByRole('button', { name: `Retire ${part.name} — 780 mm wide` }).click();
    await confirmDialog(page, messages.confirmRetireVariant(`${part.name} — 780 mm wide`), 'Retire variant');
    await expectToast(page, messages.variantRetired);
    await gone(section.getByText('780 mm wide'));
    expect(errors).toEqual([]);
  });
});
