// Webhooks out, end to end against real local receivers: each order event is recorded with the
// order's change (never for a rolled-back one), delivered exactly once successfully through
// failures (a 500, a timeout, a refused connection), signed so that standardwebhooks' own
// Webhook.verify accepts it, with every attempt recorded in order; a part's stock crossing below
// its minimum order fires once per crossing; a failed delivery is replayed with its webhook-id.
// Runs on PGlite, and on Postgres with TEST_DATABASE_URL.
import { asc, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll } from 'vitest';
import type { WebhookEventType } from '../../../shared/webhooks';
import { orders, tools, webhookEndpoints, webhookEvents } from '../../db/schema';
import { berlinConsumer, fillCart, partFor, payOrder, PHONE, rateId } from '../../testing/checkout';
import { describe, expect, test } from '../../testing/fixtures';
import { refusingUrl, startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver';
import type { TestShop, TestUser } from '../../testing/test-shop';
import { deliverDueWebhooks, type WebhookSenderOptions } from './sender';

test.override('shopOptions', { webhookAddressPolicy: { allowLoopback: true } });

/** Short timeouts and waits so a whole retry series takes milliseconds; no jitter. */
// Retries at once. The timeout is long enough that a receiver's answer on a busy CI machine is never
// taken for silence (which would send it twice, as at-least-once delivery may), and short enough
// that the receiver which never answers costs the file two seconds.
const FAST: WebhookSenderOptions = { policy: { allowLoopback: true }, timeoutMs: 2_000, retryDelaysMs: [1, 1, 1], random: () => 0.5 };

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

async function receiver(...args: Parameters<typeof startWebhookReceiver>): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(...args);
  receivers.push(started);
  return started;
}

async function register(shop: TestShop, admin: TestUser, url: string, events: WebhookEventType[]) {
  return shop.caller(admin.user).webhooks.create({ url, events, description: 'test receiver' });
}

/** Runs sender passes until nothing is due (at most `passes`), a few milliseconds apart. */
async function drain(shop: TestShop, options: WebhookSenderOptions = FAST, passes = 10): Promise<void> {
  for (let pass = 0; pass < passes; pass++) {
    const outcome = await deliverDueWebhooks(shop.database.db, options);
    if (outcome.delivered + outcome.retrying + outcome.failed === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function placeOrder(shop: TestShop, customer: TestUser, quantity = 1) {
  const part = await partFor(shop, 25_00);
  await fillCart(shop, customer, [{ toolId: part.id, quantity }]);
  const shippingRateId = await rateId(shop, 'Standard (2–3 days)');
  return shop.caller(customer.user).orders.place({ address: berlinConsumer, phone: PHONE, shippingRateId });
}

function verified(secret: string, delivery: { headers: Record<string, unknown>; body: string }) {
  return new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>) as {
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };
}

/** What a receiver was sent, read back. */
function bodyOf(delivery: { body: string }): { type: string; data: Record<string, unknown> } {
  return JSON.parse(delivery.body) as { type: string; data: Record<string, unknown> };
}

async function eventsOf(shop: TestShop, type: string) {
  return shop.database.db
    .select({ id: webhookEvents.id, data: webhookEvents.data })
    .from(webhookEvents)
    .where(eq(webhookEvents.type, type))
    .orderBy(asc(webhookEvents.createdAt));
}

describe('order events', () => {
  test('delivers order.placed exactly once through a 500 and a timeout, signed and with every attempt recorded', async ({
    shop,
    admin,
    customer,
  }) => {
    const hooks = await receiver([500, 'hang'], 204);
    const endpoint = await register(shop, admin, hooks.url, ['order.placed']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    const order = await placeOrder(shop, customer, 2);
    await drain(shop);

    expect(hooks.received).toHaveLength(3);
    const messageIds = new Set(hooks.received.map((delivery) => delivery.headers['webhook-id']));
    expect(messageIds.size).toBe(1);
    for (const delivery of hooks.received) {
      const payload = verified(endpoint.secret, { headers: delivery.headers, body: delivery.body });
      expect(payload.type).toBe('order.placed');
      expect(payload.data).toMatchObject({ id: order._id, status: 'unpaid', currency: order.currency, total: order.total });
      expect(payload.data.lines).toEqual([expect.objectContaining({ quantity: 2, unitPrice: 25, status: 'unpaid' })]);
    }
    // Another secret does not verify it.
    const other = await shop.caller(admin.user).webhooks.rotateSecret({ id: endpoint._id });
    expect(() => verified(other.secret, { headers: hooks.received[2]!.headers, body: hooks.received[2]!.body })).toThrow();

    const { items } = await shop.caller(admin.user).webhooks.deliveries({ endpointId: endpoint._id });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      status: 'delivered',
      eventType: 'order.placed',
      messageId: hooks.received[0]!.headers['webhook-id'],
    });
    expect(items[0]!.attempts.map((attempt) => [attempt.statusCode, attempt.error])).toEqual([
      [500, 'HTTP 500'],
      [null, 'no answer within 2000 ms'],
      [204, null],
    ]);
    expect(items[0]!.attempts[0]!.responseExcerpt).toBe('answered 500');
  });

  test('sends each event to every endpoint subscribed to it, and none to a disabled one', async ({ shop, admin, customer }) => {
    const [first, second, off] = [await receiver(), await receiver(), await receiver()];
    await register(shop, admin, first.url, ['order.paid']);
    await register(shop, admin, second.url, ['order.paid', 'order.cancelled']);
    const disabled = await register(shop, admin, off.url, ['order.paid']);
    await shop.caller(admin.user).webhooks.update({ id: disabled._id, enabled: false });

    const order = await placeOrder(shop, customer);
    await payOrder(shop, customer, order);
    await drain(shop);

    expect(first.received.map((delivery) => bodyOf(delivery).type)).toEqual(['order.paid']);
    expect(second.received.map((delivery) => bodyOf(delivery).type)).toEqual(['order.paid']);
    expect(off.received).toEqual([]);
    expect(bodyOf(first.received[0]!).data).toMatchObject({ id: order._id, status: 'paid' });
  });

  test('tells of a parcel shipped and a line refunded, with the order as it then stands', async ({ shop, admin, customer }) => {
    const hooks = await receiver();
    await register(shop, admin, hooks.url, ['order.shipped', 'order.refunded']);
    const order = await payOrder(shop, customer, await placeOrder(shop, customer));
    await shop.caller(admin.user).orders.ship({ id: order._id, carrier: 'dhl', trackingNumber: '00340434161094042557' });
    await shop.caller(admin.user).orders.refundLine({ id: order._id, bookingId: order.lines[0]!.bookingId });
    await drain(shop);

    // Both are due in the same pass, whose POSTs go side by side: they may arrive in either order.
    const payloads = hooks.received.map(bodyOf);
    expect(payloads.map((payload) => payload.type).sort()).toEqual(['order.refunded', 'order.shipped']);
    expect(payloads.find((payload) => payload.type === 'order.shipped')!.data).toMatchObject({
      id: order._id,
      shipment: { carrier: 'dhl', trackingNumber: '00340434161094042557', lineIds: [order.lines[0]!.bookingId] },
    });
    expect(payloads.find((payload) => payload.type === 'order.refunded')!.data).toMatchObject({
      id: order._id,
      refund: { kind: 'line', lineId: order.lines[0]!.bookingId },
    });
  });

  test('names each line’s part, and its variant when it is one, as the API’s order lines do', async ({ shop, admin, customer }) => {
    await register(shop, admin, (await receiver()).url, ['order.placed']);
    const part = await partFor(shop, 25_00);
    const variant = await shop.createTool({ priceCents: 30_00, available: 10, minimumOrderQuantity: 1, variantOf: part.id });
    await fillCart(shop, customer, [
      { toolId: part.id, quantity: 1 },
      { toolId: variant.id, quantity: 1 },
    ]);
    const shippingRateId = await rateId(shop, 'Standard (2–3 days)');
    const order = await shop.caller(customer.user).orders.place({ address: berlinConsumer, phone: PHONE, shippingRateId });

    const [placed] = (await eventsOf(shop, 'order.placed')).filter((event) => event.data.id === order._id);
    expect(placed!.data.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ partId: part.id, variantId: null }),
        expect.objectContaining({ partId: part.id, variantId: variant.id }),
      ]),
    );
  });

  test('records no event for a change that is rolled back', async ({ shop, admin, customer }) => {
    const hooks = await receiver();
    await register(shop, admin, hooks.url, ['order.cancelled', 'order.placed']);
    const order = await placeOrder(shop, customer);
    const placedBefore = (await eventsOf(shop, 'order.placed')).length;

    await expect(
      shop.database.db.transaction(async (tx) => {
        await tx.update(orders).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(orders.id, order._id));
        throw new Error('the change fails after the order was cancelled');
      }),
    ).rejects.toThrow('the change fails');
    expect(await eventsOf(shop, 'order.cancelled')).toEqual([]);

    // The customer's own cancellation commits, and is told of once.
    await shop.caller(customer.user).orders.cancel({ id: order._id });
    const cancelled = await eventsOf(shop, 'order.cancelled');
    expect(cancelled.map((event) => event.data.id)).toEqual([order._id]);
    expect((await eventsOf(shop, 'order.placed')).length).toBe(placedBefore);
  });
});

describe('stock below the minimum order', () => {
  test('fires once per crossing from at least the minimum to below it, whatever moved the stock', async ({
    shop,
    admin,
    customer,
  }) => {
    const hooks = await receiver();
    await register(shop, admin, hooks.url, ['stock.below_minimum_order']);
    const part = await shop.createTool({ minimumOrderQuantity: 3, available: 10 });
    const setStock = (available: number) => shop.database.db.update(tools).set({ available }).where(eq(tools.id, part.id));

    await setStock(5); // still above
    await setStock(3); // at the minimum: still bookable
    await placeOrder(shop, customer); // another part: no crossing here
    await setStock(2); // crosses: fires
    await setStock(1); // below already
    await setStock(0);
    await setStock(8); // back above
    await setStock(4);
    await drain(shop);

    const crossings = (await eventsOf(shop, 'stock.below_minimum_order')).filter((event) => event.data.id === part.id);
    expect(crossings.map((event) => event.data)).toEqual([
      { id: part.id, partId: part.id, name: part.name, sku: null, available: 2, minimumOrderQuantity: 3 },
    ]);

    // A customer's booking takes it below again: a second crossing, from the booking's own path.
    await fillCart(shop, customer, [{ toolId: part.id, quantity: 3 }]);
    await shop
      .caller(customer.user)
      .orders.place({ address: berlinConsumer, phone: PHONE, shippingRateId: await rateId(shop, 'Standard (2–3 days)') });
    const after = (await eventsOf(shop, 'stock.below_minimum_order')).filter((event) => event.data.id === part.id);
    expect(after.map((event) => event.data.available)).toEqual([2, 1]);
    await drain(shop);
    expect(hooks.received.filter((delivery) => bodyOf(delivery).data.id === part.id)).toHaveLength(2);
  });
});

describe('failures and replay', () => {
  test('marks a delivery failed after its last attempt, then a replay sends it again with the same webhook-id', async ({
    shop,
    admin,
  }) => {
    const endpoint = await register(shop, admin, await refusingUrl(), ['order.placed']);
    const { deliveryId } = await shop.caller(admin.user).webhooks.sendTest({ id: endpoint._id });
    await drain(shop, { ...FAST, retryDelaysMs: [1] });

    const [failed] = (await shop.caller(admin.user).webhooks.deliveries({ endpointId: endpoint._id, status: 'failed' })).items;
    expect(failed).toMatchObject({ _id: deliveryId, eventType: 'webhook.test', status: 'failed', nextAttemptAt: null });
    expect(failed!.attempts).toHaveLength(2);
    expect(failed!.attempts.every((attempt) => attempt.statusCode === null && /ECONNREFUSED/.test(attempt.error ?? ''))).toBe(true);

    // The receiver is back, listening elsewhere (the test moves the endpoint's row there).
    const hooks = await receiver();
    await expect(shop.caller(admin.user).webhooks.replay({ id: deliveryId })).resolves.toEqual({ _id: deliveryId });
    await expect(shop.caller(admin.user).webhooks.replay({ id: deliveryId })).rejects.toMatchObject({ code: 'CONFLICT' });
    await moveEndpoint(shop, endpoint._id, hooks.url);
    await drain(shop);

    expect(hooks.received).toHaveLength(1);
    expect(hooks.received[0]!.headers['webhook-id']).toBe(failed!.messageId);
    const [replayed] = (await shop.caller(admin.user).webhooks.deliveries({ endpointId: endpoint._id })).items;
    expect(replayed!.status).toBe('delivered');
    expect(replayed!.attempts.map((attempt) => attempt.statusCode)).toEqual([null, null, 204]);
  });

  test('refuses an endpoint on a private address and stores nothing', async ({ shop, admin }) => {
    const before = (await shop.caller(admin.user).webhooks.endpoints()).length;
    await expect(register(shop, admin, 'https://10.0.0.7/hooks', ['order.paid'])).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await shop.caller(admin.user).webhooks.endpoints()).length).toBe(before);
  });
});

async function moveEndpoint(shop: TestShop, id: string, url: string): Promise<void> {
  await shop.database.db.update(webhookEndpoints).set({ url }).where(eq(webhookEndpoints.id, id));
}
