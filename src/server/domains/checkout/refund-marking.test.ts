// Marking a booking refunded, whether by the admin's refund, the shop's own refund of a payment
// that came after a cancel, or a refund webhook: only a refund the provider says succeeded, of this
// booking's own payment, marks it, and only once. Anything else changes nothing, and a booking
// with nothing to refund costs no call to the provider.
import { eq } from 'drizzle-orm';
import { describe, expect, test } from '../../testing/fixtures';
import { bookings } from '../../db/schema';
import type { PaymentsGateway, RefundView } from '../../payments/payments-gateway';
import { stockOf } from '../../testing/booking-load';
import { bookLegacyPart, openIntent, paidLegacyBooking, payInBrowser, recordingPayments } from '../../testing/payments';
import { refundEmails, refundAudits, refundsCounted } from '../../testing/refunds';
import type { TestShop, TestUser } from '../../testing/test-shop';
import { bookingColumns, type BookingRow } from '../orders/order-views';
import { markLatePaymentRefunded, markRefunded, refundBooking, refundLatePayment } from './refunds';

async function rowOf(shop: TestShop, id: string): Promise<BookingRow> {
  const [row] = await shop.database.db.select(bookingColumns).from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error(`no booking ${id}`);
  return row;
}

/** A paid booking, as the admin refunds it. */
async function paidRow(shop: TestShop, customer: TestUser): Promise<{ row: BookingRow; toolId: string }> {
  const { booking, toolId } = await paidLegacyBooking(shop, customer);
  return { row: await rowOf(shop, booking._id), toolId };
}

/** A booking whose card payment succeeded after the customer's cancel had gone through. */
async function paidAfterCancel(shop: TestShop, customer: TestUser): Promise<{ row: BookingRow; toolId: string; intentId: string }> {
  const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 2, available: 10 });
  const intent = await openIntent(shop, customer, booking._id);
  await payInBrowser(shop, intent);
  await shop.database.db
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: 'customer' })
    .where(eq(bookings.id, booking._id));
  return { row: await rowOf(shop, booking._id), toolId, intentId: intent.id };
}

/** The whole refund of the booking's payment `paymentIntentId` as the provider reports it succeeded. */
function succeededRefund(row: BookingRow, paymentIntentId: string | null): RefundView {
  return {
    id: `re_test_${row.id}`,
    status: 'succeeded',
    amountCents: row.totalCents,
    currency: 'usd',
    paymentIntentId,
    bookingId: row.id,
    returnsUnkeptPayment: false,
    orderRefundId: null,
  };
}

const refundsThatMarkNothing: Array<[string, Partial<RefundView>]> = [
  ['that the provider has not finished', { status: 'pending' }],
  [
    'that names another booking, though it is of this payment and for its total',
    { bookingId: '00000000-0000-4000-8000-000000000000' },
  ],
  ['of no payment', { paymentIntentId: null }],
];

describe('refundBooking', () => {
  test('lets a gateway failure that is not a refusal through as it is, and leaves the order paid', async ({
    shop,
    customer,
    admin,
  }) => {
    const { row } = await paidRow(shop, customer);
    const bug = new Error('the gateway could not read the provider’s answer');
    const payments: PaymentsGateway = { ...shop.deps.payments, refundPayment: () => Promise.reject(bug) };

    await expect(refundBooking(shop.database.db, payments, shop.deps.metrics, row, admin.user)).rejects.toBe(bug);

    expect(await rowOf(shop, row.id)).toEqual(row);
    expect(await refundEmails(shop, row.id)).toBe(0);
  });

  test('leaves the order paid, with the admin’s refund audited, while the provider has not finished the refund', async ({
    shop,
    customer,
    admin,
  }) => {
    const { row, toolId } = await paidRow(shop, customer);
    const stockBefore = await stockOf(shop.database.db, toolId);
    const real = shop.deps.payments;
    const payments: PaymentsGateway = {
      ...real,
      refundPayment: async (request) => ({ ...(await real.refundPayment(request)), status: 'pending' }),
    };

    const answer = await refundBooking(shop.database.db, payments, shop.deps.metrics, row, admin.user);

    expect(answer).toEqual(row);
    expect(await rowOf(shop, row.id)).toEqual(row);
    expect(await stockOf(shop.database.db, toolId)).toBe(stockBefore);
    expect(await refundEmails(shop, row.id)).toBe(0);
    expect(await refundAudits(shop, row.id)).toEqual([expect.objectContaining({ actorId: admin.user.id })]);
  });
});

describe('markRefunded', () => {
  test.for(refundsThatMarkNothing)('marks nothing for a refund %s', async ([, change], { shop, customer }) => {
    const { row, toolId } = await paidRow(shop, customer);
    const stockBefore = await stockOf(shop.database.db, toolId);

    const marking = await markRefunded(shop.database.db, shop.deps.metrics, row, {
      ...succeededRefund(row, row.transactionId),
      ...change,
    });

    expect(marking).toEqual({ booking: null, marked: false });
    expect(await rowOf(shop, row.id)).toEqual(row);
    expect(await stockOf(shop.database.db, toolId)).toBe(stockBefore);
    expect(await refundEmails(shop, row.id)).toBe(0);
  });

  test('marks nothing for a refund of part of its total, made outside the shop though naming it', async ({ shop, customer }) => {
    const { row, toolId } = await paidRow(shop, customer);
    const stockBefore = await stockOf(shop.database.db, toolId);

    const partial = { ...succeededRefund(row, row.transactionId), amountCents: row.totalCents - 1 };
    const marking = await markRefunded(shop.database.db, shop.deps.metrics, row, partial);

    expect(marking).toEqual({ booking: row, marked: false });
    expect(await rowOf(shop, row.id)).toEqual(row);
    expect(await stockOf(shop.database.db, toolId)).toBe(stockBefore);
    expect(await refundEmails(shop, row.id)).toBe(0);
  });
});

describe('markLatePaymentRefunded', () => {
  test('records nothing for a refund of part of the payment, made outside the shop though naming the booking', async ({
    shop,
    customer,
  }) => {
    const { row } = await paidAfterCancel(shop, customer);

    const partial = { ...succeededRefund(row, row.paymentIntentId), amountCents: row.totalCents - 1 };
    const marking = await markLatePaymentRefunded(shop.database.db, shop.deps.metrics, row, partial);

    expect(marking).toEqual({ booking: row, marked: false });
    expect(await rowOf(shop, row.id)).toEqual(row);
    expect(await refundAudits(shop, row.id)).toEqual([]);
    expect(await refundEmails(shop, row.id)).toBe(0);
  });

  test.for(refundsThatMarkNothing)('records nothing for a refund %s', async ([, change], { shop, customer }) => {
    const { row } = await paidAfterCancel(shop, customer);

    const marking = await markLatePaymentRefunded(shop.database.db, shop.deps.metrics, row, {
      ...succeededRefund(row, row.paymentIntentId),
      ...change,
    });

    expect(marking).toEqual({ booking: null, marked: false });
    expect(await rowOf(shop, row.id)).toEqual(row);
    expect(await refundAudits(shop, row.id)).toEqual([]);
    expect(await refundEmails(shop, row.id)).toBe(0);
  });

  test('records a late payment’s refund once: applied again, it changes nothing and writes no second audit or email', async ({
    shop,
    customer,
  }) => {
    const { row } = await paidAfterCancel(shop, customer);
    const refund = succeededRefund(row, row.paymentIntentId);
    const countedBefore = await refundsCounted(shop, 'automatic');

    const first = await markLatePaymentRefunded(shop.database.db, shop.deps.metrics, row, refund);
    const again = await markLatePaymentRefunded(shop.database.db, shop.deps.metrics, row, refund);

    const recorded = await rowOf(shop, row.id);
    expect(recorded).toMatchObject({ status: 'cancelled', refundId: refund.id, transactionId: null });
    expect(first).toEqual({ booking: recorded, marked: true });
    expect(again).toEqual({ booking: recorded, marked: false });
    expect(await refundAudits(shop, row.id)).toEqual([expect.objectContaining({ actorId: null, actorEmail: 'system' })]);
    expect(await refundEmails(shop, row.id)).toBe(1);
    expect(await refundsCounted(shop, 'automatic')).toBe(countedBefore + 1);
  });
});

describe('refundLatePayment', () => {
  test('refunds the payment at the provider and returns the cancelled booking with the refund recorded', async ({
    shop,
    customer,
  }) => {
    const { row, intentId } = await paidAfterCancel(shop, customer);

    const answer = await refundLatePayment(shop.database.db, shop.deps.payments, shop.deps.metrics, row, intentId);

    expect(answer).toEqual(await rowOf(shop, row.id));
    expect(answer).toMatchObject({ status: 'cancelled', refundId: expect.stringMatching(/^re_/) as unknown });
  });

  test('asks the provider nothing for a booking that is not cancelled, and returns it unchanged', async ({ shop, customer }) => {
    const { row } = await paidRow(shop, customer);
    const { payments, calls } = recordingPayments(shop);

    const answer = await refundLatePayment(shop.database.db, payments, shop.deps.metrics, row, row.transactionId ?? '');

    expect(answer).toEqual(row);
    expect(calls).toEqual([]);
    expect(await rowOf(shop, row.id)).toEqual(row);
  });

  test('asks the provider nothing for a late payment already refunded, and returns the booking unchanged', async ({
    shop,
    customer,
  }) => {
    const { row, intentId } = await paidAfterCancel(shop, customer);
    const refunded = await refundLatePayment(shop.database.db, shop.deps.payments, shop.deps.metrics, row, intentId);
    const { payments, calls } = recordingPayments(shop);

    const answer = await refundLatePayment(shop.database.db, payments, shop.deps.metrics, refunded, intentId);

    expect(answer).toEqual(refunded);
    expect(calls).toEqual([]);
    expect(await refundAudits(shop, row.id)).toHaveLength(1);
  });
});
