// Helpers for the checkout suites: the demo shop's commerce settings, a cart filled as the cart
// page fills it, the addresses of a German consumer and a French bike shop, an order placed,
// opened for payment and paid as the browser does, and the text of the PDFs it gets.
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import type { z } from 'zod';
import type { addressSchema } from '../../shared/addresses';
import { seedDemoCommerce } from '../db/demo-commerce';
import { cartLines, discountCodes, shippingRates, tools } from '../db/schema';
import type { OrderView } from '../domains/checkout/placed-orders';
import { payInBrowser, type OpenedIntent } from './payments';
import type { TestShop, TestUser } from './test-shop';

export const berlinConsumer: z.input<typeof addressSchema> = {
  name: 'Anna Schmidt',
  line1: 'Torstraße 1',
  city: 'Berlin',
  postalCode: '10119',
  country: 'DE',
};

export const lyonBikeShop: z.input<typeof addressSchema> = {
  name: 'Luc Martin',
  company: 'Vélo Lyon SARL',
  line1: '5 rue de la République',
  city: 'Lyon',
  postalCode: '69002',
  country: 'FR',
};

/** A French VAT ID in the right format. */
export const LYON_VAT_ID = 'FR40303265045';

export const PHONE = '+49 30 1234567';

/** The demo shop's identity, zones, rates and the WELCOME10 code, once per test shop. */
export async function openForCheckout(shop: TestShop): Promise<void> {
  await seedDemoCommerce(shop.database.db);
}

/** A part priced in cents, with its stock, for the cart. */
export async function partFor(shop: TestShop, priceCents: number, available = 100, minimumOrderQuantity = 1) {
  return shop.createTool({ priceCents, available, minimumOrderQuantity });
}

export async function fillCart(shop: TestShop, who: TestUser, lines: Array<{ toolId: string; quantity: number }>): Promise<void> {
  await shop.database.db.delete(cartLines).where(eq(cartLines.userId, who.user.id));
  if (lines.length > 0) await shop.database.db.insert(cartLines).values(lines.map((line) => ({ ...line, userId: who.user.id })));
}

/** The id of the named shipping rate of the demo zones ('Standard (2–3 days)' for Germany, …). */
export async function rateId(shop: TestShop, name: string): Promise<string> {
  const [rate] = await shop.database.db.select({ id: shippingRates.id }).from(shippingRates).where(eq(shippingRates.name, name));
  if (!rate) throw new Error(`no shipping rate named ${name}`);
  return rate.id;
}

export async function addDiscountCode(shop: TestShop, values: Partial<typeof discountCodes.$inferInsert> & { code: string }) {
  await shop.database.db.insert(discountCodes).values({ kind: 'percent', value: 10_00, ...values });
}

export async function stockOf(shop: TestShop, toolId: string): Promise<number> {
  const [tool] = await shop.database.db.select({ available: tools.available }).from(tools).where(eq(tools.id, toolId));
  return tool?.available ?? -1;
}

/** Opens the order's payment as its page does, pays with the good card and tells the server. */
export async function payOrder(shop: TestShop, who: TestUser, order: OrderView): Promise<OrderView> {
  const { paymentIntentId, clientSecret } = await shop.caller(who.user).orders.intent({ id: order._id });
  const intent: OpenedIntent = { id: paymentIntentId, clientSecret };
  await payInBrowser(shop, intent);
  return shop.caller(who.user).orders.confirm({ id: order._id, transactionId: paymentIntentId });
}

/** The text of a PDF the API sent as base64 (an invoice, a credit note), page after page. */
export async function pdfText(base64: string): Promise<string> {
  const parser = new PDFParse({ data: Buffer.from(base64, 'base64') });
  try {
    const { pages } = await parser.getText();
    return pages.map((page) => page.text).join('\n');
  } finally {
    await parser.destroy();
  }
}
