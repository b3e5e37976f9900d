// Signed provider events through POST /webhooks/stripe that must change nothing, or only the one
// booking they are about: refund events by their type and their refund's own booking id, and a
// succeeded payment that does not match its booking.
import { eq } from 'drizzle-orm';
import { describe, expect, test } from '../../testing/fixtures';
import { bookings } from '../../db/schema';
import {
  bookLegacyPart,
  bookingRow,
  deliverWebhook,
  eventFor,
  openIntent,
  paidLegacyBooking,
  payInBrowser,
  providerIntent,
  stripeFor,
} from '../../testing/payments';
import { refundEmails, refundAudits } from '../../testing/refunds';
import type { TestShop } from '../../testing/test-shop';

/** The provider's whole refund of the booking's payment, as plain JSON (what an event carries). */
async function providerRefund(
  shop: TestShop,
  bookingId: string,
  paymentIntentId: string,
  amountCents: number,
): Promise<Record<string, unknown>> {
  const refund = await shop.deps.payments.refundPayment({ bookingId, paymentIntentId, amountCents });
  return JSON.parse(JSON.stringify(await stripeFor(shop).refunds.retrieve(refund.id))) as Record<string, unknown>;
}

async function outcomeOf(shop: TestShop, event: ReturnType<typeof eventFor>) {
  const response = await deliverWebhook(shop, event);
  expect(response.statusCode).toBe(200);
  return response.json<{ outcome: string }>().outcome;
}

describe('refund events', () => {
  test('ignore a refund event whose object is not a refund the shop can read', async ({ shop, customer }) => {
    const { booking } = await paidLegacyBooking(shop, customer);
    const unreadable = { object: 'refund', id: 're_unreadable', metadata: { bookingId: booking._id } };

    expect(await outcomeOf(shop, eventFor('refund.updated', unreadable))).toBe('ignored');
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', refundId: null });
  });

  test('are only refund.created and refund.updated: charge.refund.updated, carrying the same refund, changes nothing', async ({
    shop,
    customer,
  }) => {
    const { booking, intent } = await paidLegacyBooking(shop, customer);
    const refund = await providerRefund(shop, booking._id, intent.id, Math.round(booking.price * 100));

    expect(await outcomeOf(shop, eventFor('charge.refund.updated', refund))).toBe('ignored');
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', refundId: null });
    expect(await refundEmails(shop, booking._id)).toBe(0);
  });

  test('take a refund whose booking id is not one of the shop’s ids for one made outside the shop, marking nothing', async ({
    shop,
    customer,
  }) => {
    const { booking, intent } = await paidLegacyBooking(shop, customer);
    const refund = await providerRefund(shop, booking._id, intent.id, Math.round(booking.price * 100));

    expect(await outcomeOf(shop, eventFor('refund.created', { ...refund, metadata: { bookingId: 'order-17' } }))).toBe(
      'refund_outside_shop',
    );
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', refundId: null });
  });

  test('record the refund of a payment that came after its booking was cancelled, once, audited as the shop', async ({
    shop,
    customer,
  }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    const intent = await openIntent(shop, customer, booking._id);
    await payInBrowser(shop, intent);
    // The cancel raced the card; the provider's refund of the payment is told by its webhook first.
    await shop.database.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: 'customer' })
      .where(eq(bookings.id, booking._id));
    const refund = await providerRefund(shop, booking._id, intent.id, Math.round(booking.price * 100));
    const event = eventFor('refund.created', refund);

    expect(await outcomeOf(shop, event)).toBe('refunded');
    expect(await outcomeOf(shop, event)).toBe('duplicate');
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'cancelled', transactionId: null, refundId: refund.id });
    expect(await refundAudits(shop, booking._id)).toEqual([expect.objectContaining({ actorId: null, actorEmail: 'system' })]);
    expect(await refundEmails(shop, booking._id)).toBe(1);
  });
});

describe('payment_intent.succeeded', () => {
  test('is taken for the record only when its amount disagrees with the booking, which stays unpaid', async ({ shop, customer }) => {
    const { booking } = await bookLegacyPart(shop, customer);
    const intent = await openIntent(shop, customer, booking._id);
    await payInBrowser(shop, intent);
    const succeeded = await providerIntent(shop, intent.id);

    expect(await outcomeOf(shop, eventFor('payment_intent.succeeded', { ...succeeded, amount: succeeded.amount - 1 }))).toBe(
      'handled',
    );
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'unpaid', transactionId: null, paidAt: null });
  });
});
