// Invoices: a paid order gets one, numbered in its year's series without gaps, with both VAT IDs
// and the reverse-charge words for an EU bike shop, downloadable by its owner and the admins only.
import { and, eq } from 'drizzle-orm';
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
import { emailOutbox } from '../db/schema';
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
