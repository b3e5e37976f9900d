// Every body the server reads is bounded, whatever it claims to be: for each route that takes a
// body and each content type, a body over the limit is refused with 413 (announced by
// Content-Length or streamed without one), a content type the route does not read gets 415, and
// neither changes anything. tRPC, the REST paths, the payment webhook's raw body and the
// web-vitals report (JSON, or text/plain as navigator.sendBeacon sends it) are all covered.
import { Readable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app';
import { VITALS_BODY_LIMIT_BYTES } from '../http/vitals-route';
import { databaseFingerprint, expectReadableError } from '../testing/attacks';
import { createTestShop, type TestShop, type TestUser } from '../testing/test-shop';

let shop: TestShop;
let admin: TestUser;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.createUser('admin');
});
afterAll(() => shop.close());

interface BodyRoute {
  name: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The content types the route reads (anything else is 415). */
  reads: readonly string[];
  limit: number;
  /**
   * Whether a body of a type it does not read is still read (within the limit, then dropped) before
   * the 415: tRPC's adapter does, so a large one gets 413 first; Fastify refuses it unread.
   */
  readsUnknownTypes?: boolean;
}

const JSON_AND_TEXT = ['application/json', 'application/json; charset=utf-8', 'text/plain', 'text/plain;charset=UTF-8'];
const NOT_READ = [
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=sprocket',
  'application/octet-stream',
  'application/xml',
  'image/png',
];
const anOrder = '00000000-0000-4000-8000-000000000000';

const routes: BodyRoute[] = [
  {
    name: 'tRPC',
    method: 'POST',
    url: '/trpc/bookings.create',
    reads: ['application/json'],
    limit: BODY_LIMIT_BYTES,
    readsUnknownTypes: true,
  },
  { name: 'POST /booking', method: 'POST', url: '/booking', reads: JSON_AND_TEXT, limit: BODY_LIMIT_BYTES },
  { name: 'POST /tools', method: 'POST', url: '/tools', reads: JSON_AND_TEXT, limit: BODY_LIMIT_BYTES },
  { name: 'PATCH /booking/:id', method: 'PATCH', url: `/booking/${anOrder}`, reads: JSON_AND_TEXT, limit: BODY_LIMIT_BYTES },
  { name: 'DELETE /booking', method: 'DELETE', url: `/booking?amount=${anOrder}`, reads: JSON_AND_TEXT, limit: BODY_LIMIT_BYTES },
  {
    name: 'POST /create-payment-intent',
    method: 'POST',
    url: '/create-payment-intent',
    reads: JSON_AND_TEXT,
    limit: BODY_LIMIT_BYTES,
  },
  { name: 'PUT /user/:email', method: 'PUT', url: '/user/someone%40example.com', reads: JSON_AND_TEXT, limit: BODY_LIMIT_BYTES },
  {
    name: 'PUT /user/admin/:email',
    method: 'PUT',
    url: '/user/admin/someone%40example.com',
    reads: JSON_AND_TEXT,
    limit: BODY_LIMIT_BYTES,
  },
  { name: 'DELETE /user', method: 'DELETE', url: `/user?amount=${anOrder}`, reads: JSON_AND_TEXT, limit: BODY_LIMIT_BYTES },
  { name: 'POST /webhooks/stripe', method: 'POST', url: '/webhooks/stripe', reads: JSON_AND_TEXT, limit: BODY_LIMIT_BYTES },
  { name: 'POST /vitals', method: 'POST', url: '/vitals', reads: JSON_AND_TEXT, limit: VITALS_BODY_LIMIT_BYTES },
];

/** A JSON-looking body one byte over `limit`. */
const overLimit = (limit: number) => `{"padding":"${'x'.repeat(limit)}"}`;

async function expectRefusedUnchanged(request: InjectOptions, status: number): Promise<void> {
  const before = await databaseFingerprint(shop.database.db);
  const response = await shop.app.inject({ ...request, headers: { ...admin.headers, ...request.headers } });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(status);
  expectReadableError(response);
  expect(await databaseFingerprint(shop.database.db)).toEqual(before);
}

describe.each(routes)('$name', (route) => {
  it.each(route.reads)('refuses a %s body over the limit with 413 and changes nothing', async (contentType) => {
    await expectRefusedUnchanged(
      { method: route.method, url: route.url, payload: overLimit(route.limit), headers: { 'content-type': contentType } },
      413,
    );
  });

  it('refuses a body over the limit streamed without Content-Length with 413', async () => {
    const chunks = Array.from({ length: 8 }, () => 'x'.repeat(Math.ceil(route.limit / 4)));
    await expectRefusedUnchanged(
      {
        method: route.method,
        url: route.url,
        payload: Readable.from(chunks),
        headers: { 'content-type': route.reads[0] as string, 'transfer-encoding': 'chunked' },
      },
      413,
    );
  });

  it.each(NOT_READ)('refuses a %s body with 415 (413 when over the limit) and changes nothing', async (contentType) => {
    await expectRefusedUnchanged(
      { method: route.method, url: route.url, payload: '{"amount":1}', headers: { 'content-type': contentType } },
      415,
    );
    await expectRefusedUnchanged(
      { method: route.method, url: route.url, payload: overLimit(route.limit), headers: { 'content-type': contentType } },
      route.readsUnknownTypes ? 413 : 415,
    );
  });
});

describe('POST /vitals', () => {
  const report = JSON.stringify({ name: 'LCP', value: 1200, rating: 'good', id: 'v1', path: '/' });

  it('takes a report sent as text/plain, as navigator.sendBeacon sends it', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/vitals',
      payload: report,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(response.statusCode).toBe(204);
  });

  it('refuses text/plain that is not a report with 400', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/vitals',
      payload: 'LCP=1200',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(400);
    expectReadableError(response);
  });

  it(`refuses a report over ${VITALS_BODY_LIMIT_BYTES} bytes though the app takes ${BODY_LIMIT_BYTES}`, async () => {
    const padded = JSON.stringify({ name: 'LCP', value: 1200, id: 'x'.repeat(VITALS_BODY_LIMIT_BYTES) });
    const response = await shop.app.inject({
      method: 'POST',
      url: '/vitals',
      payload: padded,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
  });
});
