// The single source of the database schema. `npm run db:generate` turns it into migrations/.
// Invariants the database can hold itself are declared here, not only in code.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { apiKeyKinds } from '../../shared/api-keys';
import { apiScopes, type ApiScope } from '../../shared/api-scopes';
import type { BikeSpec, Compatibility } from '../../shared/bike-standards';
import type { OptionValues } from '../../shared/part-options';
import { bookingStatuses } from '../../shared/bookings';
import type { Specification } from '../../shared/part-specifications';
import { checkoutStatuses } from '../../shared/checkouts';
import {
  discountKinds,
  discountUseStatuses,
  invoiceKinds,
  orderChannels,
  orderRefundKinds,
  orderStatuses,
} from '../../shared/commerce';
import { emailKinds, emailStatuses } from '../../shared/emails';
import { roles } from '../../shared/users';
import { webhookDeliveryStatuses } from '../../shared/webhooks';

/**
 * What the admin lists' searches compare a prefix of (docs/decisions/0024): the text in lower case,
 * cut to 128 characters so that any text fits a btree entry. An index on the same expression with
 * text_pattern_ops answers `like 'prefix%'` whatever the database's collation.
 */
export const searchKey = (column: AnyPgColumn) => sql`left(lower(${column}), 128)`;
const searchIndex = (name: string, column: AnyPgColumn) => index(name).using('btree', sql`${searchKey(column)} text_pattern_ops`);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Postgres's full-text document type; drizzle has no built-in column for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const userRole = pgEnum('user_role', roles);
export const apiKeyKind = pgEnum('api_key_kind', apiKeyKinds);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Sign-up order and the admin list's page cursor. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    /** The identity provider's user id: the account belongs to this identity, whatever its email becomes. */
    firebaseUid: text('firebase_uid'),
    /** Whether the provider said the email is verified, at the last session exchange. */
    emailVerified: boolean('email_verified').notNull().default(false),
    displayName: text('display_name'),
    photoUrl: text('photo_url'),
    /**
     * When the customer last set the name and photo on My Profile. From then on the shop's own
     * values are the account's, and sign-ins no longer copy the provider's over them.
     */
    profileEditedAt: timestamp('profile_edited_at', { withTimezone: true }),
    /** The phone and address the booking modal starts from; the customer's own, set on My Profile. */
    phone: text('phone'),
    address: text('address'),
    /** A company name and VAT ID on the profile make the customer a business (reverse charge, invoices). */
    companyName: text('company_name'),
    vatId: text('vat_id'),
    role: userRole('role').notNull().default('user'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * When the session check last read the provider's record of this account (disabled, deleted,
     * password reset); the accounts with live sessions or API keys checked longest ago go first.
     */
    identityCheckedAt: timestamp('identity_checked_at', { withTimezone: true }),
    /**
     * Since when, by the session check's last read, the provider no longer vouches for the account
     * (disabled or deleted there); null while it does. Its API keys are refused meanwhile.
     */
    identityDisownedAt: timestamp('identity_disowned_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_seq_unique').on(t.seq),
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_firebase_uid_unique').on(t.firebaseUid),
    searchIndex('users_email_search', t.email),
    searchIndex('users_display_name_search', t.displayName),
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Signed-in sessions: a session token names one row, and a request counts as signed in only while
 * the row exists, so signing out (one row) or out everywhere (all of a user's rows) ends it at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The token's own expiry; past it the row is only waiting to be swept. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * When the person signed in at the identity provider (the exchanged ID token's auth_time, by
     * the provider's clock): a password reset or revocation after it ends the session, as it ends
     * the provider's own tokens. Sessions from before this column count from the migration.
     */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires_at').on(t.expiresAt)],
);

/**
 * API keys for server-to-server calls (docs/api.md "API keys"): each acts as the account that
 * created it, within its scopes. Only the secret's SHA-256 is kept; the prefix is shown to
 * recognise a key. A revoked key keeps its row, so the list still shows when it was last used.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: apiKeyKind('kind').notNull(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    /** Hex SHA-256 of the whole key; a call's key is found by this, never compared in code. */
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().$type<ApiScope[]>().notNull(),
    createdAt: createdAt(),
    /** Written at most once a minute per key (domains/developers/api-key-use.ts). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_unique').on(t.secretHash),
    index('api_keys_user').on(t.userId, t.createdAt),
    index('api_keys_shop')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'shop'`),
    check(
      'api_keys_scopes_known',
      sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array[${sql.raw(apiScopes.map((scope) => `'${scope}'`).join(', '))}]::text[]`,
    ),
    check('api_keys_name_length', sql`char_length(${t.name}) between 1 and 60`),
  ],
);

/**
 * The catalogue's categories, a tree kept as each category's parent (docs/decisions/0047). A slug
 * names a category in its page's address and is unique in the whole shop, so moving a category
 * keeps its links; siblings are shown in their position order.
 */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** None for a top-level category. Deleting a parent that still has children is refused. */
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** Order among its siblings, smallest first. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('categories_slug_unique').on(t.slug),
    index('categories_parent_position').on(t.parentId, t.position),
    check('categories_not_own_parent', sql`${t.parentId} <> ${t.id}`),
  ],
);

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Catalog order and pagination cursor. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    img: text('img').notNull(),
    priceCents: integer('price_cents').notNull(),
    minimumOrderQuantity: integer('minimum_order_quantity').notNull(),
    available: integer('available').notNull(),
    description: text('description').notNull(),
    /** Hidden parts leave the shop for visitors but stay with admins, to be shown again. */
    hidden: boolean('hidden').notNull().default(false),
    /**
     * Counts the admin edits of the part: an edit names the version it started from and is refused
     * when another admin saved first, so no edit overwrites another silently.
     */
    version: integer('version').notNull().default(1),
    /** The category the part is shown in; none leaves it only in the whole catalogue. */
    categoryId: uuid('category_id').references(() => categories.id),
    /**
     * The bicycle standards the part depends on, each with every value it fits
     * (src/shared/bike-standards.ts); {} for a part that fits every bike, such as a tool.
     */
    compatibility: jsonb('compatibility').$type<Compatibility>().notNull().default({}),
    /** Parts are retired, never deleted, so past orders keep their part. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The words catalogue search matches: the name weighs more than the description. */
    searchDocument: tsvector('search_document')
      .notNull()
      .generatedAlwaysAs(sql`setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', description), 'B')`),
    // --- Part pages: the part's ratings, kept on it (docs/decisions/0050) ---
    /**
     * How many reviews the part has and the sum of their ratings, changed in the same transaction
     * as a review is posted or removed, so cards and the rating filter never read the reviews.
     */
    reviewCount: integer('review_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    // --- Part pages: the specifications table (docs/decisions/0053) ---
    /** The part's specifications table, rows in order (src/shared/part-specifications.ts); [] for none. */
    specifications: jsonb('specifications').$type<Specification[]>().notNull().default([]),
    // --- Part variants: a variant is a sellable row of its own (docs/decisions/0052) ---
    /**
     * The part this row is a variant of; null for a part, whose own row is its default variant.
     * Lists read parts only; bookings, holds and stock read any row.
     */
    variantOf: uuid('variant_of').references((): AnyPgColumn => tools.id),
    /** The stock-keeping unit, unique in the shop; null for none. */
    sku: text('sku'),
    /** The variant's options ({ speeds: '12' }, src/shared/part-options.ts); {} for a part without options. */
    optionValues: jsonb('option_values').$type<OptionValues>().notNull().default({}),
    /** A variant's place in its part's list of options, after the part's own row. */
    variantPosition: integer('variant_position').notNull().default(0),
    /**
     * On a part: the lowest price over it and its variants on sale, and their stock summed, kept by
     * the trigger tools_listed_figures in the transaction that changes either, so lists, filters,
     * sorts and counts read the part's row alone.
     */
    listedPriceCents: integer('listed_price_cents').notNull().default(0),
    listedAvailable: integer('listed_available').notNull().default(0),
    /** On a part: how many options a customer chooses from (its own row and its variants on sale); 1 without options. */
    variantCount: integer('variant_count').notNull().default(1),
  },
  (t) => [
    uniqueIndex('tools_seq_unique').on(t.seq),
    index('tools_search_document').using('gin', t.searchDocument),
    /** Catalogue sorted by price (the lowest of the part's variants), a page at a time: the seq breaks ties so the cursor is exact. */
    index('tools_part_price_seq')
      .on(t.listedPriceCents, t.seq)
      .where(sql`${t.removedAt} is null and ${t.variantOf} is null`),
    /** A category's page, a page at a time in price order (the catalogue order uses seq alone). */
    index('tools_part_category_price_seq')
      .on(t.categoryId, t.listedPriceCents, t.seq)
      .where(sql`${t.removedAt} is null and ${t.hidden} = false and ${t.variantOf} is null`),
    /** A category's page in the catalogue order or newest first. */
    index('tools_part_category_seq')
      .on(t.categoryId, t.seq)
      .where(sql`${t.removedAt} is null and ${t.hidden} = false and ${t.variantOf} is null`),
    /** A part's variants, in their order (the part page, the listed figures' trigger). */
    index('tools_variants')
      .on(t.variantOf, t.variantPosition)
      .where(sql`${t.variantOf} is not null`),
    uniqueIndex('tools_sku_unique')
      .on(t.sku)
      .where(sql`${t.sku} is not null`),
    /** The admin overview's parts that cannot be booked: less stock than their minimum order. */
    index('tools_below_minimum')
      .on(t.available, t.seq)
      .where(sql`${t.available} < ${t.minimumOrderQuantity} and ${t.removedAt} is null`),
    check('tools_price_not_negative', sql`${t.priceCents} >= 0`),
    check('tools_minimum_order_at_least_one', sql`${t.minimumOrderQuantity} >= 1`),
    check('tools_stock_not_negative', sql`${t.available} >= 0`),
    check('tools_compatibility_object', sql`jsonb_typeof(${t.compatibility}) = 'object'`),
    /** Every rating is 1 to 5, so their sum lies between the count and five times it (and neither is negative). */
    check('tools_rating_total_in_range', sql`${t.ratingTotal} between ${t.reviewCount} and 5 * ${t.reviewCount}`),
    check('tools_option_values_object', sql`jsonb_typeof(${t.optionValues}) = 'object'`),
    check('tools_not_own_variant', sql`${t.variantOf} <> ${t.id}`),
    check('tools_specifications_array', sql`jsonb_typeof(${t.specifications}) = 'array'`),
  ],
);

/**
 * A part's gallery (docs/decisions/0053): its pictures in order, each with its alt text. The first
 * (position 0) is the part's cover, always the same image as `tools.img`: the part-editing domain
 * writes both in one transaction.
 */
export const partImages = pgTable(
  'part_images',
  {
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    position: integer('position').notNull(),
    /** An image as `tools.img` names one: a shop image (/images/…) or an https address. */
    path: text('path').notNull(),
    alt: text('alt').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.toolId, t.position] }),
    check('part_images_position_in_range', sql`${t.position} between 0 and 7`),
    check('part_images_alt_length', sql`char_length(${t.alt}) between 1 and 200`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: uuid('user_id').references(() => users.id),
    /** The part the review is about; reviews of the shop as a whole have none. */
    toolId: uuid('tool_id').references(() => tools.id),
    name: text('name').notNull(),
    img: text('img').notNull(),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviews_seq_unique').on(t.seq),
    index('reviews_tool_seq').on(t.toolId, t.seq),
    check('reviews_rating_1_to_5', sql`${t.rating} between 1 and 5`),
  ],
);

export const bookingStatus = pgEnum('booking_status', bookingStatuses);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The part's name and the customer's name and email as they were when booked. */
    toolName: text('tool_name').notNull(),
    email: text('email').notNull(),
    personName: text('person_name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    status: bookingStatus('status').notNull().default('unpaid'),
    paymentIntentId: text('payment_intent_id'),
    /** The succeeded PaymentIntent's id, shown to the customer as the transaction id. */
    transactionId: text('transaction_id'),
    paymentError: text('payment_error'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /**
     * The provider's refund of the whole booking, once it succeeded: on a refunded order, or on a
     * cancelled one whose payment arrived after the cancel and was refunded automatically.
     */
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * The order this booking is a line of, when it was placed at checkout; its share of the order's
     * discount and its tax, as priced then (domains/checkout/pricing). Null on a Book Now booking.
     */
    orderId: uuid('order_id').references((): AnyPgColumn => orders.id),
    discountCents: integer('discount_cents'),
    taxCents: integer('tax_cents'),
    /** What the customer paid for this line: after its discount share, with its tax; a refund of the line gives this back. */
    chargedCents: integer('charged_cents'),
    /**
     * The parcel an order line left in: the shipment (with the carrier and tracking number it went
     * with, copied here so the line reads alone). Null until the line ships, and on Book Now bookings.
     */
    shipmentId: uuid('shipment_id').references((): AnyPgColumn => shipments.id),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bookings_seq_unique').on(t.seq),
    uniqueIndex('bookings_payment_intent_unique').on(t.paymentIntentId),
    /** The orders a payment paid (a basket's pays several): a refund made outside the shop names them. */
    index('bookings_transaction').on(t.transactionId).concurrently(),
    index('bookings_user_seq').on(t.userId, t.seq),
    index('bookings_order').on(t.orderId).concurrently(),
    /** Manage orders filtered by one state, newest or oldest first. */
    index('bookings_status_seq').on(t.status, t.seq),
    searchIndex('bookings_email_search', t.email),
    searchIndex('bookings_person_name_search', t.personName),
    index('bookings_unpaid_created')
      .on(t.createdAt)
      .where(sql`${t.status} = 'unpaid'`),
    /**
     * Orders by the time they were placed: the overview sums a range of days from the index alone
     * (status and total are in it), and the orders export reads a range in (created_at, seq) pages.
     */
    index('bookings_created_seq_status_total').on(t.createdAt, t.seq, t.status, t.totalCents),
    /** Paid revenue by the time it was paid, summed from the index alone. */
    index('bookings_paid_status_total')
      .on(t.paidAt, t.status, t.totalCents)
      .where(sql`${t.paidAt} is not null`),
    check('bookings_quantity_positive', sql`${t.quantity} >= 1`),
    check('bookings_line_amounts_not_negative', sql`${t.discountCents} >= 0 and ${t.taxCents} >= 0 and ${t.chargedCents} >= 0`),
    check('bookings_total_not_negative', sql`${t.totalCents} >= 0`),
    // The status is compared as text: the migration adding 'refunded' to the enum runs in one
    // transaction with these checks, and Postgres refuses to use a new enum value in the
    // transaction that added it.
    check(
      'bookings_paid_has_transaction',
      sql`(${t.status}::text in ('paid', 'shipped', 'refunded')) = (${t.transactionId} is not null)`,
    ),
    check('bookings_refund_recorded_whole', sql`(${t.refundId} is null) = (${t.refundedAt} is null)`),
    check('bookings_refunded_has_refund', sql`${t.status}::text <> 'refunded' or ${t.refundId} is not null`),
  ],
);

/** A basket's state: open while it can be paid, paid once its intent settled every booking, or closed. */
export const checkoutStatus = pgEnum('checkout_status', checkoutStatuses);

/**
 * A basket paid in one card payment: one PaymentIntent for the sum of its bookings' totals. The
 * bookings keep their own payment_intent_id for paying alone; a paid basket's bookings carry its
 * intent id as their transaction id (docs/decisions/0023-basket-checkout.md).
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Set once the provider made the intent; the intent's metadata names this checkout. */
    paymentIntentId: text('payment_intent_id'),
    totalCents: integer('total_cents').notNull(),
    status: checkoutStatus('status').notNull().default('open'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('checkouts_payment_intent_unique').on(t.paymentIntentId),
    index('checkouts_user').on(t.userId),
    check('checkouts_total_not_negative', sql`${t.totalCents} >= 0`),
  ],
);

/**
 * The bookings of a checkout. A join table, not a column on the booking: a booking may sit in
 * several checkouts over time (an abandoned one, then a later one), and only one of them pays it.
 */
export const checkoutBookings = pgTable(
  'checkout_bookings',
  {
    checkoutId: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
  },
  (t) => [primaryKey({ columns: [t.checkoutId, t.bookingId] }), index('checkout_bookings_booking').on(t.bookingId)],
);

/** Where an order placed at checkout stands: its lines (bookings) carry their own states after payment. */
export const orderStatus = pgEnum('order_status', orderStatuses);

/** Where an order came from: the cart's checkout, or a Book Now booking of one part. */
export const orderChannel = pgEnum('order_channel', orderChannels);

/**
 * An order placed at checkout: the cart's lines became bookings (its lines, bookings.order_id)
 * with their stock held until held_until, priced once (domains/checkout/pricing) and paid with
 * one PaymentIntent for the total. Every amount is as priced then, in integer minor units; the
 * total is always net plus tax. The customer quotes the number (SP-10000 and up).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 10_000 }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    email: text('email').notNull(),
    status: orderStatus('status').notNull().default('unpaid'),
    channel: orderChannel('channel').notNull().default('checkout'),
    currency: text('currency').notNull(),
    shipName: text('ship_name').notNull(),
    shipCompany: text('ship_company'),
    shipLine1: text('ship_line1').notNull(),
    shipLine2: text('ship_line2'),
    shipCity: text('ship_city').notNull(),
    shipPostalCode: text('ship_postal_code').notNull(),
    shipCountry: text('ship_country').notNull(),
    phone: text('phone').notNull(),
    /** The buyer's VAT ID, given at checkout (format-checked): a business buyer. */
    buyerVatId: text('buyer_vat_id'),
    /** Whether the prices were entered with tax when the order was priced, and how it was taxed. */
    pricesIncludeTax: boolean('prices_include_tax').notNull(),
    taxTreatment: text('tax_treatment').notNull(),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingMethod: text('shipping_method').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    shippingTaxCents: integer('shipping_tax_cents').notNull(),
    netCents: integer('net_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    paymentIntentId: text('payment_intent_id'),
    /** The card's message when the last payment attempt failed. */
    paymentError: text('payment_error'),
    /** The stock and any discount use are held until then; past it the order expires. */
    heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.number),
    uniqueIndex('orders_payment_intent_unique').on(t.paymentIntentId),
    index('orders_user_created').on(t.userId, t.createdAt),
    /** Hold expiry's scan: the unpaid orders whose hold has passed. */
    index('orders_unpaid_held_until')
      .on(t.heldUntil)
      .where(sql`${t.status} = 'unpaid'`),
    check('orders_total_is_net_plus_tax', sql`${t.totalCents} = ${t.netCents} + ${t.taxCents}`),
    check(
      'orders_amounts_not_negative',
      sql`least(${t.subtotalCents}, ${t.discountCents}, ${t.shippingCents}, ${t.shippingTaxCents}, ${t.netCents}, ${t.taxCents}) >= 0`,
    ),
    check('orders_paid_has_time', sql`${t.status}::text <> 'paid' or ${t.paidAt} is not null`),
  ],
);

/**
 * The shop's own settings, one row: its legal identity (as invoices print it), its currency, how
 * prices are entered and taxed, and how long a checkout holds stock. Changed only by admins, audited.
 */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    vatId: text('vat_id'),
    email: text('email').notNull(),
    currency: text('currency').notNull(),
    /** Prices entered with tax (what EU consumers see) or without it. */
    pricesIncludeTax: boolean('prices_include_tax').notNull(),
    /** Consumers in other EU countries pay their own country's rate (the One-Stop Shop). */
    ossEnabled: boolean('oss_enabled').notNull(),
    /** How long a checkout holds its stock and discount use for payment. */
    reservationMinutes: integer('reservation_minutes').notNull(),
    /**
     * Euros per unit of the shop's currency, in millionths (920000: 1 USD = 0.92 EUR), set by the
     * admin from the ECB's rate: an EU seller invoicing in another currency states the VAT in euros
     * too (Article 230 of the VAT Directive). Null while the shop invoices in euros or has not set it.
     */
    eurRateMillionths: integer('eur_rate_millionths'),
    /** Counts the edits: an edit names the version it started from, as part edits do. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_settings_one_row', sql`${t.id} = 1`),
    check('shop_settings_reservation_range', sql`${t.reservationMinutes} between 5 and 1440`),
    check('shop_settings_eur_rate_positive', sql`${t.eurRateMillionths} > 0`),
  ],
);

/** The VAT (or sales tax) rate per country, in basis points: 1900 is 19 %. */
export const taxRates = pgTable(
  'tax_rates',
  {
    country: text('country').primaryKey(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('tax_rates_range', sql`${t.rateBasisPoints} between 0 and 10000`)],
);

/** Where the shop ships: each country in at most one zone, each zone with its rates. */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('shipping_zones_name_unique').on(t.name)],
);

export const shippingZoneCountries = pgTable('shipping_zone_countries', {
  country: text('country').primaryKey(),
  zoneId: uuid('zone_id')
    .notNull()
    .references(() => shippingZones.id, { onDelete: 'cascade' }),
});

/** A way of shipping to a zone, at a price, free when the goods come to free_above_cents or more. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    freeAboveCents: integer('free_above_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    index('shipping_rates_zone').on(t.zoneId),
    check('shipping_rates_amounts_not_negative', sql`${t.priceCents} >= 0 and ${t.freeAboveCents} >= 0`),
  ],
);

/**
 * Quantity prices: from min_quantity units on, each unit costs unit_price_cents. Keyed by the
 * sellable unit, today the part (a part without options is its one variant).
 */
export const priceBreaks = pgTable(
  'price_breaks',
  {
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    minQuantity: integer('min_quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.toolId, t.minQuantity] }),
    check('price_breaks_quantity_above_one', sql`${t.minQuantity} >= 2`),
    check('price_breaks_price_not_negative', sql`${t.unitPriceCents} >= 0`),
  ],
);

export const discountKind = pgEnum('discount_kind', discountKinds);

/**
 * Discount codes: a percentage (basis points) or a fixed amount off the goods, from a minimum
 * spend, within dates, with limits overall and per customer counted from discount_uses.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper case; customers type it in any case. */
    code: text('code').notNull(),
    kind: discountKind('kind').notNull(),
    value: integer('value').notNull(),
    minSpendCents: integer('min_spend_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_unique').on(t.code),
    check('discount_codes_code_upper_case', sql`${t.code} = upper(${t.code})`),
    check('discount_codes_value_range', sql`${t.value} > 0 and (${t.kind}::text <> 'percent' or ${t.value} <= 10000)`),
    check('discount_codes_limits_positive', sql`${t.maxUses} >= 1 and ${t.maxUsesPerCustomer} >= 1`),
    check('discount_codes_min_spend_not_negative', sql`${t.minSpendCents} >= 0`),
  ],
);

export const discountUseStatus = pgEnum('discount_use_status', discountUseStatuses);

/**
 * One use of a code by one order: held with the order's reservation, spent when it is paid,
 * released when it lapses or is cancelled. Held and spent uses count against the limits.
 */
export const discountUses = pgTable(
  'discount_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => discountCodes.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    status: discountUseStatus('status').notNull().default('held'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('discount_uses_order_unique').on(t.orderId), index('discount_uses_code_user').on(t.codeId, t.userId)],
);

/** A customer's cart: what they mean to buy, holding no stock until checkout. */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.toolId] }), check('cart_lines_quantity_positive', sql`${t.quantity} >= 1`)],
);

export const invoiceKind = pgEnum('invoice_kind', invoiceKinds);

/**
 * Issued invoices and credit notes. An issued document is never edited: `document` keeps what was
 * printed (domains/invoices), and a refund is a new credit note that refers to its invoice.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: invoiceKind('kind').notNull(),
    /** e.g. INV-2026-000123: its series and a number without gaps (invoice_counters). */
    number: text('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    refersToInvoiceId: uuid('refers_to_invoice_id').references((): AnyPgColumn => invoices.id),
    totalCents: integer('total_cents').notNull(),
    document: jsonb('document').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    index('invoices_order').on(t.orderId),
    check('invoices_total_not_negative', sql`${t.totalCents} >= 0`),
    check('invoices_credit_note_refers', sql`(${t.kind}::text = 'credit_note') = (${t.refersToInvoiceId} is not null)`),
  ],
);

/**
 * The last number issued in each series (INV-2026, CN-2026). Taken by incrementing the row in the
 * transaction that stores the document, so numbers are sequential without gaps: a rolled-back
 * issue gives its number back, and the row lock puts concurrent issues in line.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('invoice_counters_not_negative', sql`${t.lastNumber} >= 0`)],
);

/**
 * One parcel of an order's lines, sent with a carrier under a tracking number: an order may ship
 * in several, each with its own email (the lines it covers are bookings.shipment_id).
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** One of src/shared/carriers.ts's ids. */
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('shipments_order').on(t.orderId, t.createdAt)],
);

export const orderRefundKind = pgEnum('order_refund_kind', orderRefundKinds);

/**
 * The shop's refunds of an order's payment: a line's charge, the shipping, or an amount, each
 * with the tax it reverses and its credit note. A row is written (refund_id null) before the
 * provider is asked, with the order's row locked, so concurrent refunds never pass what was paid;
 * it is removed if the provider refuses or cannot be reached.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The line refunded, for a refund of kind 'line'. */
    bookingId: uuid('booking_id').references(() => bookings.id),
    kind: orderRefundKind('kind').notNull(),
    /** Given back, with tax. */
    amountCents: integer('amount_cents').notNull(),
    /** The tax in amount_cents, reversed by the credit note. */
    taxCents: integer('tax_cents').notNull(),
    /** The provider's refund, once it took it. */
    refundId: text('refund_id'),
    creditNoteId: uuid('credit_note_id').references(() => invoices.id),
    actorId: uuid('actor_id').references(() => users.id),
    actorEmail: text('actor_email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_refunds_order').on(t.orderId, t.createdAt),
    /** A line, and the shipping, are refunded once. */
    uniqueIndex('order_refunds_line_once').on(t.bookingId),
    uniqueIndex('order_refunds_shipping_once')
      .on(t.orderId)
      .where(sql`${t.kind} = 'shipping'`),
    uniqueIndex('order_refunds_refund_unique').on(t.refundId),
    check('order_refunds_amounts', sql`${t.amountCents} > 0 and ${t.taxCents} >= 0 and ${t.taxCents} <= ${t.amountCents}`),
    check('order_refunds_line_names_booking', sql`(${t.kind}::text = 'line') = (${t.bookingId} is not null)`),
  ],
);

/** A customer's bikes, each with the standards its owner knows, for the catalogue's "fits my bike". */
export const bikes = pgTable(
  'bikes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** One value per standard the owner knows; a standard left out is not recorded. */
    standards: jsonb('standards').$type<BikeSpec>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('bikes_user').on(t.userId, t.createdAt),
    check('bikes_standards_object', sql`jsonb_typeof(${t.standards}) = 'object'`),
  ],
);

/** Shipping addresses a customer used, offered again at checkout. */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    company: text('company'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_addresses_user').on(t.userId, t.lastUsedAt)],
);

/**
 * Payments the shop gave back whole because no order could take them: a basket's payment that
 * arrived after the basket closed, or a booking's own payment arriving after another payment (its
 * basket's) had paid it. One row per intent, so a refund is recorded, audited and counted once
 * however many events tell of it (docs/decisions/0022).
 */
export const returnedPayments = pgTable(
  'returned_payments',
  {
    paymentIntentId: text('payment_intent_id').primaryKey(),
    refundId: text('refund_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The closed basket the payment was for, or null when it was a booking's own payment. */
    checkoutId: uuid('checkout_id').references(() => checkouts.id),
    /** The booking already paid otherwise, or null when the payment was a basket's. */
    bookingId: uuid('booking_id').references(() => bookings.id),
    /** The order the payment was for, when it arrived after the order was cancelled or expired. */
    orderId: uuid('order_id').references(() => orders.id),
    returnedAt: timestamp('returned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('returned_payments_amount_not_negative', sql`${t.amountCents} >= 0`),
    check('returned_payments_one_payer', sql`num_nonnulls(${t.checkoutId}, ${t.bookingId}, ${t.orderId}) = 1`),
  ],
);

/** Provider events already handled, so a repeated webhook delivery changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  bookingId: uuid('booking_id').references(() => bookings.id),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const emailKind = pgEnum('email_kind', emailKinds);
export const emailStatus = pgEnum('email_status', emailStatuses);

/**
 * The transactional outbox of the shop's emails: a row is written in the same transaction as the
 * order change it tells of, so an email is queued exactly when the change commits, and the sender
 * (domains/email/outbox-sender.ts) delivers it later, retrying with backoff; sending never holds up or
 * fails the order. A claimed row's next_attempt_at is pushed ahead for the claim's lease, so
 * another process skips it while it is being sent. Account emails (verification, password reset)
 * name no booking: their one-time link is made when they are sent, never stored here.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    kind: emailKind('kind').notNull(),
    /** The booking an order email tells of; null for an account email or an email about a whole order. */
    bookingId: uuid('booking_id').references(() => bookings.id),
    /** The order placed at checkout an email tells of, when it is about the whole order. */
    orderId: uuid('order_id').references(() => orders.id),
    /** The shipment a 'shipped' email about a whole order tells of (it names the lines in that parcel). */
    shipmentId: uuid('shipment_id').references((): AnyPgColumn => shipments.id),
    /** The refund a 'refunded' email about a whole order tells of. */
    orderRefundId: uuid('order_refund_id').references((): AnyPgColumn => orderRefunds.id),
    recipient: text('recipient').notNull(),
    status: emailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_outbox_seq_unique').on(t.seq),
    index('email_outbox_booking').on(t.bookingId),
    index('email_outbox_order').on(t.orderId).concurrently(),
    /** The sender's claim: the pending rows that are due, oldest first. */
    index('email_outbox_pending_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    /** How many account emails one address was sent lately (domains/accounts/account-emails.ts). */
    index('email_outbox_recipient_recent').on(t.recipient, t.kind, t.createdAt).concurrently(),
    check('email_outbox_attempts_not_negative', sql`${t.attempts} >= 0`),
    // Compared as text: the migration adding the account kinds to the enum runs in one transaction
    // with this check, and Postgres refuses a new enum value in the transaction that added it.
    check(
      'email_outbox_order_emails_name_one_order',
      sql`num_nonnulls(${t.bookingId}, ${t.orderId}) = (case when ${t.kind}::text in ('verify_email', 'password_reset') then 0 else 1 end)`,
    ),
  ],
);

/** Who did each admin action, and when. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id').references(() => users.id),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('audit_events_seq_unique').on(t.seq),
    searchIndex('audit_events_actor_email_search', t.actorEmail),
    searchIndex('audit_events_action_search', t.action),
    searchIndex('audit_events_subject_search', t.subject),
  ],
);

/**
 * Refunds made at the provider outside the shop (in its dashboard, say) of a payment that paid
 * orders: they mark no order refunded, and are recorded here once per refund, with an audit line
 * for the admin, however many events tell of them.
 */
export const outsideRefunds = pgTable(
  'outside_refunds',
  {
    refundId: text('refund_id').primaryKey(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('outside_refunds_amount_not_negative', sql`${t.amountCents} >= 0`)],
);

/**
 * Row counts kept by triggers in the same transaction as the rows they count
 * (migrations/0002), so showing a total never scans the table.
 */
export const rowCounts = pgTable('row_counts', {
  tableName: text('table_name').primaryKey(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
});

/**
 * Rate-limit counters shared by every server process on this database (auth/rate-limits.ts), in
 * the shape rate-limiter-flexible's Drizzle store reads and writes: one row per budget and client,
 * counted with one upsert; rows expired an hour ago are deleted by the store.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});

// --- Webhooks out (docs/decisions/0057) ---

/**
 * An admin's webhook endpoint: where the events it subscribes to are POSTed, signed with its own
 * secret the Standard Webhooks way. The secret (whsec_<base64>) is stored as it is, not hashed:
 * the shop needs it to sign every delivery, as a receiver needs it to verify.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it subscribes to (src/shared/webhooks.ts). */
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    /** A disabled endpoint gets no new deliveries, and its pending ones wait until it is enabled again. */
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_endpoints_seq_unique').on(t.seq),
    check('webhook_endpoints_some_events', sql`cardinality(${t.events}) >= 1`),
  ],
);

/**
 * One event the shop sends, recorded by a trigger in the transaction of the change it tells of
 * (an order placed, paid, shipped, refunded or cancelled; a part's stock falling below its minimum
 * order), with its payload's data as of that commit; only when some enabled endpoint subscribes.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_created').on(t.createdAt)],
);

export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', webhookDeliveryStatuses);

/**
 * One event to one endpoint, delivered from the outbox by the worker (domains/webhooks/sender.ts):
 * a claimed row's next_attempt_at is pushed past a lease, so another process skips it while it is
 * being sent. `attempts` counts the current series (a replay starts a new one).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: webhookDeliveryStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_seq_unique').on(t.seq),
    uniqueIndex('webhook_deliveries_event_endpoint').on(t.eventId, t.endpointId),
    index('webhook_deliveries_endpoint_seq').on(t.endpointId, t.seq),
    /** The sender's claim: the pending rows that are due, oldest first. */
    index('webhook_deliveries_pending_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('webhook_deliveries_attempts_not_negative', sql`${t.attempts} >= 0`),
  ],
);

/** Every attempt at a delivery, in order: when, how long, and what came back (or why nothing did). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    /** At most a few hundred bytes of the answer: receivers' bodies are not kept. */
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [
    uniqueIndex('webhook_attempts_seq_unique').on(t.seq),
    index('webhook_attempts_delivery_seq').on(t.deliveryId, t.seq),
    check('webhook_attempts_excerpt_short', sql`length(${t.responseExcerpt}) <= 500`),
  ],
);
