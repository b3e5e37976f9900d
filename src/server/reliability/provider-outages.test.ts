// Faults: the payments provider or the identity provider unreachable (pointed at a port where
// nothing listens). The customer gets a 503 with a sentence saying so, over REST and tRPC, and
// nothing changes: the booking, its stock and its PaymentIntent stay as they were, no account
// is created. The same storefront with the provider back works as before.
import { eq } from 'drizzle-orm';
import { freePort } from '../../emulators/free-port';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { buildApp } from '../app';
import type { AppDeps } from '../context';
import { emailOutbox, users } from '../db/schema';
import { createFirebaseIdentity } from '../identity/firebase-identity';
import { emulatorStyleIdToken } from '../testing/firebase-accounts';
import { createStripeGateway } from '../payments/stripe-gateway';
import { bookLegacyPart, bookingRow, openIntent, payInBrowser, stripeFor } from '../testing/payments';
import { createTestShop, type TestShop, type TestUser } from '../testing/test-shop';
import { stockOf } from '../testing/booking-load';
import { TEST_FIREBASE_WEB_CONFIG, TEST_PROJECT_ID, TEST_STRIPE_KEYS } from '../testing/test-keys';

let shop: TestShop;
let customer: TestUser;

beforeAll(async () => {
  shop = await createTestShop();
  customer = await shop.createUser('user');
});
afterAll(() => shop.close());

/** The same storefront and database, with one dependency replaced. */
function storefrontWith(replaced: Partial<AppDeps>): Promise<FastifyInstance> {
  return buildApp(
    { ...shop.deps, ...replaced },
    {
      ping: shop.database.ping,
      runtimeConfig: {
        firebase: TEST_FIREBASE_WEB_CONFIG,
        payments: { mode: 'emulator', publishableKey: TEST_STRIPE_KEYS.publishableKey, apiBase: shop.payments.url },
      },
    },
  );
}

const PAYMENTS_UNAVAILABLE = { error: { code: 'SERVICE_UNAVAILABLE', message: messages.paymentsUnavailable } };

describe('the payments provider unreachable', () => {
  let outage: FastifyInstance;

  beforeAll(async () => {
    outage = await storefrontWith({
      payments: createStripeGateway({
        ...TEST_STRIPE_KEYS,
        apiBase: `http://127.0.0.1:${await freePort()}`,
      }),
    });
  });
  afterAll(() => outage.close());

  it('answers payments.createIntent with 503 and a clear message, over REST and tRPC, and leaves the booking untouched', async () => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 3, available: 10 });
    const before = await bookingRow(shop, booking._id);

    const rest = await outage.inject({
      method: 'POST',
      url: '/create-payment-intent',
      headers: customer.headers,
      payload: { bookingId: booking._id },
    });
    const trpc = await outage.inject({
      method: 'POST',
      url: '/trpc/payments.createIntent',
      headers: customer.headers,
      payload: { bookingId: booking._id },
    });

    expect(rest.statusCode).toBe(503);
    expect(rest.json()).toEqual(PAYMENTS_UNAVAILABLE);
    expect(trpc.statusCode).toBe(503);
    expect(trpc.json()).toMatchObject({ error: { message: messages.paymentsUnavailable, data: { code: 'SERVICE_UNAVAILABLE' } } });
    expect(await bookingRow(shop, booking._id)).toEqual(before);
    expect(await stockOf(shop.database.db, toolId)).toBe(7);
    // With the provider back, the customer pays as usual.
    expect((await shop.caller(customer.user).payments.createIntent({ bookingId: booking._id })).clientSecret).toMatch(/_secret_/);
  });

  it('refuses to cancel a booking whose PaymentIntent it cannot close, keeping the booking, its stock and the intent', async () => {
    const { booking, toolId } = await bookLegacyPart(shop, customer, { quantity: 2, available: 10 });
    const intent = await openIntent(shop, customer, booking._id);

    const response = await outage.inject({ method: 'DELETE', url: `/booking?amount=${booking._id}`, headers: customer.headers });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(PAYMENTS_UNAVAILABLE);
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'unpaid', cancelledAt: null });
    expect(await stockOf(shop.database.db, toolId)).toBe(8);
    expect((await stripeFor(shop).paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
  });

  it('answers the browser’s markPaid with 503 while it cannot ask the provider, and records the payment once it can', async () => {
    const { booking } = await bookLegacyPart(shop, customer);
    const intent = await openIntent(shop, customer, booking._id);
    await payInBrowser(shop, intent);
    const markPaid = {
      method: 'PATCH' as const,
      url: `/booking/${booking._id}`,
      headers: customer.headers,
      payload: { transactionId: intent.id },
    };

    const during = await outage.inject(markPaid);

    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual(PAYMENTS_UNAVAILABLE);
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'unpaid', transactionId: null });
    const after = await shop.app.inject(markPaid);
    expect(after.statusCode).toBe(200);
    expect(await bookingRow(shop, booking._id)).toMatchObject({ status: 'paid', transactionId: intent.id });
  });
});

// Last in this file: firebase-admin's emulator host is process-wide, so the shop's own identity
// provider stops working once one points elsewhere.
describe('the identity provider unreachable', () => {
  it('answers the session exchange with 503 and a clear message, over REST and tRPC, and creates no account', async () => {
    const outage = await storefrontWith({
      identity: createFirebaseIdentity({ projectId: TEST_PROJECT_ID, emulatorHost: `127.0.0.1:${await freePort()}` }),
    });
    const email = 'newcomer@example.com';
    const idToken = emulatorStyleIdToken({ projectId: TEST_PROJECT_ID, uid: 'newcomer-uid', email });

    try {
      const rest = await outage.inject({ method: 'PUT', url: `/user/${email}`, headers: { authorization: `Bearer ${idToken}` } });
      const trpc = await outage.inject({ method: 'POST', url: '/trpc/users.createSession', payload: { email, idToken } });

      expect(rest.statusCode).toBe(503);
      expect(rest.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: messages.identityUnavailable } });
      expect(trpc.statusCode).toBe(503);
      expect(trpc.json()).toMatchObject({ error: { message: messages.identityUnavailable, data: { code: 'SERVICE_UNAVAILABLE' } } });
      expect(await shop.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
    } finally {
      await outage.close();
    }
  });

  it('answers a password reset with 503 and a clear message, and queues no email', async () => {
    const outage = await storefrontWith({
      identity: createFirebaseIdentity({ projectId: TEST_PROJECT_ID, emulatorHost: `127.0.0.1:${await freePort()}` }),
    });
    const email = 'forgetful@example.com';

    try {
      const trpc = await outage.inject({ method: 'POST', url: '/trpc/users.requestPasswordReset', payload: { email } });

      expect(trpc.statusCode).toBe(503);
      expect(trpc.json()).toMatchObject({ error: { message: messages.identityUnavailable, data: { code: 'SERVICE_UNAVAILABLE' } } });
      expect(await shop.database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.recipient, email))).toEqual(
        [],
      );
    } finally {
      await outage.close();
    }
  });
});
