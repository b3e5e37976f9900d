// The permission matrix: every tRPC procedure and every REST route, called over
// HTTP by each kind of caller with valid input, against one table of expected outcomes. A
// procedure or route missing from the table fails the suite; a refused call must change nothing.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { messages } from '../../shared/messages';
import {
  bikes,
  categories,
  discountCodes,
  emailOutbox,
  invoices,
  shippingRates,
  shippingZones,
  taxRates,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../db/schema';
import { signInForIdToken } from '../testing/firebase-accounts';
import { eventFor, form, openIntent, paidLegacyBooking, payInBrowser, providerIntent, stripeFor } from '../testing/payments';
import { berlinConsumer, fillCart, openForCheckout, payOrder, PHONE, rateId } from '../testing/checkout';
import { PARTS_CSV_HEADER_LINE } from '../testing/bad-input';
import { TINY_PNG } from '../testing/test-images';
import { describeOnce } from '../testing/test-database';
import { createTestShop, type TestShop } from '../testing/test-shop';
import {
  bearer,
  createCast,
  databaseFingerprint,
  outcomeOf,
  procedureTypes,
  routeTable,
  subjectNames,
  trpcCall,
  type Cast,
  type HttpCall,
  type Subject,
  type SubjectName,
} from '../testing/attacks';
import { TEST_PROJECT_ID, TEST_STRIPE_KEYS } from '../testing/test-keys';

/** 'ok' is any 2xx; a number is the refusal's HTTP status. */
type Expected = 'ok' | 400 | 401 | 403 | 404 | 409;
type Row = Record<SubjectName, Expected>;

const signedOut = { visitor: 401, removedUser: 401, expiredSession: 401, tamperedToken: 401 } as const;
const PUBLIC: Row = {
  visitor: 'ok',
  owner: 'ok',
  otherCustomer: 'ok',
  admin: 'ok',
  removedUser: 'ok',
  expiredSession: 'ok',
  tamperedToken: 'ok',
};
const SIGNED_IN: Row = { ...signedOut, owner: 'ok', otherCustomer: 'ok', admin: 'ok' };
const OWNER_OR_ADMIN: Row = { ...signedOut, owner: 'ok', otherCustomer: 403, admin: 'ok' };
const OWNER_ONLY: Row = { ...signedOut, owner: 'ok', otherCustomer: 403, admin: 403 };
const ADMIN_ONLY: Row = { ...signedOut, owner: 403, otherCustomer: 403, admin: 'ok' };
/** Exchanging one's own fresh Firebase sign-in works for everyone but a removed account. */
const SESSION_EXCHANGE: Row = { ...PUBLIC, removedUser: 403 };
/** Another customer's bike, even to an admin, is as if it did not exist. */
const OWNER_ONLY_UNSEEN: Row = { ...signedOut, owner: 'ok', otherCustomer: 404, admin: 404 };
/** The public API's orders: another customer's is as if it did not exist; an admin reads any. */
const OWNER_OR_ADMIN_UNSEEN: Row = { ...signedOut, owner: 'ok', otherCustomer: 404, admin: 'ok' };

interface World {
  shop: TestShop;
  cast: Cast;
  /** A part with plenty of stock for bookings. */
  partId: string;
}

interface Operation<F> {
  expected: Row;
  /** What the call needs, made fresh for each cell. */
  fixture?: (world: World, subject: Subject) => Promise<F>;
  /** The call with valid input; headers given here replace the subject's. */
  call: (fixture: F, world: World, subject: Subject) => HttpCall;
}

function op<F = undefined>(operation: Operation<F>): Operation<unknown> {
  return operation as Operation<unknown>;
}

const newPart = () => ({
  name: `Matrix part ${randomBytes(3).toString('hex')}`,
  price: 12.5,
  img: '/images/parts/placeholder.svg',
  description: 'A part added by the permission matrix.',
  minimumOrderQuantity: 1,
  available: 5,
});
const bookingInput = (toolsId: string) => ({ toolsId, amount: 1, ...form });

const freshPart = async ({ shop }: World) => shop.createTool({ minimumOrderQuantity: 1, available: 5 });
/** A part with options, in 11 speeds, and its variant in 12 (docs/decisions/0052). */
const partWithVariant = async ({ shop }: World) => {
  const part = await shop.createTool({ minimumOrderQuantity: 1, available: 5, optionValues: { speeds: '11' } });
  const variant = await shop.createTool({ minimumOrderQuantity: 1, available: 5, variantOf: part.id, optionValues: { speeds: '12' } });
  return { part, variant };
};
const variantEdit = { price: 12.5, available: 5, minimumOrderQuantity: 1 };
/** An unpaid booking of the owner. */
const ownersBooking = async ({ shop, cast, partId }: World) => shop.caller(cast.owner.user).bookings.create(bookingInput(partId));
/** An unpaid booking of the owner whose card payment the provider has taken. */
const paidAtProvider = async ({ shop, cast, partId }: World) => {
  const booking = await shop.caller(cast.owner.user).bookings.create(bookingInput(partId));
  const intent = await openIntent(shop, cast.owner, booking._id);
  await payInBrowser(shop, intent);
  return { bookingId: booking._id, intentId: intent.id };
};
/** A review some customer posted, for an admin to remove. */
const someonesReview = async ({ shop, cast }: World) =>
  shop.caller(cast.otherCustomer.user).reviews.create({ rating: 2, text: 'Removed by the matrix.' });
/** The path of an image an admin uploaded. */
const uploadedImage = async ({ shop }: World) => {
  const saved = await shop.images.images.save(TINY_PNG);
  if (!('path' in saved)) throw new Error('the test image was refused');
  return saved.path;
};
const paidBookingId = async ({ shop, cast }: World) => (await paidLegacyBooking(shop, cast.owner)).booking._id;
/** The booking email queued for a fresh booking of the owner, for an admin to send again. */
const queuedEmail = async (world: World) => {
  const booking = await ownersBooking(world);
  const [email] = await world.shop.deps.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.bookingId, booking._id));
  return email!.id;
};
/** A webhook endpoint an admin registered (at a public address no test reaches: nothing sends here). */
const someEndpoint = async ({ shop }: World) => {
  const [endpoint] = await shop.deps.db
    .insert(webhookEndpoints)
    .values({ url: 'https://93.184.215.14/hooks', events: ['order.paid'], secret: 'whsec_bWF0cml4LXNlY3JldC1tYXRyaXgtc2VjcmV0' })
    .returning({ id: webhookEndpoints.id });
  return endpoint!.id;
};
/** A failed delivery of a test event, for an admin to replay. */
const failedDelivery = async (world: World) => {
  const endpointId = await someEndpoint(world);
  const [event] = await world.shop.deps.db
    .insert(webhookEvents)
    .values({ type: 'webhook.test', data: {} })
    .returning({ id: webhookEvents.id });
  const [delivery] = await world.shop.deps.db
    .insert(webhookDeliveries)
    .values({ eventId: event!.id, endpointId, status: 'failed' })
    .returning({ id: webhookDeliveries.id });
  return delivery!.id;
};
/** The subject's cart holding one of the world's parts, when the subject has an account. */
const subjectsCart = async ({ shop, partId }: World, subject: Subject) => {
  if (subject.account) await fillCart(shop, subject.account, [{ toolId: partId, quantity: 1 }]);
  return { shippingRateId: await rateId(shop, 'Standard (2–3 days)') };
};
/** An order the owner placed from their cart, unpaid. */
const ownersOrder = async ({ shop, cast, partId }: World) => {
  await fillCart(shop, cast.owner, [{ toolId: partId, quantity: 1 }]);
  return shop.caller(cast.owner.user).orders.place({
    address: berlinConsumer,
    phone: PHONE,
    shippingRateId: await rateId(shop, 'Standard (2–3 days)'),
  });
};
/** An order of the owner whose card payment the provider has taken. */
const orderPaidAtProvider = async (world: World) => {
  const order = await ownersOrder(world);
  const { paymentIntentId, clientSecret } = await world.shop.caller(world.cast.owner.user).orders.intent({ id: order._id });
  await payInBrowser(world.shop, { id: paymentIntentId, clientSecret });
  return { orderId: order._id, intentId: paymentIntentId };
};
const ownersPaidOrder = async (world: World) => {
  const order = await ownersOrder(world);
  return payOrder(world.shop, world.cast.owner, order);
};
/** The invoice of a paid order of the owner, as one of the order's documents. */
const ownersInvoice = async (world: World) => {
  const order = await ownersPaidOrder(world);
  const [invoice] = await world.shop.deps.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, order._id));
  return { orderId: order._id, documentId: invoice!.id };
};
const uniqueName = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

/** A top-level category with one subcategory, both empty, so any change of them is allowed. */
const someCategory = async ({ shop }: World) => {
  const slug = `matrix-${randomBytes(4).toString('hex')}`;
  const [parent] = await shop.deps.db.insert(categories).values({ name: 'Matrix', slug }).returning({ id: categories.id });
  const [child] = await shop.deps.db
    .insert(categories)
    .values({ name: 'Matrix child', slug: `${slug}-child`, parentId: parent!.id })
    .returning({ id: categories.id });
  return { id: parent!.id, slug, childId: child!.id };
};
/** A bike of the owner's, saved straight into the table so the cells never reach the bikes' limit. */
const ownersBike = async ({ shop, cast }: World) => {
  const [bike] = await shop.deps.db
    .insert(bikes)
    .values({ userId: cast.owner.user.id, name: uniqueName('Matrix bike'), standards: { speeds: '11' } })
    .returning({ id: bikes.id });
  return bike!.id;
};
/** The subject's bikes removed, so the bike it saves is within the limit. */
const noBikes = async ({ shop }: World, subject: Subject) => {
  if (subject.account) await shop.deps.db.delete(bikes).where(eq(bikes.userId, subject.account.user.id));
};
/** A shipping zone with one rate, for an admin to change. */
const someZone = async ({ shop }: World) => {
  const [zone] = await shop.deps.db
    .insert(shippingZones)
    .values({ name: uniqueName('Matrix zone') })
    .returning({ id: shippingZones.id });
  const [rate] = await shop.deps.db
    .insert(shippingRates)
    .values({ zoneId: zone!.id, name: 'Matrix rate', priceCents: 5_00 })
    .returning({ id: shippingRates.id });
  return { zoneId: zone!.id, rateId: rate!.id };
};
/** A discount code for an admin to change. */
const someCode = async ({ shop }: World) => {
  const [code] = await shop.deps.db
    .insert(discountCodes)
    .values({ code: uniqueName('M').replace(' ', '').toUpperCase(), kind: 'percent', value: 5_00 })
    .returning({ id: discountCodes.id });
  return code!.id;
};
const codeFields = () => ({
  code: uniqueName('M').replace(' ', '').toUpperCase(),
  kind: 'percent',
  value: 5,
  minSpend: 0,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
});
const someoneToPromote = async ({ shop }: World) => (await shop.createUser('user')).user;

const firebaseAccounts = new Map<string, string>();
/** A fresh Firebase ID token for the subject's own email (a new account for a visitor). */
async function ownSignIn(_world: World, subject: Subject): Promise<{ email: string; idToken: string }> {
  const email = subject.account?.user.email ?? `visitor-${randomBytes(5).toString('hex')}@example.com`;
  const password = firebaseAccounts.get(email) ?? 'matrix-secret-1';
  const created = firebaseAccounts.has(email);
  firebaseAccounts.set(email, password);
  const { idToken } = await signInForIdToken(
    `http://${inject('authEmulatorHost')}`,
    TEST_PROJECT_ID,
    { email, password },
    // The cast's accounts were opened before they were bound to an identity: only a verified
    // email may claim such an account.
    { create: !created, verified: true },
  );
  return { email, idToken };
}

const hasLiveSession = (subject: Subject) => ['owner', 'otherCustomer', 'admin'].includes(subject.name) && subject.account;

/**
 * Another session of a subject that has a valid one, so ending it leaves the subject's session for
 * the other cells; the others call with what they hold.
 */
async function secondSession({ shop }: World, subject: Subject): Promise<Record<string, string>> {
  if (!subject.account || !hasLiveSession(subject)) return subject.headers;
  return bearer((await shop.openSession(subject.account.user.id)).token);
}

/** A stand-in account of the subject's role, so signing out everywhere leaves the subject's sessions alone. */
async function standIn({ shop }: World, subject: Subject): Promise<Record<string, string>> {
  if (!subject.account || !hasLiveSession(subject)) return subject.headers;
  return (await shop.createUser(subject.account.user.role)).headers;
}

/** A stand-in account of the subject's role whose email is not verified yet, which may ask for a verification email. */
async function unverifiedStandIn({ shop }: World, subject: Subject): Promise<Record<string, string>> {
  if (!subject.account || !hasLiveSession(subject)) return subject.headers;
  return (await shop.createUser(subject.account.user.role, { emailVerified: false })).headers;
}

/** A mutation without input, sent with the given headers. */
function signOutCall(path: string, headers: Record<string, string>): HttpCall {
  const call = trpcCall(path);
  return { ...call, headers: { ...call.headers, ...headers } };
}

/** tRPC procedures by path. */
const procedures: Record<string, Operation<unknown>> = {
  'tools.list': op({ expected: PUBLIC, call: () => trpcCall('tools.list', { limit: 5 }) }),
  'tools.search': op({
    expected: PUBLIC,
    call: () => trpcCall('tools.search', { q: 'part', sort: 'price-asc', inStock: true, fits: { speeds: '11' }, limit: 5 }),
  }),
  'tools.byId': op({ expected: PUBLIC, call: (_f, { partId }) => trpcCall('tools.byId', { id: partId }) }),
  'tools.compatibility': op({ expected: PUBLIC, call: (_f, { partId }) => trpcCall('tools.compatibility', { id: partId }) }),
  'bikes.list': op({ expected: SIGNED_IN, call: () => trpcCall('bikes.list') }),
  'bikes.create': op({
    expected: SIGNED_IN,
    fixture: noBikes,
    call: () => trpcCall('bikes.create', { name: uniqueName('Matrix bike'), standards: { speeds: '12', freehub: 'sram-xdr' } }),
  }),
  'bikes.update': op({
    expected: OWNER_ONLY_UNSEEN,
    fixture: ownersBike,
    call: (id) => trpcCall('bikes.update', { id, name: uniqueName('Renamed bike'), standards: {} }),
  }),
  'bikes.remove': op({ expected: OWNER_ONLY_UNSEEN, fixture: ownersBike, call: (id) => trpcCall('bikes.remove', { id }) }),
  'tools.related': op({ expected: PUBLIC, call: (_f, { partId }) => trpcCall('tools.related', { id: partId }) }),
  'tools.create': op({ expected: ADMIN_ONLY, call: () => trpcCall('tools.create', newPart()) }),
  'tools.adminList': op({ expected: ADMIN_ONLY, call: () => trpcCall('tools.adminList', { limit: 5 }) }),
  'tools.adminById': op({ expected: ADMIN_ONLY, fixture: freshPart, call: (part) => trpcCall('tools.adminById', { id: part.id }) }),
  'tools.update': op({
    expected: ADMIN_ONLY,
    fixture: freshPart,
    call: (part) => trpcCall('tools.update', { ...newPart(), id: part.id, version: 1, availableWas: 5 }),
  }),
  'tools.adminVariants': op({
    expected: ADMIN_ONLY,
    fixture: freshPart,
    call: (part) => trpcCall('tools.adminVariants', { partId: part.id }),
  }),
  'tools.addVariant': op({
    expected: ADMIN_ONLY,
    fixture: partWithVariant,
    call: ({ part }) => trpcCall('tools.addVariant', { partId: part.id, optionValues: { speeds: '10' }, ...variantEdit }),
  }),
  'tools.updateVariant': op({
    expected: ADMIN_ONLY,
    fixture: partWithVariant,
    call: ({ variant }) =>
      trpcCall('tools.updateVariant', { id: variant.id, version: 1, availableWas: 5, optionValues: { speeds: '12' }, ...variantEdit }),
  }),
  'tools.retireVariant': op({
    expected: ADMIN_ONLY,
    fixture: partWithVariant,
    call: ({ variant }) => trpcCall('tools.retireVariant', { id: variant.id }),
  }),
  'tools.setHidden': op({
    expected: ADMIN_ONLY,
    fixture: freshPart,
    call: (part) => trpcCall('tools.setHidden', { id: part.id, hidden: true }),
  }),
  // Image bytes come only over POST /images: JSON cannot carry them, so even an admin's call is bad input.
  'tools.uploadImage': op({
    expected: { ...ADMIN_ONLY, admin: 400 },
    call: () => trpcCall('tools.uploadImage', { bytes: TINY_PNG.toString('base64') }),
  }),
  'tools.startCsvExport': op({ expected: ADMIN_ONLY, call: () => trpcCall('tools.startCsvExport') }),
  'tools.importCsv': op({
    expected: ADMIN_ONLY,
    call: () => trpcCall('tools.importCsv', { csv: PARTS_CSV_HEADER_LINE, mode: 'check' }),
  }),
  'categories.tree': op({ expected: PUBLIC, call: () => trpcCall('categories.tree') }),
  'categories.page': op({
    expected: PUBLIC,
    fixture: someCategory,
    call: (c) =>
      trpcCall('categories.page', {
        slug: c.slug,
        sort: 'price-asc',
        inStock: true,
        minPrice: 1,
        maxPrice: 100,
        fits: { speeds: '11' },
      }),
  }),
  'categories.trailOfPart': op({ expected: PUBLIC, call: (_f, { partId }) => trpcCall('categories.trailOfPart', { id: partId }) }),
  'search.suggest': op({ expected: PUBLIC, call: () => trpcCall('search.suggest', { q: 'part' }) }),
  'categories.create': op({ expected: ADMIN_ONLY, call: () => trpcCall('categories.create', { name: uniqueName('Matrix new') }) }),
  'categories.rename': op({
    expected: ADMIN_ONLY,
    fixture: someCategory,
    call: (c) => trpcCall('categories.rename', { id: c.id, name: uniqueName('Renamed') }),
  }),
  'categories.move': op({
    expected: ADMIN_ONLY,
    fixture: someCategory,
    call: (c) => trpcCall('categories.move', { id: c.childId, parentId: null }),
  }),
  'categories.reorder': op({
    expected: ADMIN_ONLY,
    fixture: someCategory,
    call: (c) => trpcCall('categories.reorder', { parentId: c.id, orderedIds: [c.childId] }),
  }),
  'categories.remove': op({
    expected: ADMIN_ONLY,
    fixture: someCategory,
    call: (c) => trpcCall('categories.remove', { id: c.childId }),
  }),
  'tools.remove': op({ expected: ADMIN_ONLY, fixture: freshPart, call: (part) => trpcCall('tools.remove', { id: part.id }) }),
  'reviews.list': op({ expected: PUBLIC, call: () => trpcCall('reviews.list', {}) }),
  'reviews.forPart': op({ expected: PUBLIC, call: (_f, { partId }) => trpcCall('reviews.forPart', { toolsId: partId }) }),
  'reviews.create': op({ expected: SIGNED_IN, call: () => trpcCall('reviews.create', { rating: 4, text: 'Runs smooth.' }) }),
  'reviews.remove': op({ expected: ADMIN_ONLY, fixture: someonesReview, call: (r) => trpcCall('reviews.remove', { id: r._id }) }),
  'bookings.create': op({ expected: SIGNED_IN, call: (_f, { partId }) => trpcCall('bookings.create', bookingInput(partId)) }),
  'bookings.mine': op({ expected: OWNER_ONLY, call: (_f, { cast }) => trpcCall('bookings.mine', { email: cast.owner.user.email }) }),
  'bookings.byId': op({ expected: OWNER_OR_ADMIN, fixture: ownersBooking, call: (b) => trpcCall('bookings.byId', { id: b._id }) }),
  'bookings.cancel': op({ expected: OWNER_OR_ADMIN, fixture: ownersBooking, call: (b) => trpcCall('bookings.cancel', { id: b._id }) }),
  'bookings.markPaid': op({
    expected: OWNER_OR_ADMIN,
    fixture: paidAtProvider,
    call: (p) => trpcCall('bookings.markPaid', { id: p.bookingId, transactionId: p.intentId }),
  }),
  'bookings.all': op({
    expected: ADMIN_ONLY,
    call: () => trpcCall('bookings.all', { limit: 5, status: 'paid', q: 'matrix', sort: 'oldest' }),
  }),
  'bookings.detail': op({ expected: ADMIN_ONLY, fixture: ownersBooking, call: (b) => trpcCall('bookings.detail', { id: b._id }) }),
  'bookings.ship': op({ expected: ADMIN_ONLY, fixture: paidBookingId, call: (id) => trpcCall('bookings.ship', { id }) }),
  'bookings.refund': op({ expected: ADMIN_ONLY, fixture: paidBookingId, call: (id) => trpcCall('bookings.refund', { id }) }),
  'users.createSession': op({
    expected: SESSION_EXCHANGE,
    fixture: ownSignIn,
    call: (signIn) => trpcCall('users.createSession', signIn),
  }),
  'users.isAdmin': op({
    expected: OWNER_OR_ADMIN,
    call: (_f, { cast }) => trpcCall('users.isAdmin', { email: cast.owner.user.email }),
  }),
  'users.me': op({ expected: SIGNED_IN, call: () => trpcCall('users.me') }),
  'users.signOut': op({ expected: SIGNED_IN, fixture: secondSession, call: (headers) => signOutCall('users.signOut', headers) }),
  'users.signOutEverywhere': op({
    expected: SIGNED_IN,
    fixture: standIn,
    call: (headers) => signOutCall('users.signOutEverywhere', headers),
  }),
  'users.sendVerificationEmail': op({
    expected: SIGNED_IN,
    fixture: unverifiedStandIn,
    call: (headers) => signOutCall('users.sendVerificationEmail', headers),
  }),
  'users.requestPasswordReset': op({
    expected: PUBLIC,
    call: (_f, { cast }) => trpcCall('users.requestPasswordReset', { email: cast.owner.user.email }),
  }),
  'users.list': op({ expected: ADMIN_ONLY, call: () => trpcCall('users.list', { q: 'matrix' }) }),
  'users.makeAdmin': op({
    expected: ADMIN_ONLY,
    fixture: someoneToPromote,
    call: (u) => trpcCall('users.makeAdmin', { email: u.email }),
  }),
  'users.remove': op({ expected: ADMIN_ONLY, fixture: someoneToPromote, call: (u) => trpcCall('users.remove', { id: u.id }) }),
  'users.auditLog': op({ expected: ADMIN_ONLY, call: () => trpcCall('users.auditLog', { q: 'order.' }) }),
  'emails.undelivered': op({ expected: ADMIN_ONLY, call: () => trpcCall('emails.undelivered', { limit: 5 }) }),
  'emails.retry': op({ expected: ADMIN_ONLY, fixture: queuedEmail, call: (id) => trpcCall('emails.retry', { id }) }),
  'overview.summary': op({ expected: ADMIN_ONLY, call: () => trpcCall('overview.summary') }),
  'webhooks.create': op({
    expected: ADMIN_ONLY,
    call: () => trpcCall('webhooks.create', { url: 'https://93.184.215.14/matrix', events: ['order.placed'] }),
  }),
  'webhooks.endpoints': op({ expected: ADMIN_ONLY, call: () => trpcCall('webhooks.endpoints') }),
  'webhooks.update': op({
    expected: ADMIN_ONLY,
    fixture: someEndpoint,
    call: (id) => trpcCall('webhooks.update', { id, enabled: false }),
  }),
  'webhooks.rotateSecret': op({
    expected: ADMIN_ONLY,
    fixture: someEndpoint,
    call: (id) => trpcCall('webhooks.rotateSecret', { id }),
  }),
  'webhooks.remove': op({ expected: ADMIN_ONLY, fixture: someEndpoint, call: (id) => trpcCall('webhooks.remove', { id }) }),
  'webhooks.sendTest': op({ expected: ADMIN_ONLY, fixture: someEndpoint, call: (id) => trpcCall('webhooks.sendTest', { id }) }),
  'webhooks.deliveries': op({ expected: ADMIN_ONLY, call: () => trpcCall('webhooks.deliveries', { limit: 5 }) }),
  'webhooks.replay': op({ expected: ADMIN_ONLY, fixture: failedDelivery, call: (id) => trpcCall('webhooks.replay', { id }) }),
  'overview.startOrderExport': op({
    expected: ADMIN_ONLY,
    call: () => trpcCall('overview.startOrderExport', { from: '2026-01-01', to: '2026-01-31' }),
  }),
  'users.updateProfile': op({
    expected: SIGNED_IN,
    call: () =>
      trpcCall('users.updateProfile', { displayName: 'Matrix Rider', photoUrl: '', phone: '555 0100', address: '1 Grid Road' }),
  }),
  'cart.view': op({ expected: SIGNED_IN, call: () => trpcCall('cart.view') }),
  'cart.preview': op({
    expected: PUBLIC,
    call: (_f, { partId }) => trpcCall('cart.preview', { lines: [{ toolId: partId, quantity: 1 }] }),
  }),
  'cart.add': op({ expected: SIGNED_IN, call: (_f, { partId }) => trpcCall('cart.add', { toolId: partId, quantity: 1 }) }),
  'cart.setQuantity': op({
    expected: SIGNED_IN,
    fixture: subjectsCart,
    call: (_f, { partId }) => trpcCall('cart.setQuantity', { toolId: partId, quantity: 2 }),
  }),
  'cart.remove': op({
    expected: SIGNED_IN,
    fixture: subjectsCart,
    call: (_f, { partId }) => trpcCall('cart.remove', { toolId: partId }),
  }),
  'cart.clear': op({ expected: SIGNED_IN, call: () => trpcCall('cart.clear') }),
  'cart.merge': op({
    expected: SIGNED_IN,
    call: (_f, { partId }) => trpcCall('cart.merge', { lines: [{ toolId: partId, quantity: 1 }] }),
  }),
  'orders.quote': op({ expected: SIGNED_IN, fixture: subjectsCart, call: () => trpcCall('orders.quote', { country: 'DE' }) }),
  'orders.quoteFromLines': op({
    expected: SIGNED_IN,
    call: (_f, { partId }) => trpcCall('orders.quoteFromLines', { country: 'DE', lines: [{ partId, quantity: 1 }] }),
  }),
  'orders.savedAddresses': op({ expected: SIGNED_IN, call: () => trpcCall('orders.savedAddresses') }),
  'orders.place': op({
    expected: SIGNED_IN,
    fixture: subjectsCart,
    call: (c) => trpcCall('orders.place', { address: berlinConsumer, phone: PHONE, shippingRateId: c.shippingRateId }),
  }),
  'orders.placeFromLines': op({
    expected: SIGNED_IN,
    fixture: subjectsCart,
    call: (c, { partId }) =>
      trpcCall('orders.placeFromLines', {
        address: berlinConsumer,
        phone: PHONE,
        shippingRateId: c.shippingRateId,
        lines: [{ partId, quantity: 1 }],
      }),
  }),
  'orders.mine': op({ expected: SIGNED_IN, call: () => trpcCall('orders.mine', { limit: 5 }) }),
  'orders.byId': op({ expected: OWNER_OR_ADMIN, fixture: ownersOrder, call: (o) => trpcCall('orders.byId', { id: o._id }) }),
  'orders.intent': op({ expected: OWNER_ONLY, fixture: ownersOrder, call: (o) => trpcCall('orders.intent', { id: o._id }) }),
  'orders.confirm': op({
    expected: OWNER_ONLY,
    fixture: orderPaidAtProvider,
    call: (p) => trpcCall('orders.confirm', { id: p.orderId, transactionId: p.intentId }),
  }),
  'orders.cancel': op({ expected: OWNER_OR_ADMIN, fixture: ownersOrder, call: (o) => trpcCall('orders.cancel', { id: o._id }) }),
  'orders.invoice': op({ expected: OWNER_OR_ADMIN, fixture: ownersPaidOrder, call: (o) => trpcCall('orders.invoice', { id: o._id }) }),
  'orders.all': op({ expected: ADMIN_ONLY, call: () => trpcCall('orders.all', { limit: 5, status: 'paid' }) }),
  'orders.afterSales': op({
    expected: OWNER_OR_ADMIN,
    fixture: ownersPaidOrder,
    call: (o) => trpcCall('orders.afterSales', { id: o._id }),
  }),
  'orders.document': op({
    expected: OWNER_OR_ADMIN,
    fixture: ownersInvoice,
    call: (d) => trpcCall('orders.document', { id: d.orderId, documentId: d.documentId }),
  }),
  'orders.ship': op({
    expected: ADMIN_ONLY,
    fixture: ownersPaidOrder,
    call: (o) => trpcCall('orders.ship', { id: o._id, carrier: 'dhl', trackingNumber: '00340434161094042557' }),
  }),
  'orders.refundLine': op({
    expected: ADMIN_ONLY,
    fixture: ownersPaidOrder,
    call: (o) => trpcCall('orders.refundLine', { id: o._id, bookingId: o.lines[0]!.bookingId }),
  }),
  'orders.refundShipping': op({
    expected: ADMIN_ONLY,
    fixture: ownersPaidOrder,
    call: (o) => trpcCall('orders.refundShipping', { id: o._id }),
  }),
  'orders.refundAmount': op({
    expected: ADMIN_ONLY,
    fixture: ownersPaidOrder,
    call: (o) => trpcCall('orders.refundAmount', { id: o._id, amount: 1 }),
  }),
  'settings.shop': op({ expected: PUBLIC, call: () => trpcCall('settings.shop') }),
  'settings.updateShop': op({
    expected: ADMIN_ONLY,
    fixture: ({ shop }) => shop.caller(null).settings.shop(),
    call: (current) => trpcCall('settings.updateShop', current),
  }),
  'settings.taxRates': op({ expected: ADMIN_ONLY, call: () => trpcCall('settings.taxRates') }),
  'settings.setTaxRate': op({ expected: ADMIN_ONLY, call: () => trpcCall('settings.setTaxRate', { country: 'MT', ratePercent: 18 }) }),
  'settings.removeTaxRate': op({
    expected: ADMIN_ONLY,
    fixture: ({ shop }) => shop.deps.db.insert(taxRates).values({ country: 'CY', rateBasisPoints: 19_00 }).onConflictDoNothing(),
    call: () => trpcCall('settings.removeTaxRate', { country: 'CY' }),
  }),
  'settings.shippingZones': op({ expected: ADMIN_ONLY, call: () => trpcCall('settings.shippingZones') }),
  'settings.createShippingZone': op({
    expected: ADMIN_ONLY,
    call: () => trpcCall('settings.createShippingZone', { name: uniqueName('Zone') }),
  }),
  'settings.renameShippingZone': op({
    expected: ADMIN_ONLY,
    fixture: someZone,
    call: (z) => trpcCall('settings.renameShippingZone', { id: z.zoneId, name: uniqueName('Renamed') }),
  }),
  'settings.deleteShippingZone': op({
    expected: ADMIN_ONLY,
    fixture: someZone,
    call: (z) => trpcCall('settings.deleteShippingZone', { id: z.zoneId }),
  }),
  'settings.setZoneCountries': op({
    expected: ADMIN_ONLY,
    fixture: someZone,
    call: (z) => trpcCall('settings.setZoneCountries', { id: z.zoneId, countries: [] }),
  }),
  'settings.addShippingRate': op({
    expected: ADMIN_ONLY,
    fixture: someZone,
    call: (z) => trpcCall('settings.addShippingRate', { zoneId: z.zoneId, name: 'Courier', price: 9.5, freeAbove: null }),
  }),
  'settings.editShippingRate': op({
    expected: ADMIN_ONLY,
    fixture: someZone,
    call: (z) => trpcCall('settings.editShippingRate', { id: z.rateId, name: 'Courier', price: 8, freeAbove: 100 }),
  }),
  'settings.removeShippingRate': op({
    expected: ADMIN_ONLY,
    fixture: someZone,
    call: (z) => trpcCall('settings.removeShippingRate', { id: z.rateId }),
  }),
  'settings.discountCodes': op({ expected: ADMIN_ONLY, call: () => trpcCall('settings.discountCodes') }),
  'settings.createDiscountCode': op({ expected: ADMIN_ONLY, call: () => trpcCall('settings.createDiscountCode', codeFields()) }),
  'settings.editDiscountCode': op({
    expected: ADMIN_ONLY,
    fixture: someCode,
    call: (id) => trpcCall('settings.editDiscountCode', { id, fields: codeFields() }),
  }),
  'settings.setDiscountCodeActive': op({
    expected: ADMIN_ONLY,
    fixture: someCode,
    call: (id) => trpcCall('settings.setDiscountCodeActive', { id, active: false }),
  }),
  'tools.priceBreaks': op({ expected: PUBLIC, call: (_f, { partId }) => trpcCall('tools.priceBreaks', { toolId: partId }) }),
  'tools.setPriceBreaks': op({
    expected: ADMIN_ONLY,
    call: (_f, { partId }) => trpcCall('tools.setPriceBreaks', { toolId: partId, breaks: [] }),
  }),
  // A customer key needs a business profile, which the cast's customers have not; a shop key, an admin.
  'apiKeys.create': op({
    expected: ADMIN_ONLY,
    call: () => trpcCall('apiKeys.create', { name: uniqueName('Matrix key'), scopes: ['catalogue:read'], forShop: true }),
  }),
  'apiKeys.list': op({ expected: SIGNED_IN, call: () => trpcCall('apiKeys.list') }),
  // A key the caller may not see is as if it did not exist.
  'apiKeys.revoke': op({
    expected: { ...signedOut, owner: 404, otherCustomer: 404, admin: 'ok' },
    fixture: ({ shop, cast }) =>
      shop.caller(cast.admin.user).apiKeys.create({ name: uniqueName('Matrix key'), scopes: ['catalogue:read'], forShop: true }),
    call: (created) => trpcCall('apiKeys.revoke', { id: created.apiKey.id }),
  }),
  'payments.createIntent': op({
    expected: OWNER_ONLY,
    fixture: ownersBooking,
    call: (b) => trpcCall('payments.createIntent', { bookingId: b._id }),
  }),
};

const json = (method: HttpCall['method'], url: string, payload: unknown): HttpCall => ({
  method,
  url,
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});
const q = encodeURIComponent;

/** REST routes by `METHOD /path` as Fastify lists them. */
const routes: Record<string, Operation<unknown>> = {
  'GET /health': op({ expected: PUBLIC, call: () => ({ method: 'GET', url: '/health' }) }),
  'GET /ready': op({ expected: PUBLIC, call: () => ({ method: 'GET', url: '/ready' }) }),
  'GET /robots.txt': op({ expected: PUBLIC, call: () => ({ method: 'GET', url: '/robots.txt' }) }),
  'GET /sitemap.xml': op({ expected: PUBLIC, call: () => ({ method: 'GET', url: '/sitemap.xml' }) }),
  'GET /sitemaps/pages.xml': op({ expected: PUBLIC, call: () => ({ method: 'GET', url: '/sitemaps/pages.xml' }) }),
  'GET /sitemaps/parts-:number.xml': op({ expected: PUBLIC, call: () => ({ method: 'GET', url: '/sitemaps/parts-1.xml' }) }),
  'GET /config.json': op({ expected: PUBLIC, call: () => ({ method: 'GET', url: '/config.json' }) }),
  'GET /review': op({ expected: PUBLIC, call: () => ({ method: 'GET', url: '/review?limit=5' }) }),
  'GET /tools': op({ expected: PUBLIC, call: () => ({ method: 'GET', url: '/tools?limit=5' }) }),
  'POST /tools': op({ expected: ADMIN_ONLY, call: () => json('POST', '/tools', newPart()) }),
  'DELETE /deleted': op({
    expected: ADMIN_ONLY,
    fixture: freshPart,
    call: (part) => ({ method: 'DELETE', url: `/deleted?amount=${part.id}` }),
  }),
  'POST /booking': op({ expected: SIGNED_IN, call: (_f, { partId }) => json('POST', '/booking', bookingInput(partId)) }),
  'GET /booking': op({
    expected: OWNER_ONLY,
    call: (_f, { cast }) => ({ method: 'GET', url: `/booking?email=${q(cast.owner.user.email)}` }),
  }),
  'GET /booking/:id': op({
    expected: OWNER_OR_ADMIN,
    fixture: ownersBooking,
    call: (b) => ({ method: 'GET', url: `/booking/${b._id}` }),
  }),
  'PATCH /booking/:id': op({
    expected: OWNER_OR_ADMIN,
    fixture: paidAtProvider,
    call: (p) => json('PATCH', `/booking/${p.bookingId}`, { transactionId: p.intentId }),
  }),
  'DELETE /booking': op({
    expected: OWNER_OR_ADMIN,
    fixture: ownersBooking,
    call: (b) => ({ method: 'DELETE', url: `/booking?amount=${b._id}` }),
  }),
  'GET /bookingss': op({ expected: ADMIN_ONLY, call: () => ({ method: 'GET', url: '/bookingss?limit=5' }) }),
  'GET /admin/orders.csv': op({
    expected: ADMIN_ONLY,
    call: () => ({ method: 'GET', url: '/admin/orders.csv?from=2026-01-01&to=2026-01-31' }),
  }),
  // The bearer of the session exchange is the Firebase ID token, whoever sends it.
  'PUT /user/:email': op({
    expected: SESSION_EXCHANGE,
    fixture: ownSignIn,
    call: (signIn) => ({ method: 'PUT', url: `/user/${q(signIn.email)}`, headers: bearer(signIn.idToken) }),
  }),
  'GET /admin/:email': op({
    expected: OWNER_OR_ADMIN,
    call: (_f, { cast }) => ({ method: 'GET', url: `/admin/${q(cast.owner.user.email)}` }),
  }),
  'GET /user': op({ expected: ADMIN_ONLY, call: () => ({ method: 'GET', url: '/user' }) }),
  'PUT /user/admin/:email': op({
    expected: ADMIN_ONLY,
    fixture: someoneToPromote,
    call: (u) => ({ method: 'PUT', url: `/user/admin/${q(u.email)}` }),
  }),
  'DELETE /user': op({
    expected: ADMIN_ONLY,
    fixture: someoneToPromote,
    call: (u) => ({ method: 'DELETE', url: `/user?amount=${u.id}` }),
  }),
  'POST /create-payment-intent': op({
    expected: OWNER_ONLY,
    fixture: ownersBooking,
    call: (b) => json('POST', '/create-payment-intent', { bookingId: b._id }),
  }),
  // The provider's signature is the credential here; a session changes nothing.
  'POST /webhooks/stripe': op({ expected: PUBLIC, fixture: signedSucceededEvent, call: (delivery) => delivery }),
  'GET /admin/parts.csv': op({ expected: ADMIN_ONLY, call: () => ({ method: 'GET', url: '/admin/parts.csv' }) }),
  'POST /admin/parts.csv': op({
    expected: ADMIN_ONLY,
    call: () => ({
      method: 'POST',
      url: '/admin/parts.csv?mode=check',
      payload: PARTS_CSV_HEADER_LINE,
      headers: { 'content-type': 'text/csv' },
    }),
  }),
  'POST /images': op({
    expected: ADMIN_ONLY,
    call: () => ({ method: 'POST', url: '/images', payload: TINY_PNG, headers: { 'content-type': 'image/png' } }),
  }),
  'GET /images/uploads/:file': op({
    expected: PUBLIC,
    fixture: uploadedImage,
    call: (img) => ({ method: 'GET', url: img }),
  }),
  'GET /api/docs': op({ expected: PUBLIC, call: () => ({ method: 'GET', url: '/api/docs' }) }),
  'GET /api/docs/start.js': op({ expected: PUBLIC, call: () => ({ method: 'GET', url: '/api/docs/start.js' }) }),
  'GET /api/docs/swagger-ui.css': op({ expected: PUBLIC, call: () => ({ method: 'GET', url: '/api/docs/swagger-ui.css' }) }),
  'GET /api/docs/swagger-ui-bundle.js': op({
    expected: PUBLIC,
    call: () => ({ method: 'GET', url: '/api/docs/swagger-ui-bundle.js' }),
  }),
  'GET /api/v1/openapi.json': op({ expected: PUBLIC, call: () => ({ method: 'GET', url: '/api/v1/openapi.json' }) }),
  'GET /api/v1/parts': op({ expected: PUBLIC, call: () => ({ method: 'GET', url: '/api/v1/parts?limit=5' }) }),
  'GET /api/v1/parts/search': op({ expected: PUBLIC, call: () => ({ method: 'GET', url: '/api/v1/parts/search?q=part' }) }),
  'GET /api/v1/parts/:id': op({ expected: PUBLIC, call: (_f, { partId }) => ({ method: 'GET', url: `/api/v1/parts/${partId}` }) }),
  'GET /api/v1/parts/:id/reviews': op({
    expected: PUBLIC,
    call: (_f, { partId }) => ({ method: 'GET', url: `/api/v1/parts/${partId}/reviews` }),
  }),
  'GET /api/v1/categories': op({ expected: PUBLIC, call: () => ({ method: 'GET', url: '/api/v1/categories' }) }),
  'GET /api/v1/orders': op({ expected: SIGNED_IN, call: () => ({ method: 'GET', url: '/api/v1/orders' }) }),
  'POST /api/v1/orders/quote': op({
    expected: SIGNED_IN,
    call: (_f, { partId }) => json('POST', '/api/v1/orders/quote', { country: 'DE', lines: [{ partId, quantity: 1 }] }),
  }),
  'POST /api/v1/orders': op({
    expected: SIGNED_IN,
    fixture: subjectsCart,
    call: (c, { partId }) =>
      json('POST', '/api/v1/orders', {
        address: berlinConsumer,
        phone: PHONE,
        shippingRateId: c.shippingRateId,
        lines: [{ partId, quantity: 1 }],
      }),
  }),
  'GET /api/v1/orders/:id': op({
    expected: OWNER_OR_ADMIN_UNSEEN,
    fixture: ownersOrder,
    call: (o) => ({ method: 'GET', url: `/api/v1/orders/${o._id}` }),
  }),
  'POST /api/v1/orders/:id/cancel': op({
    expected: OWNER_OR_ADMIN_UNSEEN,
    fixture: ownersOrder,
    call: (o) => ({ method: 'POST', url: `/api/v1/orders/${o._id}/cancel` }),
  }),
  'POST /vitals': op({ expected: PUBLIC, call: () => json('POST', '/vitals', { name: 'LCP', value: 1200, rating: 'good' }) }),
  // CORS preflights: no other origin is allowed by default, so nobody gets an answer.
  'OPTIONS *': op({
    expected: { ...PUBLIC, ...Object.fromEntries(subjectNames.map((name) => [name, 404])) },
    call: () => ({
      method: 'OPTIONS',
      url: '/tools',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    }),
  }),
};

/** A payment_intent.succeeded event for the owner's paid booking, signed as Stripe signs it. */
async function signedSucceededEvent(world: World): Promise<HttpCall> {
  const { intentId } = await paidAtProvider(world);
  const payload = JSON.stringify(eventFor('payment_intent.succeeded', await providerIntent(world.shop, intentId)));
  const signature = stripeFor(world.shop).webhooks.generateTestHeaderString({ payload, secret: TEST_STRIPE_KEYS.webhookSecret });
  return {
    method: 'POST',
    url: '/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  };
}

/** tRPC's one HTTP route; each procedure behind it has its own row above. */
const TRPC_ROUTE = /^[A-Z]+ \/trpc\//;

let world: World;

// Who may call what is the server's code deciding, the same whichever database holds the rows: the
// Postgres pass leaves the table to the PGlite one (describeOnce, test-database.ts).
describeOnce('the permission matrix', () => {
  beforeAll(async () => {
    const shop = await createTestShop();
    const cast = await createCast(shop);
    const part = await shop.createTool({ minimumOrderQuantity: 1, available: 100_000 });
    await openForCheckout(shop);
    world = { shop, cast, partId: part.id };
  });
  afterAll(() => world.shop.close());

  describe('the table', () => {
    it('has a row for every tRPC procedure', () => {
      expect(Object.keys(procedures).sort()).toEqual(Object.keys(procedureTypes()).sort());
    });

    it('has a row for every REST route', () => {
      const served = routeTable(world.shop.app).filter((route) => !TRPC_ROUTE.test(route));
      expect(Object.keys(routes).sort()).toEqual(served);
    });
  });

  const doors = [
    ...Object.entries(procedures).map(([path, operation]) => ({ title: `tRPC ${path}`, operation })),
    ...Object.entries(routes).map(([route, operation]) => ({ title: `REST ${route}`, operation })),
  ];

  for (const { title, operation } of doors) {
    describe(title, () => {
      for (const name of subjectNames) {
        const expected = operation.expected[name];
        it(`${name} → ${expected}`, async () => {
          const subject = world.cast.subjects[name];
          const fixture = operation.fixture ? await operation.fixture(world, subject) : undefined;
          const call = operation.call(fixture, world, subject);
          const before = await databaseFingerprint(world.shop.database.db);

          const headers = subject.freshHeaders ? await subject.freshHeaders() : subject.headers;
          const response = await world.shop.app.inject({ ...call, headers: { ...headers, ...call.headers } });
          const outcome = outcomeOf(response);

          if (expected === 'ok') {
            expect(outcome.status, response.body).toBeGreaterThanOrEqual(200);
            expect(outcome.status, response.body).toBeLessThan(300);
            return;
          }
          expect(outcome.status, response.body).toBe(expected);
          if (expected === 401) {
            const message =
              name === 'visitor'
                ? messages.signInRequired
                : name === 'removedUser'
                  ? messages.accountRemoved
                  : messages.sessionExpired;
            expect(outcome).toMatchObject({ code: 'UNAUTHORIZED', message });
          }
          if (expected === 403) expect(outcome.code).toBe('FORBIDDEN');
          expect(await databaseFingerprint(world.shop.database.db)).toEqual(before);
        });
      }
    });
  }
});
