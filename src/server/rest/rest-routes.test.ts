// Every documented REST path of SPEC.md §7 through app.inject: shapes, statuses and sessions.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject as injected } from 'vitest';
import { messages } from '../../shared/messages';
import { signInForIdToken } from '../testing/firebase-accounts';
import { createTestShop, type TestShop, type TestUser } from '../testing/test-shop';
import { TEST_PROJECT_ID } from '../testing/test-keys';

let shop: TestShop;
let admin: TestUser;
let customer: TestUser;
let other: TestUser;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.createUser('admin');
  customer = await shop.createUser('user');
  other = await shop.createUser('user');
});
afterAll(() => shop.close());

const part = {
  name: 'Brake Pads',
  price: 12.5,
  img: '/images/parts/placeholder.svg',
  description: 'Organic compound pads for hydraulic disc brakes.',
  minimumOrderQuantity: 2,
  available: 20,
};

/** The parts of the REST answers these tests read. */
type Booking = { _id: string; paid: boolean };
type ErrorAnswer = { error: { code: string; message: string } };

async function book(user: TestUser, toolsId: string, amount = 2) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/booking',
    headers: user.headers,
    payload: {
      toolsId,
      toolsName: 'ignored',
      email: user.user.email,
      personName: 'ignored',
      phone: 5550100,
      address: 'Main St 1',
      amount,
    },
  });
  return response;
}

describe('health', () => {
  it('answers /health and /ready', async () => {
    expect((await shop.app.inject('/health')).json()).toEqual({ status: 'ok' });
    expect((await shop.app.inject('/ready')).json()).toEqual({ status: 'ready' });
  });
});

describe('catalogue and reviews', () => {
  it('GET /tools lists parts with _id and dollar prices; POST /tools needs an admin', async () => {
    const refused = await shop.app.inject({ method: 'POST', url: '/tools', payload: part });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: messages.signInRequired } });
    expect((await shop.app.inject({ method: 'POST', url: '/tools', payload: part, headers: customer.headers })).statusCode).toBe(403);

    const created = await shop.app.inject({ method: 'POST', url: '/tools', payload: part, headers: admin.headers });
    expect(created.statusCode).toBe(201);
    const tool = created.json<unknown>();
    // SPEC's fields, and the part's rating figures beside them (none yet).
    expect(tool).toEqual({ _id: expect.any(String) as unknown, ...part, reviewCount: 0, averageRating: null, variantCount: 1 });

    const list = await shop.app.inject('/tools');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(tool);
  });

  it('POST /tools answers 400 with the first problem in plain words', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/tools',
      payload: { ...part, price: 'cheap' },
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: messages.priceInvalid } });
  });

  it('DELETE /deleted?amount= retires a part for admins only', async () => {
    const tool = await shop.createTool();
    expect((await shop.app.inject({ method: 'DELETE', url: `/deleted?amount=${tool.id}` })).statusCode).toBe(401);
    expect(
      (await shop.app.inject({ method: 'DELETE', url: `/deleted?amount=${tool.id}`, headers: customer.headers })).statusCode,
    ).toBe(403);
    const removed = await shop.app.inject({ method: 'DELETE', url: `/deleted?amount=${tool.id}`, headers: admin.headers });
    expect(removed.json()).toEqual({ deletedCount: 1 });
    expect((await shop.app.inject('/tools?limit=100')).json<Array<{ _id: string }>>().map((t) => t._id)).not.toContain(tool.id);
  });

  it('GET /review lists reviews with the total in a header', async () => {
    await shop.caller(customer.user).reviews.create({ rating: 4, text: 'Nice.' });
    const response = await shop.app.inject('/review');
    expect(response.statusCode).toBe(200);
    expect(response.json<unknown[]>()[0]).toMatchObject({
      rating: 4,
      text: 'Nice.',
      img: expect.any(String) as unknown,
      name: expect.any(String) as unknown,
    });
    expect(Number(response.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
  });

  it('refuses a malformed page size', async () => {
    expect((await shop.app.inject('/tools?limit=abc')).statusCode).toBe(400);
    expect((await shop.app.inject('/tools?limit=100000')).statusCode).toBe(400);
  });
});

describe('bookings', () => {
  it('POST /booking books for the caller, whatever the body says about who', async () => {
    const tool = await shop.createTool({ priceCents: 10_00 });
    const response = await book(customer, tool.id, 3);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: customer.user.email,
      toolsName: tool.name,
      amount: 3,
      price: 30,
      phone: '5550100',
    });
    expect((await shop.app.inject({ method: 'POST', url: '/booking', payload: { toolsId: tool.id, amount: 3 } })).statusCode).toBe(
      401,
    );
  });

  it('POST /booking refuses a quantity outside the limits', async () => {
    const tool = await shop.createTool({ minimumOrderQuantity: 2, available: 3 });
    const low = await book(customer, tool.id, 1);
    expect(low.statusCode).toBe(400);
    expect(low.json<ErrorAnswer>().error.message).toBe(messages.quantityOutOfRange);
    const high = await book(customer, tool.id, 4);
    expect(high.statusCode).toBe(409);
  });

  it('GET /booking?email= returns the caller’s orders, and 403 for someone else’s email', async () => {
    const tool = await shop.createTool();
    const booked = (await book(customer, tool.id)).json<Booking>();
    const mine = await shop.app.inject({
      url: `/booking?email=${encodeURIComponent(customer.user.email)}`,
      headers: customer.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<Booking[]>().map((b) => b._id)).toContain(booked._id);

    const spying = await shop.app.inject({ url: `/booking?email=${encodeURIComponent(customer.user.email)}`, headers: other.headers });
    expect(spying.statusCode).toBe(403);
    expect((await shop.app.inject({ url: `/booking?email=${customer.user.email}` })).statusCode).toBe(401);
  });

  it('GET /booking/{id} shows the order to its owner and admins only', async () => {
    const tool = await shop.createTool();
    const booked = (await book(customer, tool.id)).json<Booking>();
    expect((await shop.app.inject({ url: `/booking/${booked._id}`, headers: customer.headers })).json<Booking>()._id).toBe(booked._id);
    expect((await shop.app.inject({ url: `/booking/${booked._id}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await shop.app.inject({ url: `/booking/${booked._id}`, headers: other.headers })).statusCode).toBe(403);
    expect((await shop.app.inject({ url: '/booking/00000000-0000-4000-8000-000000000000', headers: admin.headers })).statusCode).toBe(
      404,
    );
    expect((await shop.app.inject({ url: '/booking/nonsense', headers: admin.headers })).statusCode).toBe(400);
  });

  it('PATCH /booking/{id} refuses a made-up transaction id and leaves the order unpaid', async () => {
    const tool = await shop.createTool();
    const booked = (await book(customer, tool.id)).json<Booking>();
    const response = await shop.app.inject({
      method: 'PATCH',
      url: `/booking/${booked._id}`,
      headers: customer.headers,
      payload: { order: booked, transactionId: 'pi_madeup123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorAnswer>().error.message).toBe(messages.paymentMismatch);
    expect((await shop.app.inject({ url: `/booking/${booked._id}`, headers: customer.headers })).json<Booking>().paid).toBe(false);
  });

  it('DELETE /booking?amount= cancels the owner’s unpaid order', async () => {
    const tool = await shop.createTool();
    const booked = (await book(customer, tool.id)).json<Booking>();
    expect((await shop.app.inject({ method: 'DELETE', url: `/booking?amount=${booked._id}` })).statusCode).toBe(401);
    expect(
      (await shop.app.inject({ method: 'DELETE', url: `/booking?amount=${booked._id}`, headers: other.headers })).statusCode,
    ).toBe(403);
    const response = await shop.app.inject({ method: 'DELETE', url: `/booking?amount=${booked._id}`, headers: customer.headers });
    expect(response.json()).toEqual({ deletedCount: 1 });
  });

  it('GET /bookingss lists all orders for admins only', async () => {
    const tool = await shop.createTool();
    const booked = (await book(other, tool.id)).json<Booking>();
    expect((await shop.app.inject({ url: '/bookingss' })).statusCode).toBe(401);
    expect((await shop.app.inject({ url: '/bookingss', headers: customer.headers })).statusCode).toBe(403);
    const all = await shop.app.inject({ url: '/bookingss?limit=100', headers: admin.headers });
    expect(all.json<Booking[]>().map((b) => b._id)).toContain(booked._id);
  });
});

describe('users', () => {
  it('PUT /user/{email} exchanges a Firebase ID token for { token }', async () => {
    const email = `rest-${randomBytes(4).toString('hex')}@example.com`;
    const { idToken } = await signInForIdToken(
      `http://${injected('authEmulatorHost')}`,
      TEST_PROJECT_ID,
      { email, password: 'secret123' },
      { create: true },
    );
    const response = await shop.app.inject({
      method: 'PUT',
      url: `/user/${email}`,
      headers: { authorization: `Bearer ${idToken}` },
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    const { token } = response.json<{ token: string }>();
    const admin = await shop.app.inject({ url: `/admin/${email}`, headers: { authorization: `Bearer ${token}` } });
    expect(admin.json()).toEqual({ admin: false });

    expect((await shop.app.inject({ method: 'PUT', url: `/user/${email}`, payload: { email } })).statusCode).toBe(401);
  });

  it('GET /admin/{email} answers { admin } for the caller', async () => {
    expect((await shop.app.inject({ url: `/admin/${admin.user.email}`, headers: admin.headers })).json()).toEqual({ admin: true });
    expect((await shop.app.inject({ url: `/admin/${admin.user.email}`, headers: customer.headers })).statusCode).toBe(403);
    expect((await shop.app.inject({ url: `/admin/${admin.user.email}` })).statusCode).toBe(401);
  });

  it('GET /user lists users for admins; PUT /user/admin/{email} answers { modifiedCount }', async () => {
    const target = await shop.createUser('user');
    expect((await shop.app.inject({ url: '/user', headers: customer.headers })).statusCode).toBe(403);
    const list = await shop.app.inject({ url: '/user', headers: admin.headers });
    expect(list.json()).toContainEqual({
      _id: target.user.id,
      email: target.user.email,
      role: 'user',
      displayName: target.user.displayName,
      adminEligibility: 'eligible',
    });

    const refused = await shop.app.inject({ method: 'PUT', url: `/user/admin/${target.user.email}`, headers: customer.headers });
    expect(refused.statusCode).toBe(403);
    const made = await shop.app.inject({ method: 'PUT', url: `/user/admin/${target.user.email}`, headers: admin.headers });
    expect(made.json()).toEqual({ modifiedCount: 1 });
  });

  it('DELETE /user?amount= removes a user for admins only', async () => {
    const target = await shop.createUser('user');
    expect((await shop.app.inject({ method: 'DELETE', url: `/user?amount=${target.user.id}` })).statusCode).toBe(401);
    expect(
      (await shop.app.inject({ method: 'DELETE', url: `/user?amount=${target.user.id}`, headers: customer.headers })).statusCode,
    ).toBe(403);
    const removed = await shop.app.inject({ method: 'DELETE', url: `/user?amount=${target.user.id}`, headers: admin.headers });
    expect(removed.json()).toEqual({ deletedCount: 1 });
    expect((await shop.app.inject({ url: '/booking', headers: target.headers })).statusCode).toBe(401);
  });
});

describe('payments', () => {
  it('POST /create-payment-intent answers { clientSecret } for the owner only', async () => {
    const tool = await shop.createTool({ priceCents: 20_00 });
    const booked = (await book(customer, tool.id, 2)).json<Booking>();
    const url = '/create-payment-intent';
    expect((await shop.app.inject({ method: 'POST', url, payload: { bookingId: booked._id } })).statusCode).toBe(401);
    expect(
      (await shop.app.inject({ method: 'POST', url, payload: { bookingId: booked._id }, headers: other.headers })).statusCode,
    ).toBe(403);
    const wrongPrice = await shop.app.inject({
      method: 'POST',
      url,
      payload: { bookingId: booked._id, price: 1 },
      headers: customer.headers,
    });
    expect(wrongPrice.statusCode).toBe(400);
    expect(wrongPrice.json<ErrorAnswer>().error.message).toBe(messages.priceChanged);

    const response = await shop.app.inject({
      method: 'POST',
      url,
      payload: { bookingId: booked._id, price: 40 },
      headers: customer.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/) as unknown });
  });
});

describe('errors', () => {
  it('answers malformed JSON with 400 and unknown paths with 404, as JSON', async () => {
    const malformed = await shop.app.inject({
      method: 'POST',
      url: '/booking',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      payload: '{"toolsId":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ErrorAnswer>().error.code).toBe('BAD_REQUEST');
    const missing = await shop.app.inject('/no-such-thing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('refuses an oversized body with 413', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/tools',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...part, description: 'x'.repeat(200_000) }),
    });
    expect(response.statusCode).toBe(413);
  });
});
