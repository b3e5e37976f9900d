// The admin lists narrowed and searched: Manage orders by state, customer email, name and order
// number, newest or oldest first; Make Admin's users by email or name; the audit log by actor,
// action or subject. Every page is a keyset page that neither repeats nor skips a row.
import { randomBytes } from 'node:crypto';
import { ADMIN_SEARCH_MAX } from '../../shared/admin-lists';
import { orderStates, type BookingStatus, type OrderState } from '../../shared/bookings';
import { messages } from '../../shared/messages';
import { bookings } from '../db/schema';
import { recordAudit } from '../domains/audit/audit';
import { everyPage } from '../testing/keyset-pages';
import { describe, expect, test } from '../testing/fixtures';
import type { TestShop } from '../testing/test-shop';

/** A word of this run's own, so the searches find only the rows this file made. */
const tag = `t${randomBytes(3).toString('hex')}`;

type StoredColumns = Partial<typeof bookings.$inferInsert>;

/** The stored columns that make an order read as each state; a state not named here is its status. */
const storedFor: Partial<Record<OrderState, StoredColumns>> = {
  paid: { status: 'paid', transactionId: 'pi_list_paid', paidAt: new Date() },
  shipped: { status: 'shipped', transactionId: 'pi_list_shipped', paidAt: new Date(), shippedAt: new Date() },
  cancelled: { status: 'cancelled', cancelReason: 'admin', cancelledAt: new Date() },
  expired: { status: 'cancelled', cancelReason: 'expired', cancelledAt: new Date() },
  refunded: { status: 'refunded', transactionId: 'pi_list_refunded', paidAt: new Date(), refundId: 're_list', refundedAt: new Date() },
};
const stored = (state: OrderState): StoredColumns => storedFor[state] ?? { status: state as BookingStatus };

interface Made {
  id: string;
  orderNumber: number;
  state: OrderState;
  email: string;
}
const made: Made[] = [];

/** Two customers' orders, two in each state, alternating customers. */
async function makeOrders(shop: TestShop): Promise<void> {
  const tool = await shop.createTool();
  const people = [
    { user: await shop.createUser('user', { email: `${tag}-ada@example.com` }), name: `Ada ${tag} Lovelace` },
    { user: await shop.createUser('user', { email: `${tag}-bob_x@example.com` }), name: 'Bob Builder' },
  ];
  for (const [index, state] of [...orderStates, ...orderStates].entries()) {
    const person = people[index % 2]!;
    const [row] = await shop.database.db
      .insert(bookings)
      .values({
        toolId: tool.id,
        userId: person.user.user.id,
        toolName: tool.name,
        email: person.user.user.email,
        personName: person.name,
        phone: '5550100',
        address: '1 List Lane',
        quantity: 1,
        unitPriceCents: 1000,
        totalCents: 1000,
        ...stored(state),
        ...(stored(state).transactionId ? { transactionId: `pi_${tag}_${index}`, paymentIntentId: `pi_${tag}_${index}` } : {}),
      })
      .returning({ id: bookings.id, seq: bookings.seq });
    made.push({ id: row!.id, orderNumber: row!.seq, state, email: person.user.user.email });
  }
}

test.beforeAll(({ shop }) => makeOrders(shop));

const newestFirst = (rows: Made[]) => rows.map((row) => row.orderNumber).sort((a, b) => b - a);

describe('bookings.all filtered and searched', () => {
  test.for(orderStates)('lists only the %s orders', async (state, { shop, admin }) => {
    const page = await shop.caller(admin.user).bookings.all({ status: state, q: tag, limit: 100 });
    expect(page.items.map((order) => order.state)).toEqual([state, state]);
    expect(page.items.map((order) => order.orderNumber)).toEqual(newestFirst(made.filter((row) => row.state === state)));
  });

  test('finds a customer’s orders by the start of their email, in any case', async ({ shop, admin }) => {
    const page = await shop.caller(admin.user).bookings.all({ q: `${tag.toUpperCase()}-ADA`, limit: 100 });
    expect(page.items.map((order) => order.orderNumber)).toEqual(
      newestFirst(made.filter((row) => row.email.startsWith(`${tag}-ada`))),
    );
  });

  test('finds orders by the start of the customer’s name', async ({ shop, admin }) => {
    const page = await shop.caller(admin.user).bookings.all({ q: `ada ${tag}`, limit: 100 });
    expect(page.items).toHaveLength(orderStates.length);
    expect(page.items.every((order) => order.personName === `Ada ${tag} Lovelace`)).toBe(true);
    expect((await shop.caller(admin.user).bookings.all({ q: 'Lovelace', limit: 100 })).items).toEqual([]);
  });

  test('finds an order by its order number, with or without #', async ({ shop, admin }) => {
    const wanted = made[3]!;
    for (const q of [String(wanted.orderNumber), `#${wanted.orderNumber}`]) {
      const page = await shop.caller(admin.user).bookings.all({ q, limit: 100 });
      expect(page.items.map((order) => order._id)).toContain(wanted.id);
      expect(page.items.every((order) => order._id === wanted.id || order.email.startsWith(q))).toBe(true);
    }
  });

  test('takes % and _ in a search as themselves, not as wildcards', async ({ shop, admin }) => {
    expect((await shop.caller(admin.user).bookings.all({ q: `${tag}-bob_x`, limit: 100 })).items).toHaveLength(orderStates.length);
    expect((await shop.caller(admin.user).bookings.all({ q: `${tag}-bob%`, limit: 100 })).items).toEqual([]);
    expect((await shop.caller(admin.user).bookings.all({ q: `${tag}-bo_`, limit: 100 })).items).toEqual([]);
  });

  test('combines a state with a search', async ({ shop, admin }) => {
    const page = await shop.caller(admin.user).bookings.all({ q: `${tag}-bob`, status: 'expired', limit: 100 });
    expect(page.items.map((order) => order.orderNumber)).toEqual(
      newestFirst(made.filter((row) => row.state === 'expired' && row.email.startsWith(`${tag}-bob`))),
    );
  });

  test.for(['newest', 'oldest'] as const)(
    'pages through a search %s first without repeating or skipping',
    async (sort, { shop, admin }) => {
      const pages = await everyPage((cursor) => shop.caller(admin.user).bookings.all({ q: tag, sort, limit: 3, cursor }));
      expect(pages.every((page) => page.length <= 3)).toBe(true);
      const numbers = pages.flat().map((order) => order.orderNumber);
      const expected = newestFirst(made);
      expect(numbers).toEqual(sort === 'newest' ? expected : [...expected].reverse());
    },
  );

  test('pages through a state without repeating or skipping', async ({ shop, admin }) => {
    const pages = await everyPage((cursor) =>
      shop.caller(admin.user).bookings.all({ status: 'paid', sort: 'oldest', limit: 1, cursor }),
    );
    const numbers = pages.flat().map((order) => order.orderNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(numbers).toEqual(expect.arrayContaining(made.filter((row) => row.state === 'paid').map((row) => row.orderNumber)));
  });

  test('refuses an unknown state, sort or an overlong search with a clear 400', async ({ shop, admin }) => {
    const caller = shop.caller(admin.user);
    await expect(caller.bookings.all({ status: 'lost' as OrderState })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.orderStateInvalid,
    });
    await expect(caller.bookings.all({ sort: 'random' as 'newest' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.listSortInvalid,
    });
    await expect(caller.bookings.all({ q: 'a'.repeat(ADMIN_SEARCH_MAX + 1) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.adminSearchTooLong,
    });
    await expect(caller.bookings.all({ q: 'a\u0000' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.textHasControlCharacters,
    });
  });

  test('refuses a customer', async ({ shop, customer }) => {
    await expect(shop.caller(customer.user).bookings.all({ q: tag })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.adminOnly,
    });
  });
});

describe('bookings.detail', () => {
  test('shows an admin every field of an order, with its payment and history dates', async ({ shop, admin }) => {
    const shipped = made.find((row) => row.state === 'shipped')!;
    const order = await shop.caller(admin.user).bookings.detail({ id: shipped.id });
    expect(order).toMatchObject({
      _id: shipped.id,
      orderNumber: shipped.orderNumber,
      email: shipped.email,
      phone: '5550100',
      address: '1 List Lane',
      state: 'shipped',
    });
    expect(order.paymentIntentId).toMatch(new RegExp(`^pi_${tag}_`));
    expect(order.transaction).toBe(order.paymentIntentId);
    expect(order.paidAt).not.toBeNull();
    expect(order.shippedAt).not.toBeNull();
  });

  test('says when the order does not exist, and refuses a customer', async ({ shop, customer, admin }) => {
    await expect(shop.caller(admin.user).bookings.detail({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.orderNotFound,
    });
    await expect(shop.caller(customer.user).bookings.detail({ id: made[0]!.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(shop.caller(admin.user).bookings.detail({ id: 'nope' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.idInvalid,
    });
  });
});

describe('users.list searched', () => {
  test('finds users by the start of their email or name, in any case, and never removed ones', async ({ shop, admin }) => {
    const carol = await shop.createUser('user', { email: `${tag}-carol@example.com`, displayName: 'Carol Danvers' });
    const dave = await shop.createUser('user', { email: `dave-${tag}@example.com`, displayName: `${tag} Dave` });
    await shop.createUser('user', { email: `${tag}-gone@example.com`, removedAt: new Date() });

    const byEmail = await shop.caller(admin.user).users.list({ q: `${tag.toUpperCase()}-C` });
    expect(byEmail.items.map((user) => user._id)).toEqual([carol.user.id]);
    const byName = await shop.caller(admin.user).users.list({ q: `${tag} da` });
    expect(byName.items.map((user) => user._id)).toEqual([dave.user.id]);
    const everyone = await shop.caller(admin.user).users.list({ q: tag, limit: 100 });
    expect(everyone.items.map((user) => user.email)).not.toContain(`${tag}-gone@example.com`);
  });

  test('pages through a search in sign-up order without repeating or skipping', async ({ shop, admin }) => {
    const all = await shop.caller(admin.user).users.list({ q: tag, limit: 100 });
    const pages = await everyPage((cursor) => shop.caller(admin.user).users.list({ q: tag, limit: 1, cursor }));
    expect(pages.flat()).toEqual(all.items);
    // The last page, ending at the last match, says so: no empty page follows it.
    for (const page of pages) expect(page).toHaveLength(1);
    expect(all.items.length).toBeGreaterThanOrEqual(3);
  });

  test('refuses an overlong search, and a customer', async ({ shop, customer, admin }) => {
    await expect(shop.caller(admin.user).users.list({ q: 'x'.repeat(ADMIN_SEARCH_MAX + 1) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.adminSearchTooLong,
    });
    await expect(shop.caller(customer.user).users.list({ q: tag })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('users.auditLog searched', () => {
  test('finds actions by the start of the actor’s email, the action or the subject', async ({ shop, admin }) => {
    const otherAdmin = await shop.createUser('admin', { email: `${tag}-boss@example.com` });
    await recordAudit(shop.database.db, otherAdmin.user, 'order.ship', `Chain for someone (${tag})`);
    await recordAudit(shop.database.db, admin.user, 'part.hide', `${tag} Saddle`);
    await recordAudit(shop.database.db, admin.user, 'user.make_admin', `${tag}-new@example.com`);

    const caller = shop.caller(admin.user);
    expect((await caller.users.auditLog({ q: `${tag}-BOSS` })).items.map((event) => event.subject)).toEqual([
      `Chain for someone (${tag})`,
    ]);
    expect((await caller.users.auditLog({ q: `${tag} sad` })).items.map((event) => event.action)).toEqual(['part.hide']);
    const made = (await caller.users.auditLog({ q: 'user.make', limit: 100 })).items;
    expect(made.map((event) => event.subject)).toContain(`${tag}-new@example.com`);
    expect(made.every((event) => event.action === 'user.make_admin')).toBe(true);
  });

  test('pages through a search newest first without repeating or skipping', async ({ shop, admin }) => {
    for (let i = 0; i < 5; i++) await recordAudit(shop.database.db, admin.user, 'part.edit', `${tag} page ${i}`);
    const pages = await everyPage((cursor) => shop.caller(admin.user).users.auditLog({ q: `${tag} page`, limit: 2, cursor }));
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((event) => event.subject)).toEqual([4, 3, 2, 1, 0].map((i) => `${tag} page ${i}`));
  });

  test('refuses an overlong search, and a customer', async ({ shop, customer, admin }) => {
    await expect(shop.caller(admin.user).users.auditLog({ q: 'x'.repeat(ADMIN_SEARCH_MAX + 1) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.adminSearchTooLong,
    });
    await expect(shop.caller(customer.user).users.auditLog({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
