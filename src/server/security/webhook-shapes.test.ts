// Every shape a correctly signed webhook can take (a missing or null object, unknown event types,
// other object types, intents with fields of the wrong type, metadata naming nothing, oversized
// bodies) is answered without a 5xx, and none of them pays a booking whose intent did not succeed.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeEvent } from '../../emulators/payments/webhooks';
import { BODY_LIMIT_BYTES } from '../app';
import { bookLegacyPart, bookingRow, deliverWebhook, eventFor } from '../testing/payments';
import { createTestShop, type TestShop } from '../testing/test-shop';

let shop: TestShop;
let bookingId: string;

beforeAll(async () => {
  shop = await createTestShop();
  const customer = await shop.createUser();
  bookingId = (await bookLegacyPart(shop, customer)).booking._id;
});
afterAll(() => shop.close());

const anyJson = fc.jsonValue({ maxDepth: 3 });
const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constant(''), fc.constant('\u0000'), fc.constant('x'.repeat(2_000)));
const oddValue = fc.oneof(anyJson, text, fc.constant(null), fc.integer(), fc.double());

/** An object that looks like a PaymentIntent, some of whose fields are wrong, missing or foreign. */
const intentLike = fc.record(
  {
    object: fc.oneof(fc.constant('payment_intent'), fc.constantFrom('charge', 'refund', 'customer'), oddValue),
    id: fc.oneof(fc.constant('pi_123'), oddValue),
    status: fc.oneof(fc.constantFrom('succeeded', 'requires_payment_method', 'canceled'), oddValue),
    amount: fc.oneof(fc.integer({ min: -10, max: 10_000_000 }), oddValue),
    currency: fc.oneof(fc.constantFrom('usd', 'eur'), oddValue),
    metadata: fc.oneof(
      fc.record({ bookingId: fc.oneof(fc.constant('booking'), fc.uuid(), oddValue) }),
      fc.dictionary(fc.string({ maxLength: 10 }), oddValue, { maxKeys: 3 }),
      oddValue,
    ),
    client_secret: oddValue,
    last_payment_error: fc.oneof(fc.record({ message: oddValue }), oddValue),
  },
  { requiredKeys: [] },
);

const eventType = fc.oneof(
  fc.constantFrom('payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded', 'customer.created'),
  oddValue,
);

/** The envelope: data with an intent-like object, another object, null, nothing, or junk. */
const envelope = fc.record(
  {
    id: fc.oneof(
      fc.uuid().map((id) => `evt_${id}`),
      oddValue,
    ),
    object: fc.constant('event'),
    type: eventType,
    data: fc.oneof(
      fc.record({ object: intentLike }),
      fc.record({ object: fc.oneof(fc.constant(null), anyJson) }),
      fc.constant({}),
      oddValue,
    ),
  },
  { requiredKeys: ['object'] },
);

describe('a signed webhook of any shape', () => {
  it('is answered without a 5xx, and never pays a booking', async () => {
    await fc.assert(
      fc.asyncProperty(envelope, async (event) => {
        const withBooking = JSON.parse(JSON.stringify(event).replaceAll('"booking"', JSON.stringify(bookingId))) as StripeEvent;
        const answer = await deliverWebhook(shop, withBooking);
        expect(answer.statusCode, answer.body).toBeLessThan(500);
        expect((await bookingRow(shop, bookingId)).status).toBe('unpaid');
      }),
      { numRuns: 150 },
    );
  });

  it('is refused with 413 when larger than the body limit, not read into memory', async () => {
    const huge = eventFor('payment_intent.succeeded', { object: 'payment_intent', padding: 'x'.repeat(BODY_LIMIT_BYTES * 16) });
    const answer = await deliverWebhook(shop, huge);
    expect(answer.statusCode).toBe(413);
  });

  it('with a null or missing object, or another object type, is received and ignored', async () => {
    for (const data of [{ object: null }, {}, { object: { object: 'charge', id: 'ch_1' } }]) {
      const answer = await deliverWebhook(shop, { ...eventFor('payment_intent.succeeded', null), data } as StripeEvent);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ received: true, outcome: 'ignored' });
    }
  });
});
