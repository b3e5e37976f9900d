// After an order is paid: shipping its lines in parcels with a carrier's tracking link (one email
// per parcel), and the admins' refunds of a line, the shipping or an amount, each with its tax
// reversed, its credit note and its email, never more than was paid, and recognised as the shop's
// own when the provider's refund webhook tells of it.
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, test } from '../testing/fixtures';
import { orderMessages } from '../../shared/order-messages';
import { bookings, emailOutbox, invoices, orderRefunds, outsideRefunds } from '../db/schema';
import { renderQueuedEmail } from '../domains/email/render-queued-email';
import {
  berlinConsumer,
  fillCart,
  lyonBikeShop,
  LYON_VAT_ID,
  openForCheckout,
  partFor,
  payOrder,
  pdfText,
  PHONE,
  rateId,
} from '../testing/checkout';
import { deliverWebhook, eventFor, stripeFor } from '../testing/payments';
import { outsideRefundAudits, refundEmails } from '../testing/refunds';
import { TEST_SHOP_URL, type TestShop, type TestUser } from '../testing/test-shop';

/**
 * A German consumer's order of two parts, 2 × 10.00 and 1 × 23.80, shipped Standard for 5.90
 * (below the free-shipping threshold): 49.70 in all, with 19 % VAT included.
 */
async function placeTwoLineOrder(shop: TestShop, who: TestUser, business = false) {
  await openForCheckout(shop);
  const brake = await partFor(shop, 10_00);
  const chain = await partFor(shop, 23_80);
  await fillCart(shop, who, [
    { toolId: brake.id, quantity: 2 },
    { toolId: chain.id, quantity: 1 },
  ]);
  return shop.caller(who.user).orders.place({
    address: business ? lyonBikeShop : berlinConsumer,
    phone: PHONE,
    ...(business ? { vatId: LYON_VAT_ID } : {}),
    shippingRateId: await rateId(shop, business ? 'Standard (3–6 days)' : 'Standard (2–3 days)'),
  });
}

async function paidTwoLineOrder(shop: TestShop, who: TestUser, business = false) {
  return payOrder(shop, who, await placeTwoLineOrder(shop, who, business));
}

async function orderEmails(shop: TestShop, orderId: string, kind: 'shipped' | 'refunded') {
  return shop.database.db
    .select({
      kind: emailOutbox.kind,
      bookingId: emailOutbox.bookingId,
      orderId: emailOutbox.orderId,
      shipmentId: emailOutbox.shipmentId,
      orderRefundId: emailOutbox.orderRefundId,
      recipient: emailOutbox.recipient,
    })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.orderId, orderId), eq(emailOutbox.kind, kind)))
    .orderBy(emailOutbox.seq);
}

function rendered(shop: TestShop, email: Awaited<ReturnType<typeof orderEmails>>[number]) {
  return renderQueuedEmail({ db: shop.database.db, identity: shop.deps.identity, shopUrl: TEST_SHOP_URL, shopTimeZone: 'UTC' }, email);
}

describe('orders.ship', () => {
  test('ships some lines, then the rest, with one email per parcel carrying its tracking link', async ({ shop, customer, admin }) => {
    const order = await paidTwoLineOrder(shop, customer);
    const [brake, chain] = order.lines;

    const first = await shop.caller(admin.user).orders.ship({
      id: order._id,
      bookingIds: [brake!.bookingId],
      carrier: 'dhl',
      trackingNumber: '00340434161094042557',
    });
    expect(first.lines.map((line) => line.status)).toEqual(['shipped', 'paid']);

    const second = await shop.caller(admin.user).orders.ship({ id: order._id, carrier: 'ups', trackingNumber: '1Z999AA10123456784' });
    expect(second.lines.map((line) => line.status)).toEqual(['shipped', 'shipped']);

    const emails = await orderEmails(shop, order._id, 'shipped');
    expect(emails).toHaveLength(2);
    const [dhlEmail, upsEmail] = await Promise.all(emails.map((email) => rendered(shop, email)));
    expect(dhlEmail?.text).toContain(
      'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557',
    );
    expect(dhlEmail?.text).toContain(order.number);
    expect(dhlEmail?.text).toContain(brake!.name);
    expect(upsEmail?.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(upsEmail?.text).toContain(chain!.name);

    const [line] = await shop.database.db
      .select({ carrier: bookings.carrier, trackingNumber: bookings.trackingNumber })
      .from(bookings)
      .where(eq(bookings.id, brake!.bookingId));
    expect(line).toEqual({ carrier: 'dhl', trackingNumber: '00340434161094042557' });

    const afterSales = await shop.caller(customer.user).orders.afterSales({ id: order._id });
    expect(afterSales.shipments.map((parcel) => [parcel.carrierName, parcel.lines])).toEqual([
      ['DHL', [brake!.name]],
      ['UPS', [chain!.name]],
    ]);
  });

  test('refuses an unpaid order, a line shipped already and nothing left to ship', async ({ shop, customer, admin }) => {
    const unpaid = await placeTwoLineOrder(shop, customer);
    await expect(
      shop.caller(admin.user).orders.ship({ id: unpaid._id, carrier: 'dpd', trackingNumber: '01234567890123' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: orderMessages.shipNeedsPaidOrder });

    const order = await paidTwoLineOrder(shop, customer);
    const brake = order.lines[0]!;
    await shop
      .caller(admin.user)
      .orders.ship({ id: order._id, bookingIds: [brake.bookingId], carrier: 'gls', trackingNumber: 'ZX12345678' });
    await expect(
      shop
        .caller(admin.user)
        .orders.ship({ id: order._id, bookingIds: [brake.bookingId], carrier: 'gls', trackingNumber: 'ZX12345679' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: orderMessages.shipLineShipped(brake.name) });
    await expect(
      shop
        .caller(admin.user)
        .orders.ship({ id: order._id, bookingIds: [unpaid.lines[0]!.bookingId], carrier: 'gls', trackingNumber: 'ZX1234' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: orderMessages.shipLineNotInOrder });

    await shop.caller(admin.user).orders.ship({ id: order._id, carrier: 'fedex', trackingNumber: '123456789012' });
    await expect(
      shop.caller(admin.user).orders.ship({ id: order._id, carrier: 'fedex', trackingNumber: '123456789013' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: orderMessages.shipNothingLeft });
    expect(await orderEmails(shop, order._id, 'shipped')).toHaveLength(2);
  });

  test('is refused to a customer, as every refund is', async ({ shop, customer }) => {
    const order = await paidTwoLineOrder(shop, customer);
    const own = shop.caller(customer.user).orders;
    const line = order.lines[0]!.bookingId;
    await expect(own.ship({ id: order._id, carrier: 'dhl', trackingNumber: '12345678' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(own.refundLine({ id: order._id, bookingId: line })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(own.refundShipping({ id: order._id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(own.refundAmount({ id: order._id, amount: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(own.all({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await shop.database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order._id))).toEqual([]);
  });
});

describe('order refunds', () => {
  test('refund a line’s charge: the line refunded, its tax reversed on a credit note, one order email', async ({
    shop,
    customer,
    admin,
  }) => {
    const order = await paidTwoLineOrder(shop, customer);
    const chain = order.lines.find((line) => line.charged === 23.8)!;

    const afterSales = await shop.caller(admin.user).orders.refundLine({ id: order._id, bookingId: chain.bookingId });

    // 23.80 with 19 % VAT included holds 3.80 of VAT.
    expect(afterSales.refunds).toMatchObject([{ kind: 'line', amount: 23.8, tax: 3.8, line: chain.name, done: true }]);
    expect(afterSales.remainingRefundable).toBeCloseTo(49.7 - 23.8, 2);
    const [line] = await shop.database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, chain.bookingId));
    expect(line?.status).toBe('refunded');
    // The order's refunded email, not the booking's own.
    expect(await refundEmails(shop, chain.bookingId)).toBe(0);
    const [email, ...more] = await orderEmails(shop, order._id, 'refunded');
    expect(more).toEqual([]);
    expect((await rendered(shop, email!)).text).toContain('$23.80');

    const creditNote = afterSales.refunds[0]!.creditNote!;
    expect(creditNote.number).toMatch(new RegExp(`^CN-${new Date().getUTCFullYear()}-\\d{6}$`));
    const file = await shop.caller(customer.user).orders.document({ id: order._id, documentId: creditNote._id });
    const text = await pdfText(file.pdfBase64);
    const invoice = await shop.caller(customer.user).orders.invoice({ id: order._id });
    for (const expected of [creditNote.number, invoice.number, chain.name, '3.80', '20.00']) expect(text).toContain(expected);
  });

  test('refund the shipping: its gross back with its own VAT reversed, once', async ({ shop, customer, admin }) => {
    const order = await paidTwoLineOrder(shop, customer);

    const afterSales = await shop.caller(admin.user).orders.refundShipping({ id: order._id });

    // 5.90 with 19 % included holds 0.94 of VAT.
    expect(afterSales.refunds).toMatchObject([{ kind: 'shipping', amount: 5.9, tax: 0.94 }]);
    expect(order.shipping).toMatchObject({ amount: 5.9, tax: 0.94 });
    await expect(shop.caller(admin.user).orders.refundShipping({ id: order._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: orderMessages.refundShippingRefunded,
    });
  });

  test('refund an amount: tax reversed pro rata at the order’s rate, and nothing beyond the payment', async ({
    shop,
    customer,
    admin,
  }) => {
    const order = await paidTwoLineOrder(shop, customer);

    const first = await shop.caller(admin.user).orders.refundAmount({ id: order._id, amount: 10 });
    // 10.00 × 19 / 119 = 1.5966… → 1.60.
    expect(first.refunds).toMatchObject([{ kind: 'amount', amount: 10, tax: 1.6 }]);
    expect(first.remainingRefundable).toBeCloseTo(39.7, 2);

    await expect(shop.caller(admin.user).orders.refundAmount({ id: order._id, amount: 39.71 })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: orderMessages.refundAboveRemaining(39_70),
    });
    // A line's charge is refused too once it is more than is left.
    await shop.caller(admin.user).orders.refundAmount({ id: order._id, amount: 20 });
    await expect(
      shop.caller(admin.user).orders.refundLine({ id: order._id, bookingId: order.lines[1]!.bookingId }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: orderMessages.refundAboveRemaining(19_70) });

    const notes = await shop.database.db
      .select({ total: invoices.totalCents, refersTo: invoices.refersToInvoiceId })
      .from(invoices)
      .where(and(eq(invoices.orderId, order._id), eq(invoices.kind, 'credit_note')));
    expect(notes.map((note) => note.total).sort((a, b) => a - b)).toEqual([10_00, 20_00]);
    expect(notes.every((note) => note.refersTo !== null)).toBe(true);
  });

  test('counts a line refunded whole through its booking against what is left', async ({ shop, customer, admin }) => {
    const order = await paidTwoLineOrder(shop, customer);
    const chain = order.lines.find((line) => line.charged === 23.8)!;
    await shop.caller(admin.user).bookings.refund({ id: chain.bookingId });

    const { remainingRefundable } = await shop.caller(admin.user).orders.afterSales({ id: order._id });
    expect(remainingRefundable).toBeCloseTo(49.7 - 23.8, 2);
    await expect(shop.caller(admin.user).orders.refundAmount({ id: order._id, amount: 26 })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: orderMessages.refundAboveRemaining(25_90),
    });
  });

  test('reverses no tax for a reverse-charge order', async ({ shop, customer, admin }) => {
    const order = await paidTwoLineOrder(shop, customer, true);
    const afterSales = await shop.caller(admin.user).orders.refundAmount({ id: order._id, amount: 5 });
    expect(afterSales.refunds).toMatchObject([{ kind: 'amount', amount: 5, tax: 0 }]);
  });

  test('any sequence of refund requests never gives back more than was paid', async ({ shop, customer, admin }) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('amount' as const), cents: fc.integer({ min: 1, max: 60_00 }) }),
            fc.record({ kind: fc.constant('line' as const), index: fc.integer({ min: 0, max: 1 }) }),
            fc.constant({ kind: 'shipping' as const }),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        async (requests) => {
          const order = await paidTwoLineOrder(shop, customer);
          const orders = shop.caller(admin.user).orders;
          // The shop's rule, stated plainly: what each request should get, given what went before.
          let remaining = 49_70;
          const lineRefunded = [false, false];
          let shippingRefunded = false;
          for (const request of requests) {
            const call =
              request.kind === 'amount'
                ? orders.refundAmount({ id: order._id, amount: request.cents / 100 })
                : request.kind === 'line'
                  ? orders.refundLine({ id: order._id, bookingId: order.lines[request.index]!.bookingId })
                  : orders.refundShipping({ id: order._id });
            const already = request.kind === 'line' ? lineRefunded[request.index] : request.kind === 'shipping' && shippingRefunded;
            const cents =
              request.kind === 'amount'
                ? request.cents
                : request.kind === 'line'
                  ? Math.round(order.lines[request.index]!.charged * 100)
                  : 5_90;
            if (already) {
              await expect(call).rejects.toMatchObject({ code: 'CONFLICT' });
            } else if (cents > remaining) {
              await expect(call).rejects.toMatchObject({ code: 'CONFLICT', message: orderMessages.refundAboveRemaining(remaining) });
            } else {
              await call;
              remaining -= cents;
              if (request.kind === 'line') lineRefunded[request.index] = true;
              if (request.kind === 'shipping') shippingRefunded = true;
            }
          }
          const recorded = await shop.database.db
            .select({ amountCents: orderRefunds.amountCents, refundId: orderRefunds.refundId })
            .from(orderRefunds)
            .where(eq(orderRefunds.orderId, order._id));
          const atProvider = await Promise.all(recorded.map((row) => stripeFor(shop).refunds.retrieve(row.refundId ?? '')));
          expect(atProvider.map((refund) => refund.amount)).toEqual(recorded.map((row) => row.amountCents));
          expect(atProvider.reduce((sum, refund) => sum + refund.amount, 0)).toBe(49_70 - remaining);
        },
      ),
      { numRuns: 6 },
    );
  });

  test('the provider’s webhook of such a refund is the shop’s own, never a refund made outside the shop', async ({
    shop,
    customer,
    admin,
  }) => {
    const order = await paidTwoLineOrder(shop, customer);
    await shop.caller(admin.user).orders.refundAmount({ id: order._id, amount: 7.5 });
    const [row] = await shop.database.db
      .select({ refundId: orderRefunds.refundId })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order._id));
    const refund = JSON.parse(JSON.stringify(await stripeFor(shop).refunds.retrieve(row!.refundId!))) as unknown;

    const response = await deliverWebhook(shop, eventFor('refund.created', refund));

    expect(response.statusCode).toBe(200);
    expect(await shop.database.db.select().from(outsideRefunds).where(eq(outsideRefunds.refundId, row!.refundId!))).toEqual([]);
    expect(await outsideRefundAudits(shop, row!.refundId!)).toEqual([]);
  });

  test.for(['amount', 'line'] as const)(
    'a %s refund the provider made after the shop stopped short of recording it is completed by its webhook, once',
    async (kind, { shop, customer, admin }) => {
      const order = await paidTwoLineOrder(shop, customer);
      const chain = order.lines.find((line) => line.charged === 23.8);
      // As reserving it left the record, then the provider refunded, then the process stopped.
      const [row] = await shop.database.db
        .insert(orderRefunds)
        .values({
          orderId: order._id,
          kind,
          bookingId: kind === 'line' ? chain!.bookingId : null,
          amountCents: kind === 'line' ? 23_80 : 7_50,
          taxCents: kind === 'line' ? 3_80 : 1_20,
          actorId: admin.user.id,
          actorEmail: admin.user.email,
        })
        .returning();
      const paymentIntentId = order.transaction!;
      const atProvider =
        kind === 'line'
          ? await shop.deps.payments.refundPayment({ bookingId: chain!.bookingId, paymentIntentId, amountCents: 23_80 })
          : await shop.deps.payments.refundOrderPart({
              orderId: order._id,
              orderRefundId: row!.id,
              paymentIntentId,
              amountCents: 7_50,
            });
      const refund = JSON.parse(JSON.stringify(await stripeFor(shop).refunds.retrieve(atProvider.id))) as unknown;

      const first = await deliverWebhook(shop, eventFor('refund.created', refund));
      const again = await deliverWebhook(shop, eventFor('refund.updated', refund));

      expect(first.json()).toEqual({ received: true, outcome: 'refunded' });
      expect(again.statusCode).toBe(200);
      const afterSales = await shop.caller(customer.user).orders.afterSales({ id: order._id });
      expect(afterSales.refunds).toEqual([
        expect.objectContaining({ kind, done: true, amount: kind === 'line' ? 23.8 : 7.5, tax: kind === 'line' ? 3.8 : 1.2 }),
      ]);
      expect(afterSales.refunds[0]?.creditNote?.number).toMatch(/^CN-/);
      const creditNotes = await shop.database.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, order._id), eq(invoices.kind, 'credit_note')));
      expect(creditNotes).toHaveLength(1);
      expect(await orderEmails(shop, order._id, 'refunded')).toHaveLength(1);
      expect(await outsideRefundAudits(shop, atProvider.id)).toEqual([]);
    },
  );

  test('credit notes are downloadable by the order’s owner and admins only', async ({ shop, customer, otherCustomer, admin }) => {
    const order = await paidTwoLineOrder(shop, customer);
    const { refunds } = await shop.caller(admin.user).orders.refundAmount({ id: order._id, amount: 1 });
    const documentId = refunds[0]!.creditNote!._id;
    await expect(shop.caller(admin.user).orders.document({ id: order._id, documentId })).resolves.toMatchObject({
      number: refunds[0]!.creditNote!.number,
    });
    await expect(shop.caller(otherCustomer.user).orders.document({ id: order._id, documentId })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('orders.all', () => {
  test('lists every customer’s orders for an admin, newest first, by state', async ({ shop, customer, otherCustomer, admin }) => {
    const paid = await paidTwoLineOrder(shop, customer);
    const unpaid = await placeTwoLineOrder(shop, otherCustomer);

    const all = await shop.caller(admin.user).orders.all({ limit: 2 });
    expect(all.items.map((order) => order._id)).toEqual([unpaid._id, paid._id]);
    expect(all.items[0]).toMatchObject({ number: unpaid.number, lines: 2, total: 49.7, status: 'unpaid' });
    const onlyUnpaid = await shop.caller(admin.user).orders.all({ status: 'unpaid', limit: 100 });
    expect(onlyUnpaid.items.every((order) => order.status === 'unpaid')).toBe(true);
    expect(onlyUnpaid.items.map((order) => order._id)).toContain(unpaid._id);
    expect(onlyUnpaid.items.map((order) => order._id)).not.toContain(paid._id);
  });
});
