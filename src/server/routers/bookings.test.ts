// Booking rules through the tRPC caller: stock, quantity limits, ownership, cancel and ship.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import { messages } from '../../shared/messages';
import { auditEvents, bookings } from '../db/schema';
import { stockOf } from '../testing/booking-load';

const form = { phone: '+1 555 0100', address: '1 Chainring Road, Portland' };

describe('bookings.create', () => {
  test('reserves stock and computes the total on the server', async ({ shop, customer }) => {
    const tool = await shop.createTool({ priceCents: 39_00, minimumOrderQuantity: 5, available: 43 });
    const booking = await shop.caller(customer.user).bookings.create({ toolsId: tool.id, amount: 5, ...form });

    expect(booking).toMatchObject({
      toolsId: tool.id,
      toolsName: tool.name,
      email: customer.user.email,
      personName: customer.user.displayName,
      amount: 5,
      price: 195,
      paid: false,
      transaction: null,
      status: 'unpaid',
    });
    expect(await stockOf(shop.database.db, tool.id)).toBe(38);
  });

  test('refuses a booking below the minimum order and keeps the stock', async ({ shop, customer }) => {
    const tool = await shop.createTool({ minimumOrderQuantity: 5, available: 43 });
    await expect(shop.caller(customer.user).bookings.create({ toolsId: tool.id, amount: 4, ...form })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.quantityOutOfRange,
    });
    expect(await stockOf(shop.database.db, tool.id)).toBe(43);
  });

  test('refuses a booking above the available stock with 409', async ({ shop, customer }) => {
    const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 3 });
    await expect(shop.caller(customer.user).bookings.create({ toolsId: tool.id, amount: 4, ...form })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.outOfStock(3),
    });
    expect(await stockOf(shop.database.db, tool.id)).toBe(3);
  });

  test('refuses a total the customer was not shown', async ({ shop, customer }) => {
    const tool = await shop.createTool({ priceCents: 10_00, minimumOrderQuantity: 1, available: 5 });
    await expect(shop.caller(customer.user).bookings.create({ toolsId: tool.id, amount: 2, price: 1, ...form })).rejects.toMatchObject(
      { code: 'BAD_REQUEST', message: messages.priceChanged },
    );
    expect(await stockOf(shop.database.db, tool.id)).toBe(5);
  });

  test('refuses fractional and negative quantities and a missing phone', async ({ shop, customer }) => {
    const tool = await shop.createTool();
    const caller = shop.caller(customer.user);
    await expect(caller.bookings.create({ toolsId: tool.id, amount: 2.5, ...form })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.bookings.create({ toolsId: tool.id, amount: -3, ...form })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.bookings.create({ toolsId: tool.id, amount: 2, phone: '', address: 'x' })).rejects.toMatchObject({
      message: messages.phoneRequired,
    });
    expect(await stockOf(shop.database.db, tool.id)).toBe(10);
  });

  test('refuses an unknown or retired part with 404', async ({ shop, customer }) => {
    const tool = await shop.createTool({ removedAt: new Date() });
    const caller = shop.caller(customer.user);
    await expect(caller.bookings.create({ toolsId: tool.id, amount: 2, ...form })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      caller.bookings.create({ toolsId: '00000000-0000-4000-8000-000000000000', amount: 2, ...form }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: messages.partNotFound });
  });

  test('requires a signed-in customer', async ({ shop }) => {
    const tool = await shop.createTool();
    await expect(shop.caller(null).bookings.create({ toolsId: tool.id, amount: 2, ...form })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: messages.signInRequired,
    });
  });

  test('never oversells when 100 bookings race for the same part', async ({ shop }) => {
    const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 37 });
    const customers = await Promise.all(Array.from({ length: 10 }, () => shop.createUser('user')));
    const attempts = Array.from({ length: 100 }, (_, i) =>
      shop.caller(customers[i % customers.length]!.user).bookings.create({ toolsId: tool.id, amount: 1, ...form }),
    );
    const results = await Promise.allSettled(attempts);
    const accepted = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');

    expect(accepted).toHaveLength(37);
    expect(refused.every((r) => (r.reason as { code?: string }).code === 'CONFLICT')).toBe(true);
    expect(await stockOf(shop.database.db, tool.id)).toBe(0);
    const rows = await shop.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.toolId, tool.id));
    expect(rows).toHaveLength(37);
  });
});

describe('bookings.mine and byId', () => {
  test('lists only the caller’s own orders, newest first', async ({ shop, otherCustomer }) => {
    const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 100 });
    const me = await shop.createUser('user');
    const first = await shop.caller(me.user).bookings.create({ toolsId: tool.id, amount: 1, ...form });
    const second = await shop.caller(me.user).bookings.create({ toolsId: tool.id, amount: 2, ...form });
    await shop.caller(otherCustomer.user).bookings.create({ toolsId: tool.id, amount: 3, ...form });

    const page = await shop.caller(me.user).bookings.mine({});
    expect(page.items.map((b) => b._id)).toEqual([second._id, first._id]);
  });

  test('gives each order a number in booking order, its state and the date of each change', async ({ shop, admin }) => {
    const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 100 });
    const me = await shop.createUser('user');
    const first = await shop.caller(me.user).bookings.create({ toolsId: tool.id, amount: 1, ...form });
    const second = await shop.caller(me.user).bookings.create({ toolsId: tool.id, amount: 2, ...form });
    expect(second.orderNumber).toBeGreaterThan(first.orderNumber);
    expect(first).toMatchObject({ state: 'unpaid', paidAt: null, shippedAt: null, cancelledAt: null });
    expect(new Date(first.createdAt).toISOString()).toBe(first.createdAt);

    await shop.database.db.execute(
      sql`update bookings set status = 'paid', transaction_id = 'pi_dated', paid_at = now() where id = ${first._id}`,
    );
    await shop.caller(admin.user).bookings.ship({ id: first._id });
    await shop.database.db.execute(
      sql`update bookings set status = 'cancelled', cancel_reason = 'expired', cancelled_at = now() where id = ${second._id}`,
    );

    const shipped = await shop.caller(me.user).bookings.byId({ id: first._id });
    expect(shipped).toMatchObject({ orderNumber: first.orderNumber, status: 'shipped', state: 'shipped', cancelledAt: null });
    expect(Date.parse(shipped.paidAt ?? '')).toBeLessThanOrEqual(Date.parse(shipped.shippedAt ?? ''));
    const expired = await shop.caller(me.user).bookings.byId({ id: second._id });
    expect(expired).toMatchObject({ status: 'cancelled', state: 'expired', paidAt: null });
    expect(Date.parse(expired.cancelledAt ?? '')).toBeGreaterThanOrEqual(Date.parse(expired.createdAt));
  });

  test('shows a customer’s orders as they are now, whoever changed them', async ({ shop }) => {
    const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 100 });
    const me = await shop.createUser('user');
    const booked = await shop.caller(me.user).bookings.create({ toolsId: tool.id, amount: 2, ...form });
    const mine = async () => {
      const response = await shop.app.inject({ url: '/trpc/bookings.mine', headers: me.headers });
      expect(response.statusCode).toBe(200);
      return response.json<{ result: { data: { items: Array<{ _id: string; status: string }> } } }>().result.data.items;
    };
    expect(await mine()).toEqual([expect.objectContaining({ _id: booked._id, status: 'unpaid' })]);

    // Written behind this process's back (as another server process would): seen at once.
    await shop.database.db.execute(sql`update bookings set status = 'paid', transaction_id = 'pi_elsewhere' where id = ${booked._id}`);
    expect(await mine()).toEqual([expect.objectContaining({ _id: booked._id, status: 'paid' })]);
    const another = await shop.caller(me.user).bookings.create({ toolsId: tool.id, amount: 1, ...form });
    expect((await mine()).map((order) => order._id)).toEqual([another._id, booked._id]);
  });

  test('gives each customer only their own orders for the same URL, and none to a session that has ended', async ({ shop, admin }) => {
    const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 100 });
    const [me, neighbour] = [await shop.createUser('user'), await shop.createUser('user')];
    const mine = await shop.caller(me.user).bookings.create({ toolsId: tool.id, amount: 1, ...form });
    const theirs = await shop.caller(neighbour.user).bookings.create({ toolsId: tool.id, amount: 2, ...form });
    const url = `/trpc/bookings.mine?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { limit: 50 } }))}`;
    const ordersOf = async (headers: { authorization: string }) => {
      const response = await shop.app.inject({ url, headers });
      return { status: response.statusCode, body: response.json<Array<{ result?: { data: { items: Array<{ _id: string }> } } }>>() };
    };
    const idsOf = (answer: Awaited<ReturnType<typeof ordersOf>>) => answer.body[0]?.result?.data.items.map((order) => order._id);

    // The same URL, asked twice by each.
    for (let round = 0; round < 2; round++) {
      expect(idsOf(await ordersOf(me.headers))).toEqual([mine._id]);
      expect(idsOf(await ordersOf(neighbour.headers))).toEqual([theirs._id]);
    }

    await shop.caller(admin.user).users.remove({ id: me.user.id });
    const afterRemoval = await ordersOf(me.headers);
    expect(afterRemoval.status).toBe(401);
    expect(idsOf(afterRemoval)).toBeUndefined();
    expect(idsOf(await ordersOf(neighbour.headers))).toEqual([theirs._id]);
  });

  test('refuses to list another customer’s orders by email', async ({ shop, customer, otherCustomer }) => {
    await expect(shop.caller(customer.user).bookings.mine({ email: otherCustomer.user.email })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  test('shows an order to its owner and admins only', async ({ shop, customer, otherCustomer, admin }) => {
    const tool = await shop.createTool();
    const booking = await shop.caller(customer.user).bookings.create({ toolsId: tool.id, amount: 2, ...form });

    await expect(shop.caller(customer.user).bookings.byId({ id: booking._id })).resolves.toMatchObject({ _id: booking._id });
    await expect(shop.caller(admin.user).bookings.byId({ id: booking._id })).resolves.toMatchObject({ _id: booking._id });
    await expect(shop.caller(otherCustomer.user).bookings.byId({ id: booking._id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.notYourOrder,
    });
    await expect(shop.caller(null).bookings.byId({ id: booking._id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(shop.caller(customer.user).bookings.byId({ id: 'not-an-id' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('bookings.cancel', () => {
  test('lets the owner cancel an unpaid order, returns the stock and hides it from their list', async ({ shop, customer }) => {
    const tool = await shop.createTool({ minimumOrderQuantity: 2, available: 10 });
    const booking = await shop.caller(customer.user).bookings.create({ toolsId: tool.id, amount: 4, ...form });
    expect(await stockOf(shop.database.db, tool.id)).toBe(6);

    await expect(shop.caller(customer.user).bookings.cancel({ id: booking._id })).resolves.toEqual({ deletedCount: 1 });
    expect(await stockOf(shop.database.db, tool.id)).toBe(10);
    const mine = await shop.caller(customer.user).bookings.mine({});
    expect(mine.items.map((b) => b._id)).not.toContain(booking._id);
  });

  test('shows the returned stock in the catalogue at once after a cancel', async ({ shop, customer }) => {
    const tool = await shop.createTool({ minimumOrderQuantity: 2, available: 10 });
    const booking = await shop.caller(customer.user).bookings.create({ toolsId: tool.id, amount: 4, ...form });
    // A visitor's read keeps the part in the shop's read cache with 6 left.
    await expect(shop.caller(null).tools.byId({ id: tool.id })).resolves.toMatchObject({ available: 6 });

    await shop.caller(customer.user).bookings.cancel({ id: booking._id });

    await expect(shop.caller(null).tools.byId({ id: tool.id })).resolves.toMatchObject({ available: 10 });
  });

  test('never deadlocks when a customer books and cancels the same part at once, and keeps the stock exact', async ({ shop }) => {
    const tool = await shop.createTool({ minimumOrderQuantity: 1, available: 1_000 });
    const me = await shop.createUser('user');
    const book = () => shop.caller(me.user).bookings.create({ toolsId: tool.id, amount: 1, ...form });
    const earlier = await Promise.all(Array.from({ length: 40 }, book));

    const outcomes = await Promise.allSettled([
      ...earlier.map((booking) => shop.caller(me.user).bookings.cancel({ id: booking._id })),
      ...earlier.map(book),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    expect(await stockOf(shop.database.db, tool.id)).toBe(1_000 - 40);
    expect((await shop.caller(me.user).bookings.mine({ limit: 100 })).items).toHaveLength(40);
  });

  test('refuses another customer and keeps the order', async ({ shop, customer, otherCustomer }) => {
    const tool = await shop.createTool();
    const booking = await shop.caller(customer.user).bookings.create({ toolsId: tool.id, amount: 2, ...form });
    await expect(shop.caller(otherCustomer.user).bookings.cancel({ id: booking._id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(shop.caller(customer.user).bookings.byId({ id: booking._id })).resolves.toMatchObject({ status: 'unpaid' });
  });

  test('lets an admin cancel a customer’s unpaid order and records it in the audit log', async ({ shop, customer, admin }) => {
    const tool = await shop.createTool({ available: 10 });
    const booking = await shop.caller(customer.user).bookings.create({ toolsId: tool.id, amount: 2, ...form });
    await shop.caller(admin.user).bookings.cancel({ id: booking._id });

    expect(await stockOf(shop.database.db, tool.id)).toBe(10);
    const { items: log } = await shop.caller(admin.user).users.auditLog();
    expect(log[0]).toMatchObject({ actorEmail: admin.user.email, action: 'order.cancel' });
    expect(log[0]?.subject).toContain(booking.orderId);
  });

  test('refuses to cancel twice', async ({ shop, customer }) => {
    const tool = await shop.createTool();
    const booking = await shop.caller(customer.user).bookings.create({ toolsId: tool.id, amount: 2, ...form });
    await shop.caller(customer.user).bookings.cancel({ id: booking._id });
    await expect(shop.caller(customer.user).bookings.cancel({ id: booking._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderCancelled,
    });
    expect(await stockOf(shop.database.db, tool.id)).toBe(10);
  });
});

describe('bookings.all and ship', () => {
  test('lists every customer’s orders for an admin only', async ({ shop, customer, otherCustomer, admin }) => {
    const tool = await shop.createTool();
    const booking = await shop.caller(otherCustomer.user).bookings.create({ toolsId: tool.id, amount: 2, ...form });
    const all = await shop.caller(admin.user).bookings.all({ limit: 100 });
    expect(all.items.map((b) => b._id)).toContain(booking._id);
    await expect(shop.caller(customer.user).bookings.all({})).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.adminOnly,
    });
    await expect(shop.caller(null).bookings.all({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  test('ships only paid orders', async ({ shop, customer, admin }) => {
    const tool = await shop.createTool();
    const booking = await shop.caller(customer.user).bookings.create({ toolsId: tool.id, amount: 2, ...form });
    await expect(shop.caller(admin.user).bookings.ship({ id: booking._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderNotPaid,
    });
    await shop.database.db.update(bookings).set({ status: 'paid', transactionId: 'pi_test_paid' }).where(eq(bookings.id, booking._id));
    await expect(shop.caller(customer.user).bookings.ship({ id: booking._id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(shop.caller(admin.user).bookings.ship({ id: booking._id })).resolves.toMatchObject({
      status: 'shipped',
      paid: true,
      transaction: 'pi_test_paid',
    });
    const shipAudits = await shop.database.db
      .select({ subject: auditEvents.subject, actorEmail: auditEvents.actorEmail })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'order.ship'));
    expect(shipAudits.filter((audit) => audit.subject.includes(booking._id))).toEqual([
      { subject: `${tool.name} for ${customer.user.email} (${booking._id})`, actorEmail: admin.user.email },
    ]);
    await expect(shop.caller(admin.user).bookings.ship({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.orderNotFound,
    });
  });

  test('refuses to cancel a paid order', async ({ shop, customer }) => {
    const tool = await shop.createTool();
    const booking = await shop.caller(customer.user).bookings.create({ toolsId: tool.id, amount: 2, ...form });
    await shop.database.db
      .update(bookings)
      .set({ status: 'paid', transactionId: 'pi_test_paid_2' })
      .where(eq(bookings.id, booking._id));
    await expect(shop.caller(customer.user).bookings.cancel({ id: booking._id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.orderAlreadyPaid,
    });
    expect(await stockOf(shop.database.db, tool.id)).toBe(8);
  });
});
