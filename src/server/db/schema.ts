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
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { bookingStatuses } from '../../shared/bookings';
import { checkoutStatuses } from '../../shared/checkouts';
import { emailKinds, emailStatuses } from '../../shared/emails';
import { roles } from '../../shared/users';

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
    role: userRole('role').notNull().default('user'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * When the session check last read the provider's record of this account (disabled, deleted,
     * password reset); the accounts with live sessions checked longest ago go first.
     */
    identityCheckedAt: timestamp('identity_checked_at', { withTimezone: true }),
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
    /** Parts are retired, never deleted, so past orders keep their part. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The words catalogue search matches: the name weighs more than the description. */
    searchDocument: tsvector('search_document')
      .notNull()
      .generatedAlwaysAs(sql`setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', description), 'B')`),
  },
  (t) => [
    uniqueIndex('tools_seq_unique').on(t.seq),
    index('tools_search_document').using('gin', t.searchDocument),
    /** Catalogue sorted by price, a page at a time: the seq breaks ties so the cursor is exact. */
    index('tools_listed_price_seq')
      .on(t.priceCents, t.seq)
      .where(sql`${t.removedAt} is null`),
    /** The admin overview's parts that cannot be booked: less stock than their minimum order. */
    index('tools_below_minimum')
      .on(t.available, t.seq)
      .where(sql`${t.available} < ${t.minimumOrderQuantity} and ${t.removedAt} is null`),
    check('tools_price_not_negative', sql`${t.priceCents} >= 0`),
    check('tools_minimum_order_at_least_one', sql`${t.minimumOrderQuantity} >= 1`),
    check('tools_stock_not_negative', sql`${t.available} >= 0`),
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bookings_seq_unique').on(t.seq),
    uniqueIndex('bookings_payment_intent_unique').on(t.paymentIntentId),
    /** The orders a payment paid (a basket's pays several): a refund made outside the shop names them. */
    index('bookings_transaction').on(t.transactionId).concurrently(),
    index('bookings_user_seq').on(t.userId, t.seq),
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
    returnedAt: timestamp('returned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('returned_payments_amount_not_negative', sql`${t.amountCents} >= 0`),
    check('returned_payments_one_order', sql`(${t.checkoutId} is null) <> (${t.bookingId} is null)`),
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
    /** The order an order email tells of; null for an account email. */
    bookingId: uuid('booking_id').references(() => bookings.id),
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
      'email_outbox_order_emails_name_a_booking',
      sql`(${t.kind}::text in ('verify_email', 'password_reset')) = (${t.bookingId} is null)`,
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
