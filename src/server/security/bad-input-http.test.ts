// Bad input at every REST body, path and query parameter, and at bodies that are not what they claim: random and adversarial values thrown with fast-check, as a visitor, a customer
// and an admin. Whatever arrives, the answer is never a 5xx; input the schemas refuse always gets a
// 4xx whose message a person can read; and a refused call leaves the database exactly as it was.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { BODY_LIMIT_BYTES } from '../app';
import { bearerToken } from '../context';
import { vitalSchema } from '../http/vitals-route';
import type { ApiRoute } from '../public-api/api-route';
import { publicApiRoutes } from '../public-api/routes';
import {
  databaseFingerprint,
  expectReadableError,
  outcomeOf,
  routeTable,
  trpcCall,
  wellFormed,
  type HttpCall,
} from '../testing/attacks';
import { pathSegment } from '../testing/edge-inputs';
import {
  accepts,
  callers,
  corrupted,
  HTML,
  inputlessProcedures,
  overJson,
  parameter,
  PARTS_CSV_HEADER_LINE,
  procedureCoverage,
  PROPERTY_TIMEOUT_MS,
  RUNS,
  SQL,
  trpcBases,
  useBadInputShop,
  type Fixtures,
} from '../testing/bad-input';
import { form } from '../testing/payments';
import { TINY_PNG } from '../testing/test-images';

const suite = useBadInputShop();

describe('every procedure input', () => {
  it('has a base input for every procedure that takes one, in one of the bad-input files', () => {
    const { withInput, withoutInput, ungrouped } = procedureCoverage();
    expect(Object.keys(trpcBases).sort()).toEqual(withInput.sort());
    expect(withoutInput.sort()).toEqual(inputlessProcedures);
    expect(ungrouped).toEqual([]);
  });
});

interface Parts {
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}

interface RestTarget {
  base: (f: Fixtures) => Parts;
  request: (parts: Parts) => HttpCall;
  /** Whether what the adapter makes of the parts is valid input for the procedure behind it. */
  valid: (parts: Parts) => boolean;
  /** Whether the body is corrupted (JSON routes). */
  jsonBody?: boolean;
}

/** The same parsing of `?limit=&cursor=` as the REST adapters. */
function pageQuery(query: Parts['query']) {
  return { limit: query.limit === undefined ? undefined : Number(query.limit), cursor: query.cursor };
}
const field = (body: unknown, key: string): unknown =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;

function url(path: string, query: Parts['query'] = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(key, item);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
const segment = (value: string | undefined) => pathSegment(value ?? '');
const jsonCall = (method: HttpCall['method'], target: string, body: unknown): HttpCall => ({
  method,
  url: target,
  payload: JSON.stringify(body) ?? 'null',
  headers: { 'content-type': 'application/json' },
});

const restTargets: Record<string, RestTarget> = {
  'GET /review': {
    base: () => ({ params: {}, query: { limit: '5', cursor: '1' } }),
    request: ({ query }) => ({ method: 'GET', url: url('/review', query) }),
    valid: ({ query }) => accepts('reviews.list', pageQuery(query)),
  },
  'GET /tools': {
    base: () => ({ params: {}, query: { limit: '5', cursor: '1' } }),
    request: ({ query }) => ({ method: 'GET', url: url('/tools', query) }),
    valid: ({ query }) => accepts('tools.list', pageQuery(query)),
  },
  'POST /tools': {
    base: (f) => ({ params: {}, query: {}, body: trpcBases['tools.create']!(f) }),
    request: ({ body }) => jsonCall('POST', '/tools', body),
    valid: ({ body }) => accepts('tools.create', overJson(body)),
    jsonBody: true,
  },
  'DELETE /deleted': {
    base: (f) => ({ params: {}, query: { amount: f.partId } }),
    request: ({ query }) => ({ method: 'DELETE', url: url('/deleted', query) }),
    valid: ({ query }) => accepts('tools.remove', { id: query.amount }),
  },
  'POST /booking': {
    base: (f) => ({ params: {}, query: {}, body: trpcBases['bookings.create']!(f) }),
    request: ({ body }) => jsonCall('POST', '/booking', body),
    valid: ({ body }) => {
      const sent = overJson(body) ?? {};
      const phone = field(sent, 'phone');
      return accepts('bookings.create', {
        toolsId: field(sent, 'toolsId'),
        phone: typeof phone === 'number' ? String(phone) : phone,
        address: field(sent, 'address'),
        amount: field(sent, 'amount'),
        price: field(sent, 'price'),
      });
    },
    jsonBody: true,
  },
  'GET /booking': {
    base: (f) => ({ params: {}, query: { email: f.cast.owner.user.email, limit: '5', cursor: '1' } }),
    request: ({ query }) => ({ method: 'GET', url: url('/booking', query) }),
    valid: ({ query }) => accepts('bookings.mine', { ...pageQuery(query), email: query.email }),
  },
  'POST /images': {
    base: () => ({ params: {}, query: {}, headers: { 'content-type': 'image/png' } }),
    request: ({ headers }) => ({ method: 'POST', url: '/images', payload: TINY_PNG, headers }),
    // Any PNG, JPEG or WebP body type may carry the bytes; the route checks the bytes themselves.
    valid: ({ headers }) => /^image\/(png|jpeg|webp)\b/i.test(headers?.['content-type']?.trim() ?? ''),
  },
  'GET /images/uploads/:file': {
    base: () => ({ params: { file: `${'0'.repeat(64)}.png` }, query: {} }),
    request: ({ params }) => ({ method: 'GET', url: `/images/uploads/${segment(params.file)}` }),
    valid: ({ params }) => /^[0-9a-f]{64}\.(png|jpg|webp)$/.test(params.file ?? ''),
  },
  'GET /booking/:id': {
    base: (f) => ({ params: { id: f.bookingId }, query: {} }),
    request: ({ params }) => ({ method: 'GET', url: `/booking/${segment(params.id)}` }),
    valid: ({ params }) => accepts('bookings.byId', { id: params.id }),
  },
  'PATCH /booking/:id': {
    base: (f) => ({ params: { id: f.bookingId }, query: {}, body: { transactionId: 'pi_made_up' } }),
    request: ({ params, body }) => jsonCall('PATCH', `/booking/${segment(params.id)}`, body),
    valid: ({ params, body }) =>
      accepts('bookings.markPaid', { id: params.id, transactionId: field(overJson(body), 'transactionId') }),
    jsonBody: true,
  },
  'DELETE /booking': {
    base: (f) => ({ params: {}, query: { amount: f.bookingId } }),
    request: ({ query }) => ({ method: 'DELETE', url: url('/booking', query) }),
    valid: ({ query }) => accepts('bookings.cancel', { id: query.amount }),
  },
  'GET /bookingss': {
    base: () => ({ params: {}, query: { limit: '5', cursor: '1' } }),
    request: ({ query }) => ({ method: 'GET', url: url('/bookingss', query) }),
    valid: ({ query }) => accepts('bookings.all', pageQuery(query)),
  },
  'PUT /user/:email': {
    base: (f) => ({ params: { email: f.cast.owner.user.email }, query: {}, headers: { authorization: 'Bearer not.a.token' } }),
    request: ({ params, headers }) => ({ method: 'PUT', url: `/user/${segment(params.email)}`, headers }),
    valid: ({ params, headers }) => {
      const idToken = bearerToken(headers?.authorization);
      return idToken !== null && accepts('users.createSession', { email: params.email, idToken });
    },
  },
  'GET /admin/orders.csv': {
    base: () => ({ params: {}, query: { from: '2026-01-01', to: '2026-01-31' } }),
    request: ({ query }) => ({ method: 'GET', url: url('/admin/orders.csv', query) }),
    valid: ({ query }) => accepts('overview.startOrderExport', { from: query.from, to: query.to }),
  },
  'POST /admin/parts.csv': {
    base: () => ({ params: {}, query: { mode: 'check' }, headers: { 'content-type': 'text/csv' } }),
    request: ({ query, headers }) => ({
      method: 'POST',
      url: url('/admin/parts.csv', query),
      payload: PARTS_CSV_HEADER_LINE,
      headers,
    }),
    // The file's text comes as the body of a CSV (or plain text) type, whatever its parameters.
    valid: ({ query, headers }) =>
      /^text\/(csv|plain)\b/i.test(headers?.['content-type']?.trim() ?? '') &&
      accepts('tools.importCsv', { csv: PARTS_CSV_HEADER_LINE, mode: query.mode }),
  },
  'GET /sitemaps/parts-:number.xml': {
    base: () => ({ params: { number: '1' }, query: {} }),
    request: ({ params }) => ({ method: 'GET', url: `/sitemaps/parts-${segment(params.number)}.xml` }),
    // A sitemap's number counts from 1; one past the last part is served empty, never refused.
    valid: ({ params }) => /^[1-9]\d{0,6}$/.test(params.number ?? ''),
  },
  'GET /admin/:email': {
    base: (f) => ({ params: { email: f.victimEmail }, query: {} }),
    request: ({ params }) => ({ method: 'GET', url: `/admin/${segment(params.email)}` }),
    valid: ({ params }) => accepts('users.isAdmin', { email: params.email }),
  },
  'PUT /user/admin/:email': {
    base: (f) => ({ params: { email: f.victimEmail }, query: {} }),
    request: ({ params }) => ({ method: 'PUT', url: `/user/admin/${segment(params.email)}` }),
    valid: ({ params }) => accepts('users.makeAdmin', { email: params.email }),
  },
  'DELETE /user': {
    base: (f) => ({ params: {}, query: { amount: f.victimId } }),
    request: ({ query }) => ({ method: 'DELETE', url: url('/user', query) }),
    valid: ({ query }) => accepts('users.remove', { id: query.amount }),
  },
  'POST /create-payment-intent': {
    base: (f) => ({ params: {}, query: {}, body: { bookingId: f.bookingId, price: 12.5 } }),
    request: ({ body }) => jsonCall('POST', '/create-payment-intent', body),
    valid: ({ body }) => {
      const sent = overJson(body);
      return accepts('payments.createIntent', { bookingId: field(sent, 'bookingId'), price: field(sent, 'price') });
    },
    jsonBody: true,
  },
  'POST /vitals': {
    base: () => ({ params: {}, query: {}, body: { name: 'LCP', value: 1200, rating: 'good', id: 'v1', path: '/home' } }),
    request: ({ body }) => jsonCall('POST', '/vitals', body),
    valid: ({ body }) => vitalSchema.safeParse(overJson(body)).success,
    jsonBody: true,
  },
  // Without the provider's signature nothing is valid here.
  'POST /webhooks/stripe': {
    base: () => ({
      params: {},
      query: {},
      body: { id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1', metadata: {} } } },
      headers: { 'stripe-signature': 't=1,v1=00' },
    }),
    request: ({ body, headers }) => ({
      ...jsonCall('POST', '/webhooks/stripe', body),
      headers: { 'content-type': 'application/json', ...headers },
    }),
    valid: () => false,
    jsonBody: true,
  },
};
/** A well-formed input for each public API route that reads one; the properties corrupt it. */
const publicApiBases: Record<string, (f: Fixtures) => Omit<Parts, 'headers'>> = {
  listParts: () => ({ params: {}, query: { limit: '5', cursor: '1' } }),
  searchParts: () => ({ params: {}, query: { q: 'part', sort: 'price-asc', inStock: 'true', limit: '5' } }),
  getPart: (f) => ({ params: { id: f.partId }, query: {} }),
  listPartReviews: (f) => ({ params: { id: f.partId }, query: { limit: '5' } }),
  listOrders: () => ({ params: {}, query: { limit: '5' } }),
  quoteOrder: (f) => ({ params: {}, query: {}, body: trpcBases['orders.quoteFromLines']!(f) }),
  placeOrder: (f) => ({ params: {}, query: {}, body: trpcBases['orders.placeFromLines']!(f) }),
  getOrder: (f) => ({ params: { id: f.bookingId }, query: {} }),
  // No order has this id: each call finds nothing to cancel.
  cancelOrder: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' }, query: {} }),
};

/** The query as Fastify hands it to a route: what the address says, a repeated name as a list. */
function asParsed(query: Parts['query']): Record<string, string | string[]> {
  const parsed: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(url('', query).slice(1))) {
    const seen = parsed[name];
    parsed[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return parsed;
}

/**
 * The public API's routes check their own inputs (public-api/register-public-api.ts): valid input is
 * what their schemas take from what Fastify parses; the procedure behind may still refuse it.
 */
function publicApiTarget(route: ApiRoute): [string, RestTarget] {
  const fastifyPath = route.path.replace(/\{(\w+)\}/g, ':$1');
  const base = publicApiBases[route.operationId];
  if (!base) throw new Error(`No base input for ${route.operationId}: add one to publicApiBases.`);
  const accepts = (schema: ApiRoute['params'], value: unknown) => (schema ? schema.safeParse(value).success : true);
  return [
    `${route.method} ${fastifyPath}`,
    {
      base,
      request: ({ params, query, body }) => {
        const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => segment(params[name]));
        return route.body ? jsonCall(route.method, url(path, query), body) : { method: route.method, url: url(path, query) };
      },
      valid: ({ params, query, body }) =>
        accepts(route.params, params) && accepts(route.query, asParsed(query)) && accepts(route.body, overJson(body) ?? {}),
      jsonBody: route.body !== undefined,
    },
  ];
}
Object.assign(
  restTargets,
  Object.fromEntries(publicApiRoutes.filter((route) => route.params || route.query || route.body).map(publicApiTarget)),
);

/** Routes that read no parameters at all. */
const inputlessRoutes = [
  'GET /admin/parts.csv',
  'GET /api/docs',
  'GET /api/docs/start.js',
  'GET /api/docs/swagger-ui-bundle.js',
  'GET /api/docs/swagger-ui.css',
  'GET /api/v1/categories',
  'GET /api/v1/openapi.json',
  'GET /config.json',
  'GET /health',
  'GET /ready',
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /sitemaps/pages.xml',
  'GET /user',
  'OPTIONS *',
];

/** Header values a client can send (visible ASCII), for bearer tokens and signatures. */
const headerText = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 60 });

function corruptedParts(base: Parts, jsonBody: boolean): fc.Arbitrary<Parts> {
  const params = corrupted(base.params, parameter.map(wellFormed)) as fc.Arbitrary<Record<string, string>>;
  const queryValue = fc.oneof(parameter.map(wellFormed), fc.array(parameter.map(wellFormed), { minLength: 2, maxLength: 3 }));
  const query = corrupted(base.query, queryValue) as fc.Arbitrary<Parts['query']>;
  const body =
    jsonBody && base.body && typeof base.body === 'object' ? corrupted(base.body as Record<string, unknown>) : fc.constant(base.body);
  const headers = base.headers
    ? fc.dictionary(
        fc.constantFrom(...Object.keys(base.headers)),
        fc.oneof(
          headerText,
          headerText.map((t) => `Bearer ${t}`),
        ),
        { maxKeys: 1 },
      )
    : fc.constant(undefined);
  const pieces = [
    Object.keys(base.params).length > 0 ? 'params' : null,
    Object.keys(base.query).length > 0 ? 'query' : null,
    jsonBody ? 'body' : null,
    base.headers ? 'headers' : null,
  ].filter((piece): piece is keyof Parts => piece !== null);
  // Corrupt one or more of the pieces, keeping the others valid.
  return fc.subarray(pieces, { minLength: 1 }).chain((chosen) =>
    fc.record({ params, query, body, headers }).map((bad) => ({
      params: chosen.includes('params') ? bad.params : base.params,
      query: chosen.includes('query') ? bad.query : base.query,
      body: chosen.includes('body') ? bad.body : base.body,
      headers: chosen.includes('headers') ? { ...base.headers, ...bad.headers } : base.headers,
    })),
  );
}

describe('every REST body, path and query parameter', () => {
  it('has a target for every REST route that reads input', () => {
    const served = routeTable(suite.shop.app).filter((route) => !route.includes(' /trpc/'));
    expect([...Object.keys(restTargets), ...inputlessRoutes].sort()).toEqual(served);
  });

  for (const [route, target] of Object.entries(restTargets)) {
    it(
      `${route}: refuses bad input with a readable 4xx and changes nothing`,
      async () => {
        await fc.assert(
          fc.asyncProperty(
            callers,
            fc.constant(null).chain(() => corruptedParts(target.base(suite.fixtures), target.jsonBody ?? false)),
            async (caller, parts) => {
              await suite.expectWellBehaved(target.request(parts), caller, target.valid(parts));
            },
          ),
          { numRuns: RUNS },
        );
      },
      PROPERTY_TIMEOUT_MS,
    );
  }
});

describe('text that fields accept', () => {
  const samples = [...SQL, ...HTML, 'x\u0000y', '\u202Eevil', '🚲 Ünïcödé ǅ̸̨', 'two\r\nlines', 'tab\there'];
  const fields = [
    { name: 'a review text', send: (value: string) => trpcCall('reviews.create', { rating: 4, text: value }), caller: 'owner' },
    {
      name: 'a booking address',
      send: (value: string) =>
        trpcCall('bookings.create', { toolsId: suite.fixtures.partId, amount: 1, phone: form.phone, address: value }),
      caller: 'owner',
    },
    {
      name: 'a part name',
      send: (value: string) => trpcCall('tools.create', { ...trpcBases['tools.create']!(suite.fixtures), name: value }),
      caller: 'admin',
    },
    {
      name: 'a part description',
      send: (value: string) => trpcCall('tools.create', { ...trpcBases['tools.create']!(suite.fixtures), description: value }),
      caller: 'admin',
    },
  ] as const;

  for (const { name, send, caller } of fields) {
    it(`keeps SQL, HTML and unusual characters in ${name} as text, or refuses them readably`, async () => {
      for (const value of samples) {
        const before = await databaseFingerprint(suite.shop.database.db);
        const response = await suite.shop.app.inject({
          ...send(value),
          headers: { ...suite.fixtures.cast.subjects[caller].headers, 'content-type': 'application/json' },
        });
        expect(response.statusCode, `${JSON.stringify(value)} → ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expectReadableError(response);
          expect(await databaseFingerprint(suite.shop.database.db)).toEqual(before);
        } else {
          expect(response.body).toContain(JSON.stringify(value.trim()).slice(1, -1));
        }
      }
    });
  }
});

describe('bodies that are not what they claim', () => {
  const big = { toolsId: '00000000-0000-4000-8000-000000000000', amount: 1, ...form, padding: 'x'.repeat(BODY_LIMIT_BYTES) };
  const jsonRoutes: Array<[string, HttpCall['method'], string]> = [
    ['tRPC bookings.create', 'POST', '/trpc/bookings.create'],
    ['POST /booking', 'POST', '/booking'],
    ['POST /tools', 'POST', '/tools'],
    ['PATCH /booking/:id', 'PATCH', '/booking/00000000-0000-4000-8000-000000000000'],
    ['POST /create-payment-intent', 'POST', '/create-payment-intent'],
    ['PUT /user/:email', 'PUT', '/user/someone%40example.com'],
    ['POST /vitals', 'POST', '/vitals'],
    ['POST /webhooks/stripe', 'POST', '/webhooks/stripe'],
  ];

  it.each(jsonRoutes)('%s answers a body over the size limit with 413', async (_name, method, target) => {
    const before = await databaseFingerprint(suite.shop.database.db);
    const response = await suite.shop.app.inject({
      method,
      url: target,
      payload: JSON.stringify(big),
      headers: { ...suite.fixtures.cast.subjects.admin.headers, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expectReadableError(response);
    expect(await databaseFingerprint(suite.shop.database.db)).toEqual(before);
  });

  const brokenBodies: Array<[string, string, string]> = [
    ['truncated JSON', 'application/json', '{"toolsId": '],
    ['JSON with a prototype key', 'application/json', '{"__proto__": {"role": "admin"}, "amount": 1}'],
    ['an empty JSON body', 'application/json', ''],
    ['plain text', 'text/plain', 'amount=1'],
    ['a form', 'application/x-www-form-urlencoded', 'amount=1&toolsId=x'],
  ];
  const targets = jsonRoutes.filter(([name]) => name !== 'POST /webhooks/stripe');

  it.each(brokenBodies)('refuses %s readably on every JSON route and changes nothing', async (_name, contentType, payload) => {
    for (const [name, method, target] of targets) {
      const before = await databaseFingerprint(suite.shop.database.db);
      const response = await suite.shop.app.inject({
        method,
        url: target,
        payload,
        headers: { ...suite.fixtures.cast.subjects.owner.headers, 'content-type': contentType },
      });
      expect(response.statusCode, `${name}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(500);
      expectReadableError(response);
      expect(await databaseFingerprint(suite.shop.database.db)).toEqual(before);
    }
  });

  it('does not let a prototype key in a tRPC input make the caller an admin', async () => {
    const payload = '{"__proto__": {"role": "admin"}, "email": "x@example.com"}';
    const response = await suite.shop.app.inject({
      method: 'POST',
      url: '/trpc/users.makeAdmin',
      payload,
      headers: { ...suite.fixtures.cast.subjects.owner.headers, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(403);
    expect(({} as { role?: string }).role).toBeUndefined();
  });
});

describe('regressions found by these properties', () => {
  it('answers a web-vitals report that is not one with 400 (a ZodError outside tRPC was a 500)', async () => {
    const response = await suite.shop.app.inject({ method: 'POST', url: '/vitals', payload: {} });
    expect(response.statusCode).toBe(400);
    expectReadableError(response);
  });

  it('answers a path with broken percent-encoding with the JSON error shape (Fastify answered its own)', async () => {
    const response = await suite.shop.app.inject({ method: 'GET', url: '/booking/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: messages.addressInvalid } });
  });

  it('answers an overlong path parameter with 414 in words (the message repeated all 5,000 characters)', async () => {
    const response = await suite.shop.app.inject({ method: 'GET', url: `/booking/${'a'.repeat(5000)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ error: { code: 'URI_TOO_LONG', message: messages.addressTooLong } });
  });

  it.each([
    ['a review text', () => trpcCall('reviews.create', { rating: 4, text: 'nul\u0000here' }), 'owner'],
    [
      'a booking address',
      () => trpcCall('bookings.create', { toolsId: suite.fixtures.partId, amount: 1, phone: form.phone, address: 'A\u0000' }),
      'owner',
    ],
    ['a part name', () => trpcCall('tools.create', { ...trpcBases['tools.create']!(suite.fixtures), name: 'A\u0000' }), 'admin'],
    [
      'a part image',
      () => trpcCall('tools.create', { ...trpcBases['tools.create']!(suite.fixtures), img: 'https://x.example/\u0000' }),
      'admin',
    ],
  ] as const)('refuses a NUL character in %s with 400 (Postgres cannot store it: it was a 500)', async (_field, call, caller) => {
    const before = await databaseFingerprint(suite.shop.database.db);
    const response = await suite.shop.app.inject({
      ...call(),
      headers: { ...suite.fixtures.cast.subjects[caller].headers, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expectReadableError(response);
    expect(await databaseFingerprint(suite.shop.database.db)).toEqual(before);
  });

  it.each([
    ['a page size that is not a number', { method: 'GET', url: '/tools?limit=abc' }, messages.pageSizeInvalid],
    [
      'a payment without a transaction id',
      { method: 'PATCH', url: '/booking/00000000-0000-4000-8000-000000000000', payload: {} },
      messages.paymentMismatch,
    ],
    ['a session exchange without a token', trpcCall('users.createSession', { email: 'a@example.com' }), messages.identityTokenInvalid],
    ['an input that is not an object', trpcCall('reviews.create', 'five stars'), 'The request is missing or is not an object.'],
    [
      'a price that is not a number',
      trpcCall('bookings.create', { toolsId: '00000000-0000-4000-8000-000000000000', amount: 1, ...form, price: 'free' }),
      'The field "price" is missing or is not a number.',
    ],
  ] as const)('explains %s in words, not in zod’s ("received undefined", "NaN")', async (_case, call, message) => {
    const response = await suite.shop.app.inject({
      ...call,
      headers: { ...suite.fixtures.cast.subjects.owner.headers, ...('headers' in call ? call.headers : {}) },
    });
    expect(response.statusCode).toBe(400);
    expect(outcomeOf(response).message).toBe(message);
  });
});

describe('orders too large to pay', () => {
  it('refuses a booking whose total is more than a card payment can be, with 400 (the total overflowed: a 500)', async () => {
    const dear = await suite.shop.createTool({ priceCents: 50_000_000, minimumOrderQuantity: 1, available: 1_000 });
    for (const amount of [2, 100]) {
      const before = await databaseFingerprint(suite.shop.database.db);
      const response = await suite.shop.app.inject({
        ...trpcCall('bookings.create', { toolsId: dear.id, amount, ...form }),
        headers: { ...suite.fixtures.cast.subjects.owner.headers, 'content-type': 'application/json' },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(outcomeOf(response).message).toBe(messages.orderTooLarge);
      expect(await databaseFingerprint(suite.shop.database.db)).toEqual(before);
    }
    const one = await suite.shop.app.inject({
      ...trpcCall('bookings.create', { toolsId: dear.id, amount: 1, ...form }),
      headers: { ...suite.fixtures.cast.subjects.owner.headers, 'content-type': 'application/json' },
    });
    expect(one.statusCode).toBe(200);
  });
});
