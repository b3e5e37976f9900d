// The basket: several unpaid bookings of one customer paid with ONE PaymentIntent for their sum.
// A checkout names the bookings (checkout_bookings) and the intent; the intent's metadata names
// the checkout. It is settled once, from whichever comes first of the browser's confirmation and
// the signed webhook: every booking marked paid with the intent's id as its transaction id, in one
// transaction, or none. A booking's own payment_intent_id stays for paying it alone
// (payments.ts); docs/decisions/0023-basket-checkout.md says why.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { idSchema } from '../../../shared/common';
import { CURRENCY, MAX_BASKET_ORDERS, MAX_ORDER_TOTAL_CENTS } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { bookings, checkoutBookings, checkouts, paymentEvents } from '../../db/schema';
import type { Metrics } from '../../metrics/metrics';
import type { PaymentEvent, PaymentIntentView, PaymentsGateway } from '../../payments/payments-gateway';
import { bookingColumns, type BookingRow } from '../orders/order-views';
import { queueOrderEmail } from '../email/outbox';
import { closeIntentAtProvider } from './intent-closing';
import { refundAfterEvent, settleSucceededIntent, type PaymentEventOutcome } from './payments';
import { refundUnkeptPayment } from './refunds';

const checkoutColumns = {
  id: checkouts.id,
  userId: checkouts.userId,
  paymentIntentId: checkouts.paymentIntentId,
  totalCents: checkouts.totalCents,
  status: checkouts.status,
  paidAt: checkouts.paidAt,
  createdAt: checkouts.createdAt,
};

export type CheckoutRow = Pick<typeof checkouts.$inferSelect, keyof typeof checkoutColumns>;

/** The bookings of a checkout, as a subquery. */
const membersOf = (db: Database, checkoutId: string) =>
  db.select({ id: checkoutBookings.bookingId }).from(checkoutBookings).where(eq(checkoutBookings.checkoutId, checkoutId));

/** The open checkouts holding a booking, as a subquery. */
const checkoutsHolding = (db: Database, bookingId: string) =>
  db.select({ id: checkoutBookings.checkoutId }).from(checkoutBookings).where(eq(checkoutBookings.bookingId, bookingId));

/**
 * The customer's unpaid bookings, oldest first: at most MAX_BASKET_ORDERS (one read, bounded), and
 * whether more wait behind them. The hold limits keep a customer far below that by default.
 */
export async function basketOf(db: Database, userId: string): Promise<{ items: BookingRow[]; more: boolean }> {
  const rows = await db
    .select(bookingColumns)
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.status, 'unpaid')))
    .orderBy(asc(bookings.seq))
    .limit(MAX_BASKET_ORDERS + 1);
  return { items: rows.slice(0, MAX_BASKET_ORDERS), more: rows.length > MAX_BASKET_ORDERS };
}

/** The checkout and its bookings, for its owner only. */
export async function loadOwnCheckout(
  db: Database,
  user: SessionUser,
  id: string,
): Promise<{ checkout: CheckoutRow; items: BookingRow[] }> {
  const [checkout] = await db.select(checkoutColumns).from(checkouts).where(eq(checkouts.id, id));
  if (!checkout) throw new TRPCError({ code: 'NOT_FOUND', message: messages.checkoutNotFound });
  if (checkout.userId !== user.id) throw new TRPCError({ code: 'FORBIDDEN', message: messages.checkoutNotYours });
  const items = await db
    .select(bookingColumns)
    .from(bookings)
    .where(inArray(bookings.id, membersOf(db, id)))
    .orderBy(asc(bookings.seq));
  return { checkout, items };
}

/**
 * Opens a checkout for the caller's chosen bookings, for the server's sum of their totals, with its
 * PaymentIntent. Every other way those bookings could be paid (their own intents, older checkouts)
 * is closed at the provider first, so the customer cannot pay one twice; one that already took the
 * money settles instead and the basket is refused. Costs one provider call, plus a look and a
 * cancel for each open intent closed.
 */
export async function openCheckout(
  db: Database,
  payments: PaymentsGateway,
  user: SessionUser,
  bookingIds: readonly string[],
): Promise<CheckoutRow> {
  const chosen = await db
    .select(bookingColumns)
    .from(bookings)
    .where(inArray(bookings.id, [...bookingIds]));
  if (chosen.length !== bookingIds.length) throw new TRPCError({ code: 'NOT_FOUND', message: messages.orderNotFound });
  if (chosen.some((booking) => booking.userId !== user.id)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: messages.notYourOrder });
  }
  if (chosen.some((booking) => booking.status !== 'unpaid')) {
    throw new TRPCError({ code: 'CONFLICT', message: messages.basketOrderNotUnpaid });
  }
  const totalCents = chosen.reduce((sum, booking) => sum + booking.totalCents, 0);
  if (totalCents > MAX_ORDER_TOTAL_CENTS) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.basketTooLarge });

  await closeOtherPayments(db, payments, chosen);

  const checkout = await db.transaction(async (tx) => {
    const [row] = await tx.insert(checkouts).values({ userId: user.id, totalCents }).returning(checkoutColumns);
    // Stryker disable next-line ConditionalExpression,StringLiteral: INSERT … RETURNING answers its row; this only narrows the type
    if (!row) throw new Error('the checkout was not stored');
    // In booking id order: each row's foreign key locks its booking, and the bookings are locked in
    // that order below, so two baskets of the same bookings opened at once wait for each other
    // instead of deadlocking.
    const members = chosen.map((booking) => ({ checkoutId: row.id, bookingId: booking.id }));
    await tx.insert(checkoutBookings).values(members.sort((a, b) => (a.bookingId < b.bookingId ? -1 : 1)));
    return row;
  });
  let intent: PaymentIntentView;
  try {
    intent = await payments.createCheckoutIntent({
      checkoutId: checkout.id,
      amountCents: totalCents,
      currency: CURRENCY,
      email: user.email,
    });
  } catch (error) {
    await db.update(checkouts).set({ status: 'closed' }).where(eq(checkouts.id, checkout.id));
    throw error;
  }
  // The bookings are locked while the intent is recorded: a cancel that got there first is seen
  // here, and one that comes after finds the intent to close (cancellation.ts).
  const recorded = await db.transaction(async (tx) => {
    const locked = await tx
      .select({ status: bookings.status })
      .from(bookings)
      .where(inArray(bookings.id, [...bookingIds]))
      .orderBy(asc(bookings.id))
      .for('update');
    const refuse = async (message: string) => {
      await tx.update(checkouts).set({ status: 'closed' }).where(eq(checkouts.id, checkout.id));
      return { refused: message };
    };
    if (locked.some((booking) => booking.status !== 'unpaid')) return refuse(messages.basketOrderNotUnpaid);
    // Another basket of these bookings opened while this one was made (two windows at once): the
    // first to get here gives way, closing itself before it lets go of the bookings, so at most
    // one basket of a booking ever has an open intent.
    // Stryker disable ObjectLiteral: any row found is a rival, whatever columns it is read with
    const [rival] = await tx
      .select({ id: checkouts.id })
      .from(checkouts)
      .innerJoin(checkoutBookings, eq(checkoutBookings.checkoutId, checkouts.id))
      .where(and(eq(checkouts.status, 'open'), ne(checkouts.id, checkout.id), inArray(checkoutBookings.bookingId, [...bookingIds])))
      .limit(1);
    // Stryker restore ObjectLiteral
    if (rival) return refuse(messages.basketOpenedElsewhere);
    const [stored] = await tx
      .update(checkouts)
      .set({ paymentIntentId: intent.id })
      .where(and(eq(checkouts.id, checkout.id), eq(checkouts.status, 'open')))
      .returning(checkoutColumns);
    return stored ? { stored } : { refused: messages.basketOrderNotUnpaid };
  });
  if ('refused' in recorded) {
    // A booking was cancelled or paid meanwhile, or another basket holds it: this intent must
    // never take money.
    await payments.cancelIntent(intent.id);
    throw new TRPCError({ code: 'CONFLICT', message: recorded.refused });
  }
  return recorded.stored;
}

/** Closes the bookings' own intents and any older open checkout holding them. */
async function closeOtherPayments(db: Database, payments: PaymentsGateway, chosen: BookingRow[]): Promise<void> {
  for (const booking of chosen) {
    if (!booking.paymentIntentId) continue;
    const succeeded = await closeIntentAtProvider(payments, booking.paymentIntentId);
    if (succeeded) {
      await settleSucceededIntent(db, booking, succeeded);
      throw new TRPCError({ code: 'CONFLICT', message: messages.basketOrderNotUnpaid });
    }
  }
  const ids = chosen.map((booking) => booking.id);
  const older = await db
    .selectDistinct(checkoutColumns)
    .from(checkouts)
    .innerJoin(checkoutBookings, eq(checkoutBookings.checkoutId, checkouts.id))
    .where(and(eq(checkouts.status, 'open'), inArray(checkoutBookings.bookingId, ids)));
  for (const checkout of older) {
    if (await closeCheckout(db, payments, checkout)) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.basketOrderNotUnpaid });
    }
  }
}

/**
 * Closes an open checkout: its intent cancelled at the provider, then the row. An intent that
 * already succeeded settles the checkout instead; returns true then.
 */
async function closeCheckout(db: Database, payments: PaymentsGateway, checkout: CheckoutRow): Promise<boolean> {
  const succeeded = checkout.paymentIntentId ? await closeIntentAtProvider(payments, checkout.paymentIntentId) : null;
  if (succeeded) {
    await settleCheckout(db, checkout.id, succeeded);
    return true;
  }
  await db
    .update(checkouts)
    .set({ status: 'closed' })
    .where(and(eq(checkouts.id, checkout.id), eq(checkouts.status, 'open')));
  return false;
}

/**
 * Before a booking is cancelled or paid on its own: closes every open checkout holding it, at the
 * provider first. Refuses with CONFLICT (orderAlreadyPaid) when one of them already took the money,
 * after settling it.
 */
export async function closeCheckoutsOf(db: Database, payments: PaymentsGateway, bookingId: string): Promise<void> {
  const open = await db
    .select(checkoutColumns)
    .from(checkouts)
    .where(and(eq(checkouts.status, 'open'), inArray(checkouts.id, checkoutsHolding(db, bookingId))));
  for (const checkout of open) {
    if (await closeCheckout(db, payments, checkout)) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.orderAlreadyPaid });
    }
  }
}

/**
 * After a booking was cancelled: closes the checkouts holding it that got their intent while the
 * cancel ran (openCheckout records it under a lock on the bookings, so it is visible now).
 */
export async function closeCheckoutsOpenedMeanwhile(db: Database, payments: PaymentsGateway, bookingId: string): Promise<void> {
  const closed = await db
    .update(checkouts)
    .set({ status: 'closed' })
    .where(and(eq(checkouts.status, 'open'), inArray(checkouts.id, checkoutsHolding(db, bookingId))))
    .returning({ paymentIntentId: checkouts.paymentIntentId });
  for (const { paymentIntentId } of closed) {
    if (paymentIntentId) await payments.cancelIntent(paymentIntentId);
  }
}

/** Why an intent cannot pay this checkout, or null when it can. */
function intentMismatch(checkout: CheckoutRow, intent: PaymentIntentView): string | null {
  if (intent.status !== 'succeeded') return messages.paymentNotSucceeded;
  const matches =
    intent.id === checkout.paymentIntentId &&
    // Stryker disable next-line ConditionalExpression: the intent's id already names this checkout's one intent; its metadata agreeing is defence in depth
    intent.checkoutId === checkout.id &&
    intent.amountCents === checkout.totalCents &&
    intent.currency === CURRENCY;
  return matches ? null : messages.paymentMismatch;
}

/**
 * Settles a checkout paid by `intent`, once: in one transaction the bookings are locked (in id
 * order, as openCheckout locks them), each must still be unpaid, and all are marked paid with the
 * intent's id as their transaction id, each with its payment-received email queued. A repeat is a
 * no-op; an intent that does not match is refused and changes nothing; a checkout whose booking
 * was cancelled or paid otherwise is refused with CONFLICT (the webhook refunds the money).
 */
async function settleCheckout(db: Database, checkoutId: string, intent: PaymentIntentView): Promise<void> {
  await db.transaction(async (tx) => {
    const members = await tx
      .select(bookingColumns)
      .from(bookings)
      .where(inArray(bookings.id, membersOf(tx, checkoutId)))
      .orderBy(asc(bookings.id))
      .for('update');
    const [checkout] = await tx.select(checkoutColumns).from(checkouts).where(eq(checkouts.id, checkoutId)).for('update');
    // Stryker disable next-line ConditionalExpression,ObjectLiteral,StringLiteral: checkouts are never deleted; this only narrows the type
    if (!checkout) throw new TRPCError({ code: 'NOT_FOUND', message: messages.checkoutNotFound });
    const mismatch = intentMismatch(checkout, intent);
    if (mismatch) {
      throw new TRPCError({ code: mismatch === messages.paymentNotSucceeded ? 'CONFLICT' : 'BAD_REQUEST', message: mismatch });
    }
    if (checkout.status === 'paid') return;
    if (members.some((booking) => booking.status !== 'unpaid')) {
      throw new TRPCError({ code: 'CONFLICT', message: messages.checkoutClosed });
    }
    const paidAt = new Date();
    const paid = await tx
      .update(bookings)
      .set({ status: 'paid', transactionId: intent.id, paidAt, paymentError: null })
      .where(
        and(
          inArray(
            bookings.id,
            members.map((booking) => booking.id),
          ),
          eq(bookings.status, 'unpaid'),
        ),
      )
      .returning(bookingColumns);
    for (const booking of paid) await queueOrderEmail(tx, 'payment_received', booking);
    await tx.update(checkouts).set({ status: 'paid', paidAt }).where(eq(checkouts.id, checkoutId));
  });
}

/**
 * The intent the checkout page confirms the card against. Refuses a paid checkout, and a closed
 * one or one whose booking is no longer unpaid (closing it at the provider first, so nothing can
 * be charged). An intent found already succeeded settles the checkout.
 */
export async function intentForCheckout(
  db: Database,
  payments: PaymentsGateway,
  user: SessionUser,
  checkoutId: string,
): Promise<{ checkout: CheckoutRow; intent: PaymentIntentView }> {
  const { checkout, items } = await loadOwnCheckout(db, user, checkoutId);
  if (checkout.status === 'paid') throw new TRPCError({ code: 'CONFLICT', message: messages.checkoutPaid });
  const closed = new TRPCError({ code: 'CONFLICT', message: messages.checkoutClosed });
  if (checkout.status === 'closed' || !checkout.paymentIntentId) throw closed;
  if (items.some((booking) => booking.status !== 'unpaid')) {
    if (await closeCheckout(db, payments, checkout)) throw new TRPCError({ code: 'CONFLICT', message: messages.checkoutPaid });
    throw closed;
  }
  const intent = await payments.retrieveIntent(checkout.paymentIntentId);
  if (intent?.status === 'succeeded') {
    await settleCheckout(db, checkout.id, intent);
    throw new TRPCError({ code: 'CONFLICT', message: messages.checkoutPaid });
  }
  if (!intent || intent.status === 'canceled') {
    await db.update(checkouts).set({ status: 'closed' }).where(eq(checkouts.id, checkout.id));
    throw closed;
  }
  return { checkout, intent };
}

/**
 * The browser's word that it paid its checkout: believed only after the provider confirms it. The
 * checkout as it is then, with its orders.
 */
export async function confirmCheckout(
  db: Database,
  payments: PaymentsGateway,
  user: SessionUser,
  request: { id: string; transactionId: string },
): Promise<{ checkout: CheckoutRow; items: BookingRow[] }> {
  const { checkout } = await loadOwnCheckout(db, user, request.id);
  const alreadyPaid = checkout.status === 'paid' && checkout.paymentIntentId === request.transactionId;
  if (!alreadyPaid) {
    if (request.transactionId !== checkout.paymentIntentId)
      throw new TRPCError({ code: 'BAD_REQUEST', message: messages.paymentMismatch });
    const intent = await payments.retrieveIntent(request.transactionId);
    if (!intent) throw new TRPCError({ code: 'BAD_REQUEST', message: messages.paymentMismatch });
    await settleCheckout(db, checkout.id, intent);
  }
  return loadOwnCheckout(db, user, request.id);
}

/**
 * Handles a verified provider event about a checkout's intent once: the event id is recorded in
 * the same transaction as its effect. A failed payment changes nothing (the page shows the card's
 * message); money taken for a basket that can no longer be paid is refunded whole after that
 * transaction, as a cancelled booking's late payment is (payment-service.ts, refundAfterEvent).
 */
export async function handleCheckoutEvent(
  db: Database,
  payments: PaymentsGateway,
  metrics: Pick<Metrics, 'refunded'>,
  event: PaymentEvent,
): Promise<PaymentEventOutcome> {
  const intent = event.intent;
  const checkoutId = intent?.checkoutId;
  if (!intent || !checkoutId) return 'ignored';
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') return 'ignored';
  // Metadata that is not one of our ids names no checkout (and must not reach the uuid column).
  const namesACheckout = idSchema.safeParse(checkoutId).success;
  const handled = await db.transaction(async (tx): Promise<PaymentEventOutcome | { closed: string }> => {
    const [checkout] = namesACheckout ? await tx.select(checkoutColumns).from(checkouts).where(eq(checkouts.id, checkoutId)) : [];
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type, bookingId: null })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return 'duplicate';
    if (!checkout) return 'ignored';
    // A failed payment (the page shows the card's message), or an intent that does not match the
    // checkout, changes nothing.
    if (intentMismatch(checkout, intent) !== null) return 'handled';
    try {
      await settleCheckout(tx, checkout.id, intent);
      return 'handled';
    } catch (error) {
      // Stryker disable next-line ConditionalExpression,LogicalOperator: past the mismatch check, a closed checkout is the one TRPCError settling can give, so the message test and `||` change nothing (any error at all taken for closed is killed)
      if (error instanceof TRPCError && error.message === messages.checkoutClosed) return { closed: checkout.id };
      throw error;
    }
  });
  if (typeof handled === 'string') return handled;
  return refundAfterEvent(db, event, () => refundUnkeptPayment(db, payments, metrics, intent, { checkoutId: handled.closed }));
}
