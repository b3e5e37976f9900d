// Test support for the bad-input properties (src/server/security/bad-input-*.test.ts): random and
// adversarial values for fast-check, a valid input for every procedure to corrupt, a shop with a
// cast of callers, and the one property every call must have. The properties are spread over
// several files, by router, so that the suite's workers run them side by side.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { appRouter } from '../routers';
import { createCast, databaseFingerprint, expectReadableError, procedureTypes, trpcCall, type Cast, type HttpCall } from './attacks';
import { form } from './payments';
import { createTestShop, type TestShop } from './test-shop';

/** Runs per property: enough to meet every kind of value below, bounded to keep the files fast. */
export const RUNS = 50;
/** A property makes RUNS calls: on a busy machine that takes longer than one test usually may. */
export const PROPERTY_TIMEOUT_MS = 180_000;

export const SQL = [
  "' OR '1'='1",
  "'; drop table users; --",
  '1; select pg_sleep(5)',
  "' union select email, role from users --",
  '") or ("1"="1',
  '$1',
  '\\x27',
];
export const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
];
const NUMBERISH = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '0x10',
  '1_000',
  ' 5 ',
  '5abc',
  '',
  ' ',
  '-0',
  '+1',
  '1e3',
  '007',
  '2.5',
  '-3',
];
const MALFORMED_IDS = [
  'not-a-uuid',
  '123',
  '00000000-0000-4000-8000-00000000000g',
  '00000000-0000-4000-8000-0000000000000',
  '{00000000-0000-4000-8000-000000000000}',
  '00000000000040008000000000000000',
  ' 00000000-0000-4000-8000-000000000000',
  '../../etc/passwd',
  '%00',
  'null',
  'undefined',
];
const ODD_TEXT = [
  'a'.repeat(5000),
  'é'.repeat(3000),
  '🚲'.repeat(1500),
  'x\u0000y',
  '\u0000',
  '\u202Eevil',
  'a\r\nSet-Cookie: x=1',
  '\uFEFF',
  'ǅ̸̨',
];

const text = fc.oneof(
  fc.constantFrom(...SQL, ...HTML, ...NUMBERISH, ...MALFORMED_IDS, ...ODD_TEXT),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.uuid(),
  fc.emailAddress(),
);
const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    2.5,
    -3.7,
    1e308,
    -1e308,
    2 ** 31,
    2 ** 31 - 1,
    2 ** 53,
    2 ** 63,
    Number.MAX_SAFE_INTEGER + 2,
    1e-9,
    999_999_999_999,
  ),
);
const structure = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.constantFrom({ $gt: '' }, { role: 'admin' }, [[[[[[]]]]]], { toString: 'x' }),
);
/** Any value a JSON body or input may carry. */
const adversarial: fc.Arbitrary<unknown> = fc.oneof(text, number, structure);
/** What a path or query parameter may carry: text only. */
export const parameter = fc.oneof(text, number.map(String));

/** The base with one or more fields replaced by adversarial values or left out, or all of it replaced. */
export function corrupted(base: Record<string, unknown>, value: fc.Arbitrary<unknown> = adversarial): fc.Arbitrary<unknown> {
  const keys = Object.keys(base);
  if (keys.length === 0) return value;
  const fields = fc.subarray(keys, { minLength: 1 }).chain((chosen) =>
    fc.tuple(...chosen.map(() => fc.option(value, { nil: undefined, freq: 6 }))).map((values) => {
      const result: Record<string, unknown> = { ...base };
      chosen.forEach((key, index) => {
        if (values[index] === undefined) delete result[key];
        else result[key] = values[index];
      });
      return result;
    }),
  );
  return fc.oneof({ weight: 1, arbitrary: value }, { weight: 4, arbitrary: fields });
}

/** What the server receives of a value sent as JSON. */
export function overJson(value: unknown): unknown {
  const json = JSON.stringify(value);
  return json === undefined ? undefined : JSON.parse(json);
}

const procedureInputs = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: ZodType[] } }>;

/** Whether the procedure's own input schema takes this input. */
export function accepts(path: string, input: unknown): boolean {
  const inputs = procedureInputs[path]?._def.inputs ?? [];
  return inputs.every((schema) => schema.safeParse(input).success);
}

export interface Fixtures {
  cast: Cast;
  partId: string;
  bookingId: string;
  reviewId: string;
  victimId: string;
  victimEmail: string;
  /** An empty category the admins' calls change (and may delete). */
  categoryId: string;
  /** Another category, whose page the reads show. */
  categorySlug: string;
  /** A bike of the owner's, which the owner's calls change (and may remove). */
  bikeId: string;
}

export type Caller = 'visitor' | 'owner' | 'admin';
export const callers = fc.constantFrom<Caller>('visitor', 'owner', 'admin');

/** The shop a bad-input file throws its calls at, with what its calls refer to. */
export interface BadInputShop {
  readonly shop: TestShop;
  readonly fixtures: Fixtures;
  readonly tally: { calls: number; refused: number; accepted: number };
  expectWellBehaved: (call: HttpCall, caller: Caller, valid: boolean) => Promise<void>;
}

/** A shop for one test file, set up before its tests and closed after them with a tally of the calls. */
export function useBadInputShop(): BadInputShop {
  let shop: TestShop | undefined;
  let fixtures: Fixtures | undefined;
  const tally = { calls: 0, refused: 0, accepted: 0 };
  /**
   * The fingerprint a refused call has just proved current: the next call of the same test starts
   * from it instead of reading the database again (a test's own writes happen before its calls).
   */
  let unchangedSince: Record<string, string> | undefined;
  beforeEach(() => {
    unchangedSince = undefined;
  });

  beforeAll(async () => {
    shop = await createTestShop();
    const cast = await createCast(shop);
    // A part with options, so adding a variant to it is possible (docs/decisions/0052).
    const part = await shop.createTool({ minimumOrderQuantity: 1, available: 1_000_000, optionValues: { speeds: '11' } });
    const booking = await shop.caller(cast.owner.user).bookings.create({ toolsId: part.id, amount: 1, ...form });
    const victim = await shop.createUser('user');
    const review = await shop.caller(cast.owner.user).reviews.create({ rating: 4, text: 'A review the suite may remove.' });
    const category = await shop.caller(cast.admin.user).categories.create({ name: 'Fuzz target' });
    const shown = await shop.caller(cast.admin.user).categories.create({ name: 'Fuzz shown' });
    const bike = await shop.caller(cast.owner.user).bikes.create({ name: 'Fuzz bike', standards: { speeds: '11' } });
    fixtures = {
      cast,
      partId: part.id,
      bookingId: booking._id,
      reviewId: review._id,
      victimId: victim.user.id,
      victimEmail: victim.user.email,
      categoryId: category.id,
      categorySlug: shown.slug,
      bikeId: bike.id,
    };
  });
  afterAll(async () => {
    console.info(`bad input: ${tally.calls} calls, ${tally.refused} refused with a readable 4xx, ${tally.accepted} valid and served`);
    await shop?.close();
  });

  const suite: BadInputShop = {
    get shop() {
      if (!shop) throw new Error('the bad-input shop is set up in beforeAll');
      return shop;
    },
    get fixtures() {
      if (!fixtures) throw new Error('the bad-input shop is set up in beforeAll');
      return fixtures;
    },
    tally,
    expectWellBehaved,
  };

  /**
   * The property every call must have: never a 5xx; refused input gets a readable 4xx and leaves
   * the database as it was; only input the schema takes may succeed.
   */
  async function expectWellBehaved(call: HttpCall, caller: Caller, valid: boolean): Promise<void> {
    const headers = { ...suite.fixtures.cast.subjects[caller].headers, ...call.headers };
    const before = unchangedSince ?? (await databaseFingerprint(suite.shop.database.db));
    unchangedSince = undefined;
    const response: LightMyRequestResponse = await suite.shop.app.inject({ ...call, headers });
    tally.calls += 1;
    const status = response.statusCode;
    expect(status, `${call.method} ${call.url.slice(0, 200)} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
    if (status >= 400) {
      tally.refused += 1;
      expectReadableError(response);
      expect(await databaseFingerprint(suite.shop.database.db)).toEqual(before);
      unchangedSince = before;
    } else {
      tally.accepted += 1;
      const sent = typeof call.payload === 'string' ? call.payload : JSON.stringify(call.payload ?? null);
      expect(valid, `refused input was served: ${call.method} ${call.url.slice(0, 200)} ${sent.slice(0, 200)}`).toBe(true);
    }
  }

  return suite;
}

/** A valid input for every procedure that takes one; the properties corrupt it. */
export const trpcBases: Record<string, (f: Fixtures) => Record<string, unknown>> = {
  'tools.list': () => ({ limit: 5, cursor: '1' }),
  'tools.byId': (f) => ({ id: f.partId }),
  'tools.search': () => ({ q: 'part', sort: 'price-asc', inStock: true, fits: { speeds: '11', seatpost: '27.2' }, limit: 5 }),
  'tools.compatibility': (f) => ({ id: f.partId }),
  'tools.related': (f) => ({ id: f.partId }),
  'tools.create': () => ({
    name: 'Fuzzed part',
    price: 12.5,
    img: '/images/parts/placeholder.svg',
    description: 'Made by the bad-input suite.',
    minimumOrderQuantity: 1,
    available: 5,
    compatibility: { speeds: ['11', '12'], freehub: ['shimano-hg'] },
    specifications: [
      { name: 'Weight', value: '260 g' },
      { name: 'Material', value: '6061 aluminium' },
    ],
  }),
  'tools.remove': (f) => ({ id: f.partId }),
  'tools.adminList': () => ({ limit: 5, cursor: '1' }),
  'tools.adminById': (f) => ({ id: f.partId }),
  'tools.update': (f) => ({
    ...trpcBases['tools.create']!(f),
    id: f.partId,
    version: 1,
    availableWas: 1_000_000,
    images: [
      { path: '/images/parts/placeholder.svg', alt: 'The fuzzed part' },
      { path: '/images/parts/handlebars.svg', alt: 'A second picture' },
    ],
  }),
  'tools.setHidden': (f) => ({ id: f.partId, hidden: false }),
  'tools.adminVariants': (f) => ({ partId: f.partId }),
  'tools.addVariant': (f) => ({
    partId: f.partId,
    optionValues: { speeds: '12' },
    sku: 'FUZZ-12',
    price: 12.5,
    available: 5,
    minimumOrderQuantity: 1,
    img: '/images/parts/placeholder.svg',
  }),
  'tools.updateVariant': (f) => ({
    id: f.partId,
    version: 1,
    availableWas: 1_000_000,
    optionValues: { speeds: '11' },
    sku: 'FUZZ-11',
    price: 12.5,
    available: 1_000_000,
    minimumOrderQuantity: 1,
  }),
  // No variant has this id: the base is well formed, and retiring it finds nothing.
  'tools.retireVariant': () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  // Bytes cannot travel as JSON: every call of this one is refused (POST /images carries them).
  'tools.uploadImage': () => ({ bytes: 'iVBORw0KGgo=' }),
  'categories.tree': () => ({}),
  'categories.page': (f) => ({
    slug: f.categorySlug,
    sort: 'price-asc',
    inStock: true,
    minPrice: 1,
    maxPrice: 100,
    fits: { speeds: '12', wheelSize: '622' },
    limit: 5,
  }),
  'bikes.create': () => ({ name: 'Fuzzed bike', standards: { speeds: '12', freehub: 'sram-xdr' } }),
  'bikes.update': (f) => ({ id: f.bikeId, name: 'Fuzzed bike', standards: { wheelSize: '584' } }),
  'bikes.remove': (f) => ({ id: f.bikeId }),
  'categories.trailOfPart': (f) => ({ id: f.partId }),
  'search.suggest': () => ({ q: 'part' }),
  'categories.create': () => ({ name: 'Fuzzed category', slug: 'fuzzed-category', parentId: null }),
  'categories.rename': (f) => ({ id: f.categoryId, name: 'Fuzzed name' }),
  'categories.move': (f) => ({ id: f.categoryId, parentId: null }),
  'categories.reorder': (f) => ({ parentId: null, orderedIds: [f.categoryId] }),
  'categories.remove': (f) => ({ id: f.categoryId }),
  'reviews.list': () => ({ limit: 5, cursor: '1' }),
  'reviews.forPart': (f) => ({ toolsId: f.partId, limit: 5 }),
  'reviews.create': () => ({ rating: 4, text: 'Fine part.' }),
  'reviews.remove': (f) => ({ id: f.reviewId }),
  'bookings.create': (f) => ({ toolsId: f.partId, variantId: f.partId, amount: 1, price: 12.5, ...form }),
  'bookings.mine': (f) => ({ email: f.cast.owner.user.email, limit: 5, cursor: '1' }),
  'bookings.byId': (f) => ({ id: f.bookingId }),
  'bookings.cancel': (f) => ({ id: f.bookingId }),
  'bookings.markPaid': (f) => ({ id: f.bookingId, transactionId: 'pi_made_up' }),
  'bookings.all': () => ({ limit: 5, cursor: '1', status: 'paid', q: 'ada', sort: 'oldest' }),
  'bookings.detail': (f) => ({ id: f.bookingId }),
  'bookings.ship': (f) => ({ id: f.bookingId }),
  'bookings.refund': (f) => ({ id: f.bookingId }),
  'users.createSession': (f) => ({ email: f.cast.owner.user.email, idToken: 'not.a.token' }),
  'users.isAdmin': (f) => ({ email: f.victimEmail }),
  'users.makeAdmin': (f) => ({ email: f.victimEmail }),
  'users.requestPasswordReset': (f) => ({ email: f.victimEmail }),
  'users.remove': (f) => ({ id: f.victimId }),
  'users.list': () => ({ limit: 5, cursor: '1', q: 'ada' }),
  'users.auditLog': () => ({ limit: 5, cursor: '1', q: 'order.' }),
  'users.updateProfile': () => ({ displayName: 'Fuzzed Rider', photoUrl: '', phone: '+1 555 0100', address: '1 Fuzz Road' }),
  'payments.createIntent': (f) => ({ bookingId: f.bookingId, price: 12.5 }),
  'cart.preview': (f) => ({ lines: [{ toolId: f.partId, quantity: 1 }] }),
  'cart.add': (f) => ({ toolId: f.partId, quantity: 1 }),
  'cart.setQuantity': (f) => ({ toolId: f.partId, quantity: 1 }),
  'cart.remove': (f) => ({ toolId: f.partId }),
  'cart.merge': (f) => ({ lines: [{ toolId: f.partId, quantity: 1 }] }),
  'orders.quote': () => ({ country: 'DE', discountCode: 'WELCOME10' }),
  'orders.quoteFromLines': (f) => ({ country: 'DE', discountCode: 'WELCOME10', lines: [{ partId: f.partId, quantity: 1 }] }),
  // No shipping rate has this id: the base is well formed, and placing it is refused whatever the cart holds.
  'orders.place': () => ({
    address: { name: 'Fuzz Rider', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' },
    phone: '+49 30 1234567',
    shippingRateId: '00000000-0000-4000-8000-000000000000',
  }),
  'orders.placeFromLines': (f) => ({
    address: { name: 'Fuzz Rider', line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' },
    phone: '+49 30 1234567',
    shippingRateId: '00000000-0000-4000-8000-000000000000',
    lines: [{ partId: f.partId, quantity: 1 }],
  }),
  'orders.mine': () => ({ limit: 5, cursor: '1' }),
  // No order has this id: the bases are well formed, and each call finds nothing to show, pay or cancel.
  'orders.byId': () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  'orders.intent': () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  'orders.confirm': () => ({ id: '00000000-0000-4000-8000-000000000000', transactionId: 'pi_made_up' }),
  'orders.cancel': () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  'orders.invoice': () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  'orders.all': () => ({ limit: 5, cursor: '1', status: 'paid' }),
  'orders.afterSales': () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  'orders.document': () => ({ id: '00000000-0000-4000-8000-000000000000', documentId: '00000000-0000-4000-8000-000000000000' }),
  'orders.ship': () => ({
    id: '00000000-0000-4000-8000-000000000000',
    bookingIds: ['00000000-0000-4000-8000-000000000000'],
    carrier: 'dhl',
    trackingNumber: '00340434161094042557',
  }),
  'orders.refundLine': () => ({ id: '00000000-0000-4000-8000-000000000000', bookingId: '00000000-0000-4000-8000-000000000000' }),
  'orders.refundShipping': () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  'orders.refundAmount': () => ({ id: '00000000-0000-4000-8000-000000000000', amount: 12.5 }),
  // A stale version: the base is well formed, and saving it is refused as another admin's edit.
  'settings.updateShop': () => ({
    legalName: 'Fuzz GmbH',
    addressLine1: 'Kettenweg 12',
    addressLine2: null,
    city: 'Berlin',
    postalCode: '10115',
    country: 'DE',
    vatId: null,
    email: 'fuzz@example.com',
    pricesIncludeTax: true,
    ossEnabled: false,
    reservationMinutes: 30,
    eurRate: null,
    version: 1_000_000,
  }),
  'settings.setTaxRate': () => ({ country: 'MT', ratePercent: 18 }),
  'settings.removeTaxRate': () => ({ country: 'MT' }),
  'settings.createShippingZone': () => ({ name: 'Fuzz zone' }),
  // No zone, rate or code has this id: the bases are well formed, and each call finds nothing to change.
  'settings.renameShippingZone': () => ({ id: '00000000-0000-4000-8000-000000000000', name: 'Fuzz zone 2' }),
  'settings.deleteShippingZone': () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  'settings.setZoneCountries': () => ({ id: '00000000-0000-4000-8000-000000000000', countries: ['MT'] }),
  'settings.addShippingRate': () => ({ zoneId: '00000000-0000-4000-8000-000000000000', name: 'Courier', price: 9.5, freeAbove: null }),
  'settings.editShippingRate': () => ({ id: '00000000-0000-4000-8000-000000000000', name: 'Courier', price: 9.5, freeAbove: 100 }),
  'settings.removeShippingRate': () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  'settings.createDiscountCode': () => ({
    code: 'FUZZ10',
    kind: 'percent',
    value: 10,
    minSpend: 0,
    startsAt: null,
    endsAt: null,
    maxUses: null,
    maxUsesPerCustomer: null,
  }),
  'settings.editDiscountCode': () => ({
    id: '00000000-0000-4000-8000-000000000000',
    fields: { code: 'FUZZ11', kind: 'fixed', value: 5, minSpend: 0, startsAt: null, endsAt: null, maxUses: 1, maxUsesPerCustomer: 1 },
  }),
  'settings.setDiscountCodeActive': () => ({ id: '00000000-0000-4000-8000-000000000000', active: false }),
  'tools.priceBreaks': (f) => ({ toolId: f.partId }),
  'tools.setPriceBreaks': (f) => ({ toolId: f.partId, breaks: [] }),
  'emails.undelivered': () => ({ limit: 5, cursor: '1' }),
  // No email has this id: the base is well formed, and retrying it finds nothing to send.
  'emails.retry': () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  'overview.startOrderExport': () => ({ from: '2026-01-01', to: '2026-01-31' }),
  // An address in a reserved range (TEST-NET-3): well formed, and refused by the address policy.
  'webhooks.create': () => ({ url: 'https://203.0.113.10/hooks', events: ['order.paid'], description: 'fuzz' }),
  // No endpoint or delivery has this id: the bases are well formed, and find nothing to change.
  'webhooks.update': () => ({ id: '00000000-0000-4000-8000-000000000000', events: ['order.paid'], enabled: false }),
  'webhooks.rotateSecret': () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  'webhooks.remove': () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  'webhooks.sendTest': () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  'webhooks.deliveries': () => ({ limit: 5, cursor: '1', status: 'failed', endpointId: '00000000-0000-4000-8000-000000000000' }),
  'webhooks.replay': () => ({ id: '00000000-0000-4000-8000-000000000000' }),
  // Only the columns: a check of it reports nothing and writes nothing.
  'tools.importCsv': () => ({ csv: PARTS_CSV_HEADER_LINE, mode: 'check' }),
  // The admin's calls make shop keys, up to the active keys' limit; then a readable CONFLICT.
  'apiKeys.create': () => ({ name: 'Fuzz key', scopes: ['catalogue:read', 'orders:read'], forShop: true }),
  // No key has this id: revoking it finds nothing.
  'apiKeys.revoke': () => ({ id: '00000000-0000-4000-8000-000000000000' }),
};
/** The parts CSV's first line, naming its columns. */
export const PARTS_CSV_HEADER_LINE = 'id,name,description,price,minimum order quantity,stock,hidden,category,image,specifications\n';

/** Procedures without input: whatever is sent is ignored. */
export const inputlessProcedures = [
  'apiKeys.list',
  'bikes.list',
  'cart.clear',
  'cart.view',
  'orders.savedAddresses',
  'overview.summary',
  'settings.discountCodes',
  'settings.shippingZones',
  'settings.shop',
  'settings.taxRates',
  'tools.startCsvExport',
  'users.me',
  'users.sendVerificationEmail',
  'users.signOut',
  'users.signOutEverywhere',
  'webhooks.endpoints',
];

/** Which routers' procedures each bad-input file corrupts; together, every router. */
export const procedureGroups = {
  catalogue: ['tools', 'categories', 'search', 'reviews'],
  orders: ['bookings', 'payments', 'cart', 'orders'],
  accounts: ['users', 'bikes', 'emails', 'overview', 'settings', 'apiKeys', 'webhooks'],
} as const;

/** For each procedure of the group that takes input: corrupted inputs get a readable 4xx and change nothing. */
export function describeProcedureInputs(suite: BadInputShop, group: keyof typeof procedureGroups): void {
  const routers: readonly string[] = procedureGroups[group];
  describe(`every ${group} procedure input`, () => {
    for (const [path, base] of Object.entries(trpcBases).filter(([path]) => routers.includes(path.split('.')[0]!))) {
      it(
        `${path}: refuses bad input with a readable 4xx and changes nothing`,
        async () => {
          await fc.assert(
            fc.asyncProperty(
              callers,
              fc.constant(null).chain(() => corrupted(base(suite.fixtures))),
              async (caller, input) => {
                await suite.expectWellBehaved(trpcCall(path, input), caller, accepts(path, overJson(input)));
              },
            ),
            { numRuns: RUNS },
          );
        },
        PROPERTY_TIMEOUT_MS,
      );
    }
  });
}

/** Every procedure that takes input has a base, and belongs to one group. */
export function procedureCoverage(): { withInput: string[]; withoutInput: string[]; ungrouped: string[] } {
  const all = Object.keys(procedureTypes());
  const withInput = all.filter((path) => (procedureInputs[path]?._def.inputs.length ?? 0) > 0);
  const grouped: readonly string[] = Object.values(procedureGroups).flat();
  return {
    withInput,
    withoutInput: all.filter((path) => !withInput.includes(path)),
    ungrouped: withInput.filter((path) => !grouped.includes(path.split('.')[0]!)),
  };
}
