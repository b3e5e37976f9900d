// Fills a migrated database for the benchmark: the demo catalogue and reviews, customers with
// orders, parts with deep stock to book, parts whose pages are read uncached, one part whose small
// stock 50 connections fight over, reviews of one part, a thousand admin actions, and, for the
// scale scenario, 100,000 parts in the demo categories with their compatibility, 1,000,000 reviews (about ten a part), 1,000,000 bookings, 100,000
// users and 1,000,000 admin actions made with generate_series inside the database.
import { asc, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/database';
import { bookings, reviews, tools, users } from '../src/server/db/schema';
import { seedDemoData } from '../src/server/db/seed';

export interface Filled {
  adminId: string;
  customerIds: string[];
  /** Customers who book: many, as the booking rate limit is per customer. */
  bookerIds: string[];
  bookablePartIds: string[];
  /** Parts whose pages are read in turn, more of them than the read cache keeps: every read loads. */
  pagePartIds: string[];
  hotPartId: string;
  hotStock: number;
}

const CUSTOMERS = 50;
const BOOKERS = 5_000;
const ORDERS_PER_CUSTOMER = 20;
const BOOKABLE_PARTS = 200;
/** Twice the read cache's 2,000 entries, so a part's page read in turn is never still kept. */
const PAGE_PARTS = 4_000;
const HOT_STOCK = 500;
/** Reviews of the first bookable part, whose page the part-page scenarios load. */
const PART_REVIEWS = 30;
/** Admin actions in the audit log before the scale scenario adds its million. */
const AUDIT_EVENTS = 1_000;
/** What admins do, in the audit log's words; the fills take turns through them. */
const AUDIT_ACTIONS = ['order.ship', 'order.cancel', 'part.edit', 'part.hide', 'part.show', 'user.make_admin', 'review.remove'];

const benchPart = {
  img: '/images/parts/bike-headsets.svg',
  priceCents: 25_00,
  minimumOrderQuantity: 1,
  description: 'A part made for the benchmark, with a description about as long as the demo catalogue has.',
};

export async function fillDemoScale(db: Database): Promise<Filled> {
  await seedDemoData(db);
  const customers = await db
    .insert(users)
    .values(
      Array.from({ length: CUSTOMERS }, (_, index) => ({
        email: `bench-${index}@example.com`,
        displayName: `Bench Customer ${index}`,
      })),
    )
    .returning({ id: users.id, email: users.email });
  await db
    .insert(users)
    .values(Array.from({ length: BOOKERS }, (_, index) => ({ email: `booker-${index}@example.com`, displayName: `Booker ${index}` })));
  const bookable = await db
    .insert(tools)
    .values(
      Array.from({ length: BOOKABLE_PARTS }, (_, index) => ({ ...benchPart, name: `Bench part ${index}`, available: 1_000_000 })),
    )
    .returning({ id: tools.id, name: tools.name });
  await db.insert(tools).values({ ...benchPart, name: 'Bench hot part', available: HOT_STOCK });
  await db
    .insert(tools)
    .values(Array.from({ length: PAGE_PARTS }, (_, index) => ({ ...benchPart, name: `Bench page part ${index}`, available: 100 })));
  await db.insert(reviews).values(
    Array.from({ length: PART_REVIEWS }, (_, index) => ({
      toolId: bookable[0]!.id,
      name: `Bench reviewer ${index}`,
      img: '/images/avatars/default.svg',
      rating: 1 + (index % 5),
      text: 'Fits well, shifts cleanly, and arrived on time.',
    })),
  );

  await db.insert(bookings).values(
    customers.flatMap((customer, customerIndex) =>
      Array.from({ length: ORDERS_PER_CUSTOMER }, (_, orderIndex) => {
        const part = bookable[(customerIndex + orderIndex) % bookable.length]!;
        return {
          toolId: part.id,
          userId: customer.id,
          toolName: part.name,
          email: customer.email,
          personName: `Bench Customer ${customerIndex}`,
          phone: '5550100',
          address: '1 Benchmark Way',
          quantity: 2,
          unitPriceCents: benchPart.priceCents,
          totalCents: 2 * benchPart.priceCents,
          ...(orderIndex % 2 === 0 ? { status: 'paid' as const, transactionId: `pi_bench_${customerIndex}_${orderIndex}` } : {}),
          // A quarter ran out of time unpaid, so every state the admin filters by has orders.
          ...(orderIndex % 4 === 1 ? { status: 'cancelled' as const, cancelReason: 'expired', cancelledAt: new Date() } : {}),
        };
      }),
    ),
  );
  await db.execute(sql`
    insert into audit_events (actor_email, action, subject, created_at)
    select case when g % 4 = 0 then 'helper@example.com' else 'admin@example.com' end,
           (string_to_array(${AUDIT_ACTIONS.join(',')}, ','))[1 + g % ${AUDIT_ACTIONS.length}],
           'Bench part ' || g % ${BOOKABLE_PARTS} || ' for bench-' || g % ${CUSTOMERS} || '@example.com',
           now() - make_interval(secs => ${AUDIT_EVENTS} - g)
    from generate_series(1, ${AUDIT_EVENTS}) g`);
  return findFill(db);
}

/** The rows fillDemoScale made, found again (the scale scenario runs on the same database). */
export async function findFill(db: Database): Promise<Filled> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  const customers = await db.select({ id: users.id }).from(users).where(like(users.email, 'bench-%')).orderBy(asc(users.email));
  const bookers = await db.select({ id: users.id }).from(users).where(like(users.email, 'booker-%'));
  const bookable = await db.select({ id: tools.id }).from(tools).where(like(tools.name, 'Bench part %')).orderBy(asc(tools.seq));
  const pages = await db.select({ id: tools.id }).from(tools).where(like(tools.name, 'Bench page part %')).orderBy(asc(tools.seq));
  const [hot] = await db.select({ id: tools.id }).from(tools).where(eq(tools.name, 'Bench hot part'));
  if (!admin || !hot) throw new Error('the benchmark data is missing: run fillDemoScale first');
  return {
    adminId: admin.id,
    customerIds: customers.map((customer) => customer.id),
    bookerIds: bookers.map((booker) => booker.id),
    bookablePartIds: bookable.map((part) => part.id),
    pagePartIds: pages.map((part) => part.id),
    hotPartId: hot.id,
    hotStock: HOT_STOCK,
  };
}

export const SCALE = {
  parts: 100_000,
  /** Sellable rows: each scale part is its own first option (size S) and has two more (M, L). */
  variants: 300_000,
  reviews: 1_000_000,
  bookings: 1_000_000,
  customers: 1_000,
  users: 100_000,
  auditEvents: 1_000_000,
};

/** Adds the scale scenario's rows behind the demo-scale ones (which stay first in every list). */
export async function fillScale(db: Database): Promise<void> {
  await db.execute(sql`
    insert into users (email, display_name)
    select 'scale-' || g || '@example.com', 'Scale Customer ' || g from generate_series(1, ${SCALE.customers}) g`);
  // One kind of part in ten per word, so a search finds a tenth of the catalogue, not all of it;
  // one part in eight has less stock than its minimum order.
  await db.execute(sql`
    insert into tools (name, img, price_cents, minimum_order_quantity, available, description)
    select 'Scale part ' || g, ${benchPart.img}, 1000 + g % 9000, 1 + g % 5, case when g % 8 = 0 then 0 else 100 + g % 900 end,
      ${benchPart.description} || ' ' || (array['headset', 'cassette', 'handlebar', 'stem', 'derailleur',
        'seatpost', 'chainring', 'crankset', 'hub', 'spoke'])[1 + g % 10]
    from generate_series(1, ${SCALE.parts}) g`);
  // Every scale part goes into one of the demo tree's leaf categories in turn (a third of them under
  // Drivetrain), with the compatibility of one of six kinds of part: a tool that fits every bike,
  // chains, XD/XDR cassettes, HG cassettes, bottom brackets and disc wheels (docs/decisions/0048).
  await db.execute(sql`
    with leaves as (
      select array_agg(c.id order by c.slug) as ids, count(*)::int as total from categories c
      where not exists (select 1 from categories child where child.parent_id = c.id)
    )
    update tools set
      category_id = leaves.ids[(1 + tools.seq % leaves.total)::int],
      compatibility = (array[
        '{}',
        '{"speeds": ["11", "12"]}',
        '{"speeds": ["12"], "freehub": ["sram-xd", "sram-xdr"]}',
        '{"speeds": ["10", "11"], "freehub": ["shimano-hg"]}',
        '{"bottomBracket": ["bsa-68", "t47"]}',
        '{"wheelSize": ["622"], "brakeType": ["disc"]}'
      ]::jsonb[])[(1 + tools.seq % 6)::int]
    from leaves
    where tools.name like 'Scale part %'`);
  // Every part gets its share of the reviews, about ten each.
  await db.execute(sql`
    with parts as (select array_agg(id order by seq) as ids, count(*)::int as total from tools)
    insert into reviews (tool_id, name, img, rating, text, created_at)
    select parts.ids[1 + g % parts.total], 'Reviewer ' || g, '/images/avatar.svg', 1 + g % 5,
      'Review number ' || g || ' of the scale scenario: solid part, fair price, quick delivery.',
      now() - make_interval(secs => ${SCALE.reviews} - g)
    from generate_series(1, ${SCALE.reviews}) g, parts`);
  // Paid, shipped, cancelled and expired, none unpaid: old unpaid orders would set the hold-expiry
  // job to work during the load. Paid ones were paid five minutes after booking.
  await db.execute(sql`
    with parts as (select array_agg(id order by seq) as ids, array_agg(name order by seq) as names from tools where name like 'Scale part %'),
         customers as (select array_agg(id order by email) as ids, array_agg(email order by email) as emails,
                              array_agg(display_name order by email) as names from users where email like 'scale-%')
    insert into bookings (tool_id, user_id, tool_name, email, person_name, phone, address, quantity,
                          unit_price_cents, total_cents, status, transaction_id, cancel_reason, created_at, paid_at)
    select parts.ids[1 + g % ${SCALE.parts}], customers.ids[1 + g % ${SCALE.customers}],
           parts.names[1 + g % ${SCALE.parts}], customers.emails[1 + g % ${SCALE.customers}],
           customers.names[1 + g % ${SCALE.customers}], '5550100', '1 Scale Street', 2, 1000, 2000,
           case when g % 10 in (0, 5) then 'cancelled'::booking_status
                when g % 3 = 0 then 'shipped'::booking_status else 'paid'::booking_status end,
           case when g % 10 in (0, 5) then null else 'pi_scale_' || g end,
           case g % 10 when 0 then 'expired' when 5 then 'customer' end,
           now() - make_interval(secs => ${SCALE.bookings} - g),
           case when g % 10 in (0, 5) then null else now() - make_interval(secs => ${SCALE.bookings} - g) + interval '5 minutes' end
    from generate_series(1, ${SCALE.bookings}) g, parts, customers`);
  await db.execute(sql`
    insert into users (email, display_name, created_at)
    select 'member-' || g || '@example.com', (array['Ada', 'Ben', 'Cleo', 'Dev', 'Eve'])[1 + g % 5] || ' Member ' || g,
           now() - make_interval(secs => ${SCALE.users} - g)
    from generate_series(1, ${SCALE.users}) g`);
  await db.execute(sql`
    insert into audit_events (actor_email, action, subject, created_at)
    select 'scale-admin-' || g % 20 || '@example.com', (string_to_array(${AUDIT_ACTIONS.join(',')}, ','))[1 + g % ${AUDIT_ACTIONS.length}],
           'Scale part ' || g % ${SCALE.parts} || ' for scale-' || g % ${SCALE.customers} || '@example.com',
           now() - make_interval(secs => ${SCALE.auditEvents} - g)
    from generate_series(1, ${SCALE.auditEvents}) g`);
  // Last, so the reviews and bookings above name parts only. Each scale part comes in three sizes:
  // its own row is size S, its variants M and L, dearer, with stock of their own (docs/decisions/0052).
  await db.execute(sql`update tools set option_values = '{"size": "S"}' where name like 'Scale part %' and variant_of is null`);
  await db.execute(sql`
    insert into tools (name, img, price_cents, minimum_order_quantity, available, description, category_id,
                       compatibility, variant_of, option_values, variant_position, sku)
    select p.name, p.img, p.price_cents + size.extra, p.minimum_order_quantity, 50 + p.seq % 200, p.description,
           p.category_id, p.compatibility, p.id, jsonb_build_object('size', size.label), size.position,
           'SC-' || p.seq || '-' || size.label
    from tools p, (values ('M', 1, 500), ('L', 2, 1000)) as size(label, position, extra)
    where p.name like 'Scale part %' and p.variant_of is null`);
  await db.execute(sql`analyze`);
}
