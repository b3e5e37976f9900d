// No request shape makes a cache grow past its bounds: fast-check drives the shared reads
// (tools.list, tools.search, tools.byId, categories.tree, categories.page, search.suggest, reviews.list,
// reviews.forPart, and their REST paths) with many distinct junk inputs, unknown fields, big pages
// and batches over the limit, and after every request the read cache's own count of entries and
// bytes stays within what it was given, and no request is answered with a 5xx. The bounds here are
// small so the properties reach them. The verified session tokens are kept only once their
// signature checks out, so junk and forged bearer tokens never add to them.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_CALLS, PAGE_SIZE_MAX, SEARCH_TEXT_MAX } from '../../shared/constants';
import { createSessionTokens } from '../auth/session-tokens';
import { trpcCall, type HttpCall } from '../testing/attacks';
import { createTestShop, type TestShop, type TestUser } from '../testing/test-shop';

const BOUNDS = { maxEntries: 40, maxBytes: 96 * 1024 };
const RUNS = 60;
/** Each run sends up to a dozen requests: on a busy machine that takes longer than one test usually may. */
const PROPERTY_TIMEOUT_MS = 240_000;

let shop: TestShop;
const partIds: string[] = [];
let customer: TestUser;
/** Well-formed session tokens signed with another secret, as an attacker could make them. */
const forged: string[] = [];

beforeAll(async () => {
  shop = await createTestShop({ readCacheLimits: BOUNDS });
  // Long descriptions make a full page of parts a sizeable answer (tens of KiB).
  for (let i = 0; i < 40; i++) {
    const part = await shop.createTool({
      name: `Bound part ${i} sprocket chain`,
      description: `Part ${i}: ${'a hardened steel sprocket with ramped teeth and a nickel finish. '.repeat(12)}`,
    });
    partIds.push(part.id);
  }
  customer = await shop.createUser();
  const attacker = createSessionTokens('an attacker secret that is not the shop secret at all');
  for (let i = 0; i < 10; i++) forged.push(await attacker.issue({ sessionId: customer.sessionId }));
}, 120_000);
afterAll(() => shop.close());

/** Text as a visitor could type it, or anything at all. */
const junkText = fc.oneof(
  fc.string({ maxLength: SEARCH_TEXT_MAX }),
  fc.string({ minLength: SEARCH_TEXT_MAX + 1, maxLength: 400 }),
  fc.constantFrom('sprocket', 'chain', 'x'.repeat(SEARCH_TEXT_MAX), ' '.repeat(50), '\u0000', '%00', '"'),
);
const junkField = fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(fc.string({ maxLength: 40 }), fc.integer()), { maxKeys: 3 });
const pageSize = fc.oneof(fc.integer({ min: 1, max: PAGE_SIZE_MAX }), fc.integer(), fc.constant(PAGE_SIZE_MAX));
const cursor = fc.oneof(fc.constant(undefined), fc.nat({ max: 10_000 }).map(String), fc.string({ maxLength: 20 }));
const partId = fc.oneof(
  fc.constantFrom(...Array.from({ length: 40 }, (_, i) => i)).map((i) => partIds[i] as string),
  fc.uuid(),
  fc.string({ maxLength: 40 }),
);

/** One shared read's input, junk included. */
const sharedCall: fc.Arbitrary<[string, Record<string, unknown>]> = fc.oneof(
  fc.tuple(fc.constant('tools.list'), fc.record({ limit: pageSize, cursor, junk: junkField })),
  fc.tuple(
    fc.constant('tools.search'),
    fc.record({
      q: junkText,
      sort: fc.constantFrom('relevance', 'newest', 'price-asc', 'price-desc', 'cheapest', ''),
      inStock: fc.oneof(fc.boolean(), fc.string({ maxLength: 5 })),
      limit: pageSize,
      cursor,
    }),
  ),
  fc.tuple(fc.constant('tools.byId'), fc.record({ id: partId, junk: junkField })),
  fc.tuple(fc.constant('categories.tree'), fc.record({ junk: junkField })),
  fc.tuple(fc.constant('search.suggest'), fc.record({ q: junkText, junk: junkField })),
  fc.tuple(
    fc.constant('categories.page'),
    fc.record({
      slug: fc.oneof(fc.constantFrom('drivetrain', 'no-such-category'), fc.string({ maxLength: 70 })),
      sort: fc.constantFrom('catalogue', 'newest', 'price-asc', 'price-desc', 'cheapest'),
      inStock: fc.oneof(fc.boolean(), fc.string({ maxLength: 5 })),
      minPrice: fc.oneof(fc.constant(undefined), fc.integer({ min: -5, max: 2_000 })),
      maxPrice: fc.oneof(fc.constant(undefined), fc.integer({ min: -5, max: 2_000 })),
      limit: pageSize,
      cursor,
    }),
  ),
  fc.tuple(fc.constant('reviews.list'), fc.record({ limit: pageSize, cursor })),
  fc.tuple(fc.constant('reviews.forPart'), fc.record({ toolsId: partId, limit: pageSize, cursor })),
);

/** A batch of shared reads in one GET, sometimes larger than the server takes. */
const batchCall: fc.Arbitrary<HttpCall> = fc.array(sharedCall, { minLength: 2, maxLength: MAX_BATCH_CALLS + 5 }).map((calls) => {
  const paths = calls.map(([path]) => path).join(',');
  const input = Object.fromEntries(calls.map(([, callInput], index) => [String(index), callInput]));
  return { method: 'GET', url: `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}` };
});

const restCall: fc.Arbitrary<HttpCall> = fc
  .tuple(fc.constantFrom('/tools', '/review'), pageSize, cursor, junkText)
  .map(([path, limit, at, junk]) => {
    const query = new URLSearchParams({ limit: String(limit), junk });
    if (at !== undefined) query.set('cursor', at);
    return { method: 'GET', url: `${path}?${query.toString()}` };
  });

const request: fc.Arbitrary<HttpCall> = fc.oneof(
  sharedCall.map(([path, input]) => trpcCall(path, input)),
  batchCall,
  restCall,
);

describe('the read cache under any request', () => {
  it(
    `never holds more than ${BOUNDS.maxEntries} entries or ${BOUNDS.maxBytes} bytes, and answers no request with a 5xx`,
    async () => {
      let largest = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 12 }), async (requests) => {
          for (const call of requests) {
            const response = await shop.app.inject(call);
            expect(response.statusCode, `${call.url.slice(0, 200)}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
            const { entries, bytes } = shop.deps.cache.stats();
            expect(entries).toBeLessThanOrEqual(BOUNDS.maxEntries);
            expect(bytes).toBeLessThanOrEqual(BOUNDS.maxBytes);
            largest = Math.max(largest, bytes);
          }
        }),
        { numRuns: RUNS },
      );
      // The properties reached the bound: otherwise they proved nothing about eviction.
      expect(largest).toBeGreaterThan(BOUNDS.maxBytes / 2);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('keeps junk fields and repeated inputs under one entry', async () => {
    const before = shop.deps.cache.stats().entries;
    const input = { limit: 7 };
    await shop.app.inject(trpcCall('tools.list', { ...input, ignored: 'a' }));
    const afterOne = shop.deps.cache.stats().entries;
    for (let i = 0; i < 20; i++) await shop.app.inject(trpcCall('tools.list', { ...input, ignored: `junk ${i}` }));

    expect(afterOne).toBeLessThanOrEqual(before + 1);
    expect(shop.deps.cache.stats().entries).toBe(afterOne);
  });
});

/** A bearer token that is not one the shop issued: junk, a JWT with `alg: none`, or forged. */
const junkToken: fc.Arbitrary<string> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 2_000 }).filter((token) => /^\S+$/.test(token)),
  fc
    .tuple(fc.base64String({ maxLength: 200 }), fc.base64String({ maxLength: 200 }))
    .map(([payload, signature]) => `eyJhbGciOiJub25lIn0.${payload}.${signature}`),
  fc.nat({ max: 9 }).map((i) => forged[i] as string),
  fc.nat({ max: 9 }).map((i) => `${forged[i] as string}x`),
);

describe('the verified session tokens under any bearer', () => {
  it(
    'keep no token that was not issued by the shop, and answer every bearer without a 5xx',
    async () => {
      await shop.app.inject({ ...trpcCall('users.me'), headers: customer.headers });
      const before = shop.deps.sessions.remembered();
      expect(before.tokens).toBeGreaterThan(0);

      await fc.assert(
        fc.asyncProperty(fc.array(junkToken, { minLength: 1, maxLength: 8 }), async (tokens) => {
          for (const token of tokens) {
            const response = await shop.app.inject({ ...trpcCall('users.me'), headers: { authorization: `Bearer ${token}` } });
            expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
            expect(response.statusCode).toBe(401);
          }
          expect(shop.deps.sessions.remembered()).toEqual(before);
        }),
        { numRuns: RUNS },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
