// Helpers for the storefront's payment suites: book a part, open its PaymentIntent, pay it as the
// browser does (a form post to the payments emulator), look at what the provider and the database
// hold, deliver webhook events signed exactly as Stripe signs them, and take the provider away.
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { freePort } from '../../emulators/free-port';
import type Stripe from 'stripe';
import { cardFields, confirmFromBrowser, futureExpiry, stripeClient } from '../../emulators/payments/testing/emulator';
import type { StripeEvent } from '../../emulators/payments/webhooks';
import { CURRENCY } from '../../shared/constants';
import { buildApp } from '../app';
import { createCaller } from '../routers';
import { bookings, checkoutBookings, checkouts, orders, paymentEvents, tools } from '../db/schema';
import type { PaymentsGateway } from '../payments/payments-gateway';
import { createStripeGateway } from '../payments/stripe-gateway';
import { createBooking } from '../domains/orders/booking';
import { toBookingView, type BookingView } from '../domains/orders/order-views';
import { TEST_FIREBASE_WEB_CONFIG, TEST_STRIPE_KEYS } from './test-keys';
import { UNLIMITED_HOLDS, type TestShop, type TestUser } from './test-shop';

const GOOD_CARD = '4242424242424242';

const lastYear = String(new Date().getUTCFullYear() - 1);

export interface TestCard {
  number: string;
  expMonth?: string;
  expYear?: string;
}

/** Stripe's failing test cards (and bad card details) and the message Stripe gives for each, word for word. */
export const FAILING_CARDS: Array<{ label: string; card: TestCard; code: string; message: string }> = [
  { label: 'a declined card', card: { number: '4000000000000002' }, code: 'card_declined', message: 'Your card was declined.' },
  {
    label: 'a card with insufficient funds',
    card: { number: '4000000000009995' },
    code: 'card_declined',
    message: 'Your card has insufficient funds.',
  },
  { label: 'an expired card', card: { number: '4000000000000069' }, code: 'expired_card', message: 'Your card has expired.' },
  {
    label: 'a number failing the Luhn check',
    card: { number: '4242424242424241' },
    code: 'incorrect_number',
    message: 'Your card number is invalid.',
  },
  {
    label: 'an expiry in the past',
    card: { number: GOOD_CARD, expYear: lastYear },
    code: 'invalid_expiry_year',
    message: "Your card's expiration year is in the past.",
  },
];

/** The official SDK pointed at the shop's payments emulator, as the server's gateway is. */
export function stripeFor(shop: TestShop): Stripe {
  return stripeClient(shop.payments.url, TEST_STRIPE_KEYS.secretKey);
}

export const form = { phone: '+1 555 0100', address: '1 Chainring Road, Portland' };

/**
 * A fresh part and an unpaid booking of it by `customer` as Book Now made them before it placed
 * one-line orders: no order, paid with its own PaymentIntent. Shops upgraded with such bookings
 * unpaid, paid or shipped keep paying, expiring, cancelling and refunding them on the booking's own
 * paths, which these suites prove; Book Now's orders are proven in bookings.book-now-orders.test.ts.
 */
export async function bookLegacyPart(
  shop: TestShop,
  customer: TestUser,
  options: { priceCents?: number; quantity?: number; available?: number } = {},
): Promise<{ booking: BookingView; toolId: string }> {
  const { priceCents = 12_34, quantity = 3, available = 10 } = options;
  const tool = await shop.createTool({ priceCents, minimumOrderQuantity: 1, available });
  return { booking: await bookLegacy(shop, customer, { toolsId: tool.id, amount: quantity }), toolId: tool.id };
}

/** A booking of the part as Book Now made them before it placed orders (bookLegacyPart). */
export async function bookLegacy(
  shop: TestShop,
  customer: TestUser,
  input: { toolsId: string; amount: number },
): Promise<BookingView> {
  const booking = await createBooking(shop.database.db, customer.user, { ...input, ...form }, UNLIMITED_HOLDS);
  await shop.database.db.$cache.invalidate({ tables: [tools] });
  return toBookingView(booking);
}

/** The intent as the browser gets it from payments.createIntent. */
export interface OpenedIntent {
  id: string;
  clientSecret: string;
}

export async function openIntent(shop: TestShop, customer: TestUser, bookingId: string): Promise<OpenedIntent> {
  const { paymentIntentId, clientSecret } = await shop.caller(customer.user).payments.createIntent({ bookingId });
  return { id: paymentIntentId, clientSecret };
}

/**
 * Confirms the intent with a card exactly as the browser does in embedded mode: a form-encoded
 * POST to the emulator with the publishable key and the client secret.
 */
export function confirmInBrowser(
  shop: { payments: { url: string } },
  intent: OpenedIntent,
  card: TestCard = { number: GOOD_CARD },
): Promise<Response> {
  const { exp_month, exp_year } = futureExpiry();
  const expiry = { exp_month: card.expMonth ?? exp_month, exp_year: card.expYear ?? exp_year };
  const fields = cardFields(intent.clientSecret, card.number, expiry);
  return confirmFromBrowser(shop.payments.url, intent.id, fields, TEST_STRIPE_KEYS.publishableKey);
}

/** Confirms with the good card and checks the provider took it. */
export async function payInBrowser(shop: { payments: { url: string } }, intent: OpenedIntent): Promise<void> {
  const response = await confirmInBrowser(shop, intent);
  const body = (await response.json()) as { status?: string };
  if (response.status !== 200 || body.status !== 'succeeded') {
    throw new Error(`the emulator did not take the good card: ${response.status} ${JSON.stringify(body)}`);
  }
}

/** Books a legacy booking (bookLegacyPart), opens its intent, pays at the provider and tells the server, as a customer did. */
export async function paidLegacyBooking(
  shop: TestShop,
  customer: TestUser,
): Promise<{ booking: BookingView; toolId: string; intent: OpenedIntent }> {
  const { booking, toolId } = await bookLegacyPart(shop, customer);
  const intent = await openIntent(shop, customer, booking._id);
  await payInBrowser(shop, intent);
  const paid = await shop.caller(customer.user).bookings.markPaid({ id: booking._id, transactionId: intent.id });
  return { booking: paid, toolId, intent };
}

/**
 * A basket of the bookings as one was opened before the checkout replaced baskets: its checkout
 * row and members, and the checkout's PaymentIntent recorded on it (domains/checkout/legacy-baskets.ts).
 */
export async function openLegacyBasket(
  shop: TestShop,
  customer: TestUser,
  bookingIds: string[],
): Promise<{ checkoutId: string; intent: OpenedIntent }> {
  const rows = await shop.database.db
    .select({ totalCents: bookings.totalCents })
    .from(bookings)
    .where(inArray(bookings.id, bookingIds));
  const totalCents = rows.reduce((sum, row) => sum + row.totalCents, 0);
  const [checkout] = await shop.database.db
    .insert(checkouts)
    .values({ userId: customer.user.id, totalCents })
    .returning({ id: checkouts.id });
  if (!checkout) throw new Error('the basket was not stored');
  await shop.database.db.insert(checkoutBookings).values(bookingIds.map((bookingId) => ({ checkoutId: checkout.id, bookingId })));
  const intent = await shop.deps.payments.createCheckoutIntent({
    checkoutId: checkout.id,
    amountCents: totalCents,
    currency: CURRENCY,
    email: customer.user.email,
  });
  await shop.database.db.update(checkouts).set({ paymentIntentId: intent.id }).where(eq(checkouts.id, checkout.id));
  return { checkoutId: checkout.id, intent: { id: intent.id, clientSecret: intent.clientSecret } };
}

/**
 * Unpaid orders of `customer`, one per price, paid together as one basket opened before the
 * upgrade: one PaymentIntent for their sum, confirmed at the provider and settled by its webhook.
 */
export async function paidBasket(
  shop: TestShop,
  customer: TestUser,
  orders: Array<{ priceCents: number; quantity: number }>,
): Promise<{ bookings: Array<{ booking: BookingView; toolId: string }>; intent: OpenedIntent }> {
  const booked = [];
  for (const order of orders) booked.push(await bookLegacyPart(shop, customer, order));
  const { intent } = await openLegacyBasket(
    shop,
    customer,
    booked.map(({ booking }) => booking._id),
  );
  await payInBrowser(shop, intent);
  const delivered = await deliverWebhook(shop, eventFor('payment_intent.succeeded', await providerIntent(shop, intent.id)));
  if (delivered.statusCode !== 200) throw new Error(`the basket's webhook was refused: ${delivered.body}`);
  return { bookings: booked, intent };
}

/**
 * Moves the booking's creation `hours` into the past, as if its hold had been running that long,
 * and its order's deadline with it.
 */
export async function ageBooking(shop: TestShop, id: string, hours: number): Promise<void> {
  const [aged] = await shop.database.db
    .update(bookings)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(bookings.id, id))
    .returning({ orderId: bookings.orderId });
  if (aged?.orderId) {
    await shop.database.db
      .update(orders)
      .set({ heldUntil: sql`${orders.heldUntil} - make_interval(hours => ${hours})` })
      .where(eq(orders.id, aged.orderId));
  }
}

export async function bookingRow(shop: TestShop, id: string) {
  const [row] = await shop.database.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error(`no booking ${id}`);
  return row;
}

export async function recordedEvent(shop: TestShop, id: string) {
  const [row] = await shop.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, id));
  return row ?? null;
}

/** The PaymentIntent as the provider holds it, as plain JSON (what an event carries). */
export async function providerIntent(shop: TestShop, id: string): Promise<Stripe.PaymentIntent> {
  return JSON.parse(JSON.stringify(await stripeFor(shop).paymentIntents.retrieve(id))) as Stripe.PaymentIntent;
}

/** A Stripe event envelope around `object`, with a fresh event id unless one is given. */
export function eventFor(type: string, object: unknown, id = `evt_${randomBytes(12).toString('hex')}`): StripeEvent {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export interface Delivery {
  /** Signs with this secret instead of the shop's; `null` sends no Stripe-Signature header. */
  secret?: string | null;
  /** Unix seconds of the signature; now when absent. */
  timestamp?: number;
  /** The bytes sent, when they should differ from what was signed. */
  sentPayload?: string;
}

/** POSTs the event to /webhooks/stripe with a signature made by the `stripe` SDK. */
export async function deliverWebhook(shop: TestShop, event: StripeEvent, delivery: Delivery = {}) {
  const payload = JSON.stringify(event, null, 2);
  const secret = delivery.secret === undefined ? TEST_STRIPE_KEYS.webhookSecret : delivery.secret;
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (secret !== null) {
    headers['stripe-signature'] = stripeFor(shop).webhooks.generateTestHeaderString({
      payload,
      secret,
      ...(delivery.timestamp === undefined ? {} : { timestamp: delivery.timestamp }),
    });
  }
  return shop.app.inject({ method: 'POST', url: '/webhooks/stripe', headers, payload: delivery.sentPayload ?? payload });
}

/** The server's gateway pointed at a port nobody listens on: the provider cannot be reached. */
export async function unreachablePayments(): Promise<PaymentsGateway> {
  return createStripeGateway({ ...TEST_STRIPE_KEYS, apiBase: `http://127.0.0.1:${await freePort()}` });
}

/** The shop's app built again over the same database with another gateway; the caller closes it. */
export function appWithPayments(shop: TestShop, payments: PaymentsGateway): Promise<FastifyInstance> {
  return buildApp(
    { ...shop.deps, payments },
    {
      ping: shop.database.ping,
      runtimeConfig: {
        firebase: TEST_FIREBASE_WEB_CONFIG,
        payments: { mode: 'emulator', publishableKey: TEST_STRIPE_KEYS.publishableKey, apiBase: shop.payments.url },
      },
    },
  );
}

/** The shop's gateway with every call it makes to the provider named in `calls`, in order. */
export function recordingPayments(shop: TestShop): { payments: PaymentsGateway; calls: string[] } {
  const real = shop.deps.payments;
  const calls: string[] = [];
  const record =
    <Args extends unknown[], Result>(name: string, call: (...args: Args) => Result) =>
    (...args: Args): Result => {
      calls.push(name);
      return call(...args);
    };
  const payments: PaymentsGateway = {
    createIntent: record('createIntent', real.createIntent),
    createCheckoutIntent: record('createCheckoutIntent', real.createCheckoutIntent),
    createOrderIntent: record('createOrderIntent', real.createOrderIntent),
    retrieveIntent: record('retrieveIntent', real.retrieveIntent),
    cancelIntent: record('cancelIntent', real.cancelIntent),
    refundPayment: record('refundPayment', real.refundPayment),
    refundWholeIntent: record('refundWholeIntent', real.refundWholeIntent),
    refundOrderPart: record('refundOrderPart', real.refundOrderPart),
    parseWebhook: real.parseWebhook,
  };
  return { payments, calls };
}

/** A tRPC caller for `customer` whose provider calls are named in `calls`, in order. */
export function recordingCaller(shop: TestShop, { user }: TestUser) {
  const { payments, calls } = recordingPayments(shop);
  return { caller: createCaller({ deps: { ...shop.deps, payments }, user, session: 'valid' }), calls };
}
