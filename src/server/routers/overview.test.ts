// The admin overview through the tRPC caller and its service: bookings and paid revenue counted on
// the shop's own calendar days and months (Auckland here, 13 hours ahead of UTC in March, so UTC's
// day is the wrong one), cancelled and expired orders left out, the unpaid holds, and the parts
// whose stock is below their minimum order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { calendarDateIn } from '../../shared/overview';
import { shopOverview } from '../domains/reports/overview';
import { placeOrder } from '../testing/orders';
import { paidLegacyBooking, bookLegacyPart } from '../testing/payments';
import { createTestShop, type TestShop, type TestUser } from '../testing/test-shop';

const AUCKLAND = 'Pacific/Auckland';
/** Auckland's midnight starting 1 March 2026 (NZDT, UTC+13). */
const MARCH_1_MIDNIGHT = Date.parse('2026-02-28T11:00:00Z');
const minutes = (n: number) => n * 60_000;
const at = (ms: number) => new Date(ms);

describe('figures on the shop’s calendar days', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop({ shopTimeZone: AUCKLAND });
    // Each order's total is a different power of ten, so every sum tells which orders it took.
    await placeOrder(shop, { createdAt: at(MARCH_1_MIDNIGHT + minutes(10)), totalCents: 1_00 }); // 1 Mar, unpaid
    await placeOrder(shop, { createdAt: at(MARCH_1_MIDNIGHT - minutes(10)), totalCents: 10_00 }); // 28 Feb, unpaid
    await placeOrder(shop, { createdAt: at(MARCH_1_MIDNIGHT + minutes(15)), status: 'cancelled', totalCents: 100_00 });
    await placeOrder(shop, {
      createdAt: at(MARCH_1_MIDNIGHT + minutes(20)),
      status: 'cancelled',
      cancelReason: 'expired',
      totalCents: 1000_00,
    });
    // Booked on 27 February, paid ten minutes into 1 March.
    await placeOrder(shop, {
      createdAt: at(MARCH_1_MIDNIGHT - minutes(26 * 60)),
      status: 'paid',
      paidAt: at(MARCH_1_MIDNIGHT + minutes(10)),
      totalCents: 10_000_00,
    });
    // Booked and paid on 28 February, shipped since.
    await placeOrder(shop, {
      createdAt: at(MARCH_1_MIDNIGHT - minutes(120)),
      status: 'shipped',
      paidAt: at(MARCH_1_MIDNIGHT - minutes(60)),
      totalCents: 100_000_00,
    });
  });
  afterAll(() => shop.close());

  it('counts today and this month from the shop’s midnight, not UTC’s', async () => {
    const overview = await shopOverview(shop.database.db, { timeZone: AUCKLAND, now: at(MARCH_1_MIDNIGHT + minutes(30)) });
    expect(overview.today).toBe('2026-03-01');
    // The unpaid order ten minutes after midnight; not the one ten minutes before, nor the cancelled or expired ones.
    expect(overview.bookings.today).toEqual({ count: 1, total: 1 });
    expect(overview.bookings.month).toEqual({ count: 1, total: 1 });
    // Paid revenue counts when the money came, not when the order was placed.
    expect(overview.paid.today).toEqual({ count: 1, total: 10_000 });
    expect(overview.paid.month).toEqual({ count: 1, total: 10_000 });
  });

  it('keeps the days before the 1st out of the month but in the chart', async () => {
    const overview = await shopOverview(shop.database.db, { timeZone: AUCKLAND, now: at(Date.parse('2026-03-15T00:00:00Z')) });
    expect(overview.today).toBe('2026-03-15');
    expect(overview.bookings.today).toEqual({ count: 0, total: 0 });
    expect(overview.bookings.month).toEqual({ count: 1, total: 1 });
    expect(overview.paid.month).toEqual({ count: 1, total: 10_000 });
    expect(overview.days).toHaveLength(30);
    expect(overview.days[0]!.day).toBe('2026-02-14');
    expect(overview.days.at(-1)!.day).toBe('2026-03-15');
    const day = (date: string) => overview.days.find((entry) => entry.day === date);
    expect(day('2026-02-27')).toMatchObject({ bookings: { count: 1, total: 10_000 }, paid: { count: 0, total: 0 } });
    expect(day('2026-02-28')).toMatchObject({ bookings: { count: 2, total: 100_010 }, paid: { count: 1, total: 100_000 } });
    expect(day('2026-03-01')).toMatchObject({ bookings: { count: 1, total: 1 }, paid: { count: 1, total: 10_000 } });
    expect(day('2026-03-02')).toMatchObject({ bookings: { count: 0, total: 0 }, paid: { count: 0, total: 0 } });
  });

  it('counts a month that began 30 days ago on the 31st', async () => {
    // 31 March: the month began 30 days before today, a day more than the chart shows.
    const overview = await shopOverview(shop.database.db, { timeZone: AUCKLAND, now: at(Date.parse('2026-03-31T00:00:00Z')) });
    expect(overview.days[0]!.day).toBe('2026-03-02');
    expect(overview.bookings.month).toEqual({ count: 1, total: 1 });
    expect(overview.paid.month).toEqual({ count: 1, total: 10_000 });
  });

  it('is the same orders on UTC’s calendar, on other days', async () => {
    const overview = await shopOverview(shop.database.db, { timeZone: 'UTC', now: at(MARCH_1_MIDNIGHT + minutes(30)) });
    expect(overview.today).toBe('2026-02-28');
    // Both unpaid orders and the shipped one were placed on UTC's 28 February.
    expect(overview.bookings.today).toEqual({ count: 3, total: 100_011 });
    expect(overview.paid.today).toEqual({ count: 2, total: 110_000 });
    expect(overview.bookings.month.count).toBe(4);
  });

  it('gives the day clocks go back on its 25 hours', async () => {
    // Berlin leaves summer time at 03:00 on 25 October 2026: that day runs 22:00Z on the 24th to
    // 23:00Z on the 25th.
    const paidAt = (iso: string) => ({ createdAt: new Date(iso), paidAt: new Date(iso), status: 'paid' as const, totalCents: 7_00 });
    await placeOrder(shop, paidAt('2026-10-24T21:59:00Z')); // 24 Oct, 23:59 summer time
    await placeOrder(shop, paidAt('2026-10-24T22:01:00Z')); // 25 Oct, 00:01 summer time
    await placeOrder(shop, paidAt('2026-10-25T22:59:00Z')); // 25 Oct, 23:59 winter time
    await placeOrder(shop, paidAt('2026-10-25T23:01:00Z')); // 26 Oct, 00:01
    const overview = await shopOverview(shop.database.db, {
      timeZone: 'Europe/Berlin',
      now: new Date('2026-10-26T12:00:00Z'),
    });
    const day = (date: string) => overview.days.find((entry) => entry.day === date);
    expect(day('2026-10-24')).toMatchObject({ bookings: { count: 1, total: 7 }, paid: { count: 1, total: 7 } });
    expect(day('2026-10-25')).toMatchObject({ bookings: { count: 2, total: 14 }, paid: { count: 2, total: 14 } });
    expect(overview.bookings.today).toEqual({ count: 1, total: 7 });
  });

  it('sums every unpaid hold and names the oldest', async () => {
    const overview = await shopOverview(shop.database.db, { timeZone: AUCKLAND, now: new Date() });
    expect(overview.unpaidHolds).toEqual({ count: 2, total: 11, oldestAt: at(MARCH_1_MIDNIGHT - minutes(10)).toISOString() });
  });
});

describe('the overview procedure', () => {
  let shop: TestShop;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    shop = await createTestShop({ shopTimeZone: 'America/Los_Angeles' });
    admin = await shop.createUser('admin');
    customer = await shop.createUser('user');
  });
  afterAll(() => shop.close());

  it('shows what customers booked, paid and cancelled today', async () => {
    const { booking: paid } = await paidLegacyBooking(shop, customer);
    const { booking: held } = await bookLegacyPart(shop, customer, { priceCents: 20_00, quantity: 2 });
    const { booking: cancelled } = await bookLegacyPart(shop, customer, { priceCents: 99_00, quantity: 1 });
    await shop.caller(customer.user).bookings.cancel({ id: cancelled._id });

    const overview = await shop.caller(admin.user).overview.summary();
    const bookedTotal = (paid.price * 100 + held.price * 100) / 100;
    expect(overview.timeZone).toBe('America/Los_Angeles');
    expect(overview.today).toBe(calendarDateIn(new Date(), 'America/Los_Angeles'));
    expect(overview.bookings.today).toEqual({ count: 2, total: bookedTotal });
    expect(overview.paid.today).toEqual({ count: 1, total: paid.price });
    expect(overview.unpaidHolds).toEqual({ count: 1, total: 40, oldestAt: held.createdAt });
    expect(overview.days.at(-1)).toEqual({
      day: overview.today,
      bookings: { count: 2, total: bookedTotal },
      paid: { count: 1, total: paid.price },
    });
  });

  it('lists the parts whose stock is below their minimum order, fewest first', async () => {
    const empty = await shop.createTool({ name: 'Empty part', available: 0, minimumOrderQuantity: 1 });
    const short = await shop.createTool({ name: 'Short part', available: 3, minimumOrderQuantity: 5 });
    const hidden = await shop.createTool({ name: 'Hidden short part', available: 1, minimumOrderQuantity: 2, hidden: true });
    await shop.createTool({ name: 'Just enough part', available: 5, minimumOrderQuantity: 5 });
    await shop.createTool({ name: 'Retired part', available: 0, minimumOrderQuantity: 2, removedAt: new Date() });

    const { lowStock } = await shop.caller(admin.user).overview.summary();
    expect(lowStock.count).toBe(3);
    expect(lowStock.parts).toEqual([
      { _id: empty.id, name: 'Empty part', available: 0, minimumOrderQuantity: 1, hidden: false },
      { _id: hidden.id, name: 'Hidden short part', available: 1, minimumOrderQuantity: 2, hidden: true },
      { _id: short.id, name: 'Short part', available: 3, minimumOrderQuantity: 5, hidden: false },
    ]);
  });

  it('is for admins only', async () => {
    await expect(shop.caller(customer.user).overview.summary()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.adminOnly,
    });
    await expect(shop.caller(null).overview.summary()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
