// Invoices: a paid order gets one, numbered in its year's series without gaps, with both VAT IDs
// and the reverse-charge words for an EU bike shop, downloadable by its owner and the admins only;
// in dollars from a German shop, it and its credit notes also state their VAT in euros.
import { and, eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { describe, expect, test } from '../testing/fixtures';
import { orderMessages } from '../../shared/order-messages';
import {
  berlinConsumer,
  fillCart,
  LYON_VAT_ID,
  lyonBikeShop,
  openForCheckout,
  partFor,
  payOrder,
  pdfText,
  PHONE,
  rateId,
} from '../testing/checkout';
import type { TestShop, TestUser } from '../testing/test-shop';
import { emailOutbox, invoices, shopSettings, taxRates } from '../db/schema';
import { renderQueuedEmail } from '../domains/email/render-queued-email';

async function paidOrderOf(shop: TestShop, who: TestUser, business: boolean) {
  const part = await partFor(shop, 119_00);
  await fillCart(shop, who, [{ toolId: part.id, quantity: 2 }]);
  const order = await shop.caller(who.user).orders.place({
    address: business ? lyonBikeShop : berlinConsumer,
    phone: PHONE,
    ...(business ? { vatId: LYON_VAT_ID } : {}),
    shippingRateId: await rateId(shop, business ? 'Standard (3–6 days)' : 'Standard (2–3 days)'),
  });
  return { placed: order, paid: await payOrder(shop, who, order) };
}

describe('orders.invoice', () => {
  test('is issued when the order is paid, numbered without gaps, and refused before', async ({ shop, customer }) => {
    await openForCheckout(shop);
    const part = await partFor(shop, 10_00);
    await fillCart(shop, customer, [{ toolId: part.id, quantity: 1 }]);
    const unpaid = await shop.caller(customer.user).orders.place({
      address: berlinConsumer,
      phone: PHONE,
      shippingRateId: await rateId(shop, 'Standard (2–3 days)'),
    });
    await expect(shop.caller(customer.user).orders.invoice({ id: unpaid._id })).rejects.toThrow(orderMessages.invoiceNotYet);

    const first = await paidOrderOf(shop, customer, false);
    const second = await paidOrderOf(shop, customer, false);

    const year = new Date().getUTCFullYear();
    const numbers = [
      (await shop.caller(customer.user).orders.invoice({ id: first.paid._id })).number,
      (await shop.caller(customer.user).orders.invoice({ id: second.paid._id })).number,
    ];
    expect(numbers).toEqual([`INV-${year}-000001`, `INV-${year}-000002`]);
  });

  test('prints the seller, the buyer, both VAT IDs and “Reverse charge” for an EU bike shop', async ({ shop, customer }) => {
    await openForCheckout(shop);
    const { paid } = await paidOrderOf(shop, customer, true);

    const invoice = await shop.caller(customer.user).orders.invoice({ id: paid._id });
    const text = await pdfText(invoice.pdfBase64);

    expect(invoice.fileName).toBe(`${invoice.number}.pdf`);
    for (const expected of ['Sprocket Parts GmbH', 'DE293847560', 'Vélo Lyon SARL', LYON_VAT_ID, 'Reverse charge', paid.number]) {
      expect(text).toContain(expected);
    }
  });

  test('is downloadable by an admin but never by another customer', async ({ shop, customer, otherCustomer, admin }) => {
    await openForCheckout(shop);
    const { paid } = await paidOrderOf(shop, customer, false);

    const asAdmin = await shop.caller(admin.user).orders.invoice({ id: paid._id });
    expect(asAdmin.number).toMatch(/^INV-/);
    await expect(shop.caller(otherCustomer.user).orders.invoice({ id: paid._id })).rejects.toThrow(orderMessages.orderNotYours);
  });

  test('is attached to the payment email of a verified address, and to no other', async ({ shop }) => {
    await openForCheckout(shop);
    const verified = await shop.createUser('user', { emailVerified: true });
    const unverified = await shop.createUser('user', { emailVerified: false });
    const attachmentsOf = async (who: TestUser) => {
      const { paid } = await paidOrderOf(shop, who, false);
      const [queued] = await shop.database.db
        .select({
          kind: emailOutbox.kind,
          bookingId: emailOutbox.bookingId,
          orderId: emailOutbox.orderId,
          recipient: emailOutbox.recipient,
        })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.orderId, paid._id), eq(emailOutbox.kind, 'payment_received')));
      const rendered = await renderQueuedEmail(shop.deps, queued!);
      return { paid, attachments: rendered.attachments ?? [] };
    };

    const sent = await attachmentsOf(verified);
    expect(sent.attachments.map((file) => [file.contentType, file.filename])).toEqual([
      ['application/pdf', (await shop.caller(verified.user).orders.invoice({ id: sent.paid._id })).fileName],
    ]);
    expect(sent.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await attachmentsOf(unverified)).attachments).toEqual([]);
  });
});

/** The stored document of the invoice or credit note with this number, as issued. */
async function storedDocument(shop: TestShop, number: string) {
  const [row] = await shop.database.db.select({ document: invoices.document }).from(invoices).where(eq(invoices.number, number));
  return row?.document as Record<string, unknown> | undefined;
}

/** Sets the euro rate through the settings form, as an admin does. */
async function setEurRate(shop: TestShop, admin: TestUser, eurRate: string | null) {
  const { currency: _currency, ...form } = await shop.caller(admin.user).settings.shop();
  await shop.caller(admin.user).settings.updateShop({ ...form, eurRate });
}

describe('the VAT in euros (Article 230)', () => {
  test('is stated on an invoice and a credit note in dollars, each rounded half up on the euro cent', async ({
    shop,
    customer,
    admin,
  }) => {
    await openForCheckout(shop);
    await setEurRate(shop, admin, '0.9275');
    // 2 × 119.00 with 19 % VAT included: $38.00 of VAT, €35.245 at 0.9275, so €35.25.
    const { paid } = await paidOrderOf(shop, customer, false);
    const invoice = await shop.caller(customer.user).orders.invoice({ id: paid._id });
    expect(await storedDocument(shop, invoice.number)).toMatchObject({
      currency: 'usd',
      taxCents: 38_00,
      eurVat: { rateMillionths: 927_500, taxLines: [{ rateBasisPoints: 1_900, taxCents: 35_25 }], taxCents: 35_25 },
    });
    expect(await pdfText(invoice.pdfBase64)).toContain('VAT in EUR: €35.25 (1 USD = 0.9275 EUR)');

    // $12.50 back reverses $2.00 of VAT: €1.855, so €1.86, printed as credited.
    const afterSales = await shop.caller(admin.user).orders.refundAmount({ id: paid._id, amount: 12.5 });
    const creditNote = afterSales.refunds.at(-1)?.creditNote;
    if (!creditNote) throw new Error('the refund has no credit note');
    expect(await storedDocument(shop, creditNote.number)).toMatchObject({
      kind: 'credit_note',
      taxCents: 2_00,
      eurVat: { rateMillionths: 927_500, taxLines: [{ rateBasisPoints: 1_900, taxCents: 1_86 }], taxCents: 1_86 },
    });
    const file = await shop.caller(customer.user).orders.document({ id: paid._id, documentId: creditNote._id });
    expect(await pdfText(file.pdfBase64)).toContain('VAT in EUR: -€1.86 (1 USD = 0.9275 EUR)');
  });

  test('keeps the rate an invoice was issued with when the rate changes later', async ({ shop, customer, admin }) => {
    await openForCheckout(shop);
    await setEurRate(shop, admin, '0.92');
    const { paid } = await paidOrderOf(shop, customer, false);
    await setEurRate(shop, admin, '0.95');

    const invoice = await shop.caller(customer.user).orders.invoice({ id: paid._id });
    const text = await pdfText(invoice.pdfBase64);
    expect(text).toContain('VAT in EUR: €34.96 (1 USD = 0.92 EUR)');
    expect(text).not.toContain('0.95');
  });

  test('is left out, the invoice and credit note still issued, with a warning, while no rate is set', async ({
    shop,
    customer,
    admin,
  }) => {
    await openForCheckout(shop);
    await setEurRate(shop, admin, null);
    const warn = vi.spyOn(shop.deps.log, 'warn');
    try {
      const { paid } = await paidOrderOf(shop, customer, false);
      const invoice = await shop.caller(customer.user).orders.invoice({ id: paid._id });
      expect(await storedDocument(shop, invoice.number)).not.toHaveProperty('eurVat');
      const text = await pdfText(invoice.pdfBase64);
      expect(text).toContain('Total to pay');
      expect(text).not.toContain('EUR');

      const afterSales = await shop.caller(admin.user).orders.refundAmount({ id: paid._id, amount: 10 });
      const creditNote = afterSales.refunds.at(-1)?.creditNote;
      if (!creditNote) throw new Error('the refund has no credit note');
      expect(await storedDocument(shop, creditNote.number)).not.toHaveProperty('eurVat');
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ document: creditNote.number, order: paid.number }),
        expect.stringContaining('set the euro rate in the shop settings'),
      );
    } finally {
      warn.mockRestore();
      await setEurRate(shop, admin, '0.92');
    }
  });

  test('is left out of the invoice of a shop that invoices in euros, or sells from outside the EU', async ({
    shop,
    customer,
    admin,
  }) => {
    await openForCheckout(shop);
    await setEurRate(shop, admin, '0.92');
    const { db } = shop.database;
    try {
      await db.update(shopSettings).set({ currency: 'eur' });
      const inEuros = (await paidOrderOf(shop, customer, false)).paid;
      const euroInvoice = await shop.caller(customer.user).orders.invoice({ id: inEuros._id });
      expect(await storedDocument(shop, euroInvoice.number)).toMatchObject({ currency: 'eur' });
      expect(await storedDocument(shop, euroInvoice.number)).not.toHaveProperty('eurVat');
      expect(await pdfText(euroInvoice.pdfBase64)).not.toContain('VAT in EUR');

      // A Swiss seller needs its own rate to sell at home (8.1 %).
      await db.update(shopSettings).set({ currency: 'usd', country: 'CH' });
      await db.insert(taxRates).values({ country: 'CH', rateBasisPoints: 8_10 });
      const fromSwitzerland = (await paidOrderOf(shop, customer, false)).paid;
      const swissInvoice = await shop.caller(customer.user).orders.invoice({ id: fromSwitzerland._id });
      expect(await storedDocument(shop, swissInvoice.number)).not.toHaveProperty('eurVat');
      expect(await pdfText(swissInvoice.pdfBase64)).not.toContain('VAT in EUR');
    } finally {
      await db.update(shopSettings).set({ currency: 'usd', country: 'DE' });
      await db.delete(taxRates).where(eq(taxRates.country, 'CH'));
    }
  });
});
