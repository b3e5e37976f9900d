// GET /admin/orders.csv through app.inject: the orders of a range of the shop's calendar days (Auckland
// here, 13 hours ahead of UTC in March), escaped as CSV with formula-looking cells made plain text,
// refused with a sentence for a bad range or a non-admin, audited, and streamed a page at a time.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { auditEvents } from '../db/schema';
import { placeOrder } from '../testing/orders';
import { createTestShop, type TestShop, type TestUser } from '../testing/test-shop';

const AUCKLAND = 'Pacific/Auckland';
/** Auckland's midnight starting 1 March 2026 (NZDT, UTC+13). */
const MARCH_1 = Date.parse('2026-02-28T11:00:00Z');
const MARCH_3 = MARCH_1 + 2 * 86_400_000;
const at = (ms: number) => new Date(ms);

let shop: TestShop;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  shop = await createTestShop({ shopTimeZone: AUCKLAND });
  admin = await shop.createUser('admin');
  customer = await shop.createUser('user');
});
afterAll(() => shop.close());

const exportUrl = (from: string, to: string) => `/admin/orders.csv?from=${from}&to=${to}`;

async function download(from: string, to: string) {
  const response = await shop.app.inject({ method: 'GET', url: exportUrl(from, to), headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return { response, rows: parse<Record<string, string>>(response.body, { bom: true, columns: true }) };
}

describe('the orders of a range of days', () => {
  it('holds every order placed from the first day’s midnight to the last day’s end, in the shop’s time zone', async () => {
    const before = await placeOrder(shop, { createdAt: at(MARCH_1 - 1000), toolName: 'Before' });
    const first = await placeOrder(shop, { createdAt: at(MARCH_1), toolName: 'First' });
    const paid = await placeOrder(shop, {
      createdAt: at(MARCH_1 + 3_600_000),
      status: 'paid',
      paidAt: at(MARCH_1 + 3_660_000),
      totalCents: 12_345_67,
      toolName: 'Paid',
    });
    const expired = await placeOrder(shop, {
      createdAt: at(MARCH_1 + 7_200_000),
      status: 'cancelled',
      cancelReason: 'expired',
      toolName: 'Expired',
    });
    const last = await placeOrder(shop, { createdAt: at(MARCH_3 - 1), toolName: 'Last' });
    const after = await placeOrder(shop, { createdAt: at(MARCH_3), toolName: 'After' });

    const { response, rows } = await download('2026-03-01', '2026-03-02');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="orders-2026-03-01-to-2026-03-02.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(rows.map((row) => row['Order number'])).toEqual([first, paid, expired, last].map((order) => String(order.seq)));
    expect(rows.map((row) => row['Order number'])).not.toContain(String(before.seq));
    expect(rows.map((row) => row['Order number'])).not.toContain(String(after.seq));
    // A byte order mark first, so spreadsheet programs read the file as UTF-8.
    expect(response.body.charCodeAt(0)).toBe(0xfeff);
    expect(rows[0]).toMatchObject({
      'Placed at': '2026-03-01 00:00:00',
      State: 'unpaid',
      Part: 'First',
      'Paid at': '',
      'Transaction id': '',
      'Shipped at': '',
      'Cancelled at': '',
    });
    expect(rows[1]).toMatchObject({
      'Placed at': '2026-03-01 01:00:00',
      State: 'paid',
      Total: '12345.67',
      'Unit price': '12345.67',
      'Paid at': '2026-03-01 01:01:00',
    });
    expect(rows[1]!['Transaction id']).toMatch(/^pi_test_/);
    expect(rows[2]).toMatchObject({ State: 'expired', 'Cancelled at': '2026-03-01 02:00:00' });
    expect(rows[3]).toMatchObject({ 'Placed at': '2026-03-02 23:59:59', Part: 'Last' });
  });

  it('gives a shipped order its shipped date', async () => {
    const march5 = MARCH_1 + 4 * 86_400_000;
    await placeOrder(shop, {
      createdAt: at(march5),
      status: 'shipped',
      paidAt: at(march5 + 60_000),
      shippedAt: at(march5 + 3_600_000),
      toolName: 'Shipped',
    });

    const { rows } = await download('2026-03-05', '2026-03-05');
    expect(rows).toEqual([expect.objectContaining({ State: 'shipped', 'Shipped at': '2026-03-05 01:00:00' })]);
  });

  it('escapes commas, quotes and line breaks, and makes cells that start like formulas plain text', async () => {
    const day = Date.parse('2026-04-10T00:00:00Z');
    await placeOrder(shop, {
      createdAt: at(day),
      personName: 'Smith, "Jo"',
      address: 'Flat 2\n10 Spoke Street',
      phone: '+1 555 0100',
      email: '=HYPERLINK("http://evil.example","click")',
      toolName: '@SUM(A1:A9)',
    });
    await placeOrder(shop, { createdAt: at(day + 1000), personName: '-2+3', address: '\t=1+1', phone: '\r=2' });

    const { response, rows } = await download('2026-04-10', '2026-04-10');
    expect(response.body).toContain('"Smith, ""Jo"""');
    expect(rows[0]).toMatchObject({
      Customer: 'Smith, "Jo"',
      Address: 'Flat 2\n10 Spoke Street',
      Phone: "'+1 555 0100",
      Email: '\'=HYPERLINK("http://evil.example","click")',
      Part: "'@SUM(A1:A9)",
    });
    expect(rows[1]).toMatchObject({ Customer: "'-2+3", Address: "'\t=1+1", Phone: "'\r=2" });
  });

  it('answers only the header row for a range without orders', async () => {
    const { response, rows } = await download('2020-01-01', '2020-01-31');
    expect(rows).toEqual([]);
    expect(
      response.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toHaveLength(1);
  });

  it('records who exported which range', async () => {
    await download('2026-05-01', '2026-05-31');
    const [event] = await shop.database.db
      .select({ actorEmail: auditEvents.actorEmail, action: auditEvents.action, subject: auditEvents.subject })
      .from(auditEvents)
      .where(sql`${auditEvents.subject} = '2026-05-01 to 2026-05-31'`);
    expect(event).toEqual({ actorEmail: admin.user.email, action: 'order.export', subject: '2026-05-01 to 2026-05-31' });
  });
});

describe('refusals', () => {
  const refusals = [
    { title: 'a last day before the first', from: '2026-03-02', to: '2026-03-01', message: messages.exportRangeReversed },
    { title: 'more than 366 days', from: '2025-01-01', to: '2026-01-02', message: messages.exportRangeTooLong },
    { title: 'a day that does not exist', from: '2026-02-30', to: '2026-03-01', message: messages.exportDateInvalid },
    { title: 'a date in another format', from: '03/01/2026', to: '2026-03-01', message: messages.exportDateInvalid },
    { title: 'no dates', from: '', to: '', message: messages.exportDateInvalid },
    // The day after 9999-12-31 reached the database as a date it cannot read: a 500.
    { title: 'the last day there is', from: '9999-12-31', to: '9999-12-31', message: messages.exportDateOutOfRange },
    { title: 'year 0, which Postgres does not have', from: '0000-01-01', to: '0000-01-02', message: messages.exportDateOutOfRange },
  ];
  for (const { title, from, to, message } of refusals) {
    it(`refuses ${title} with 400 and says why, auditing nothing`, async () => {
      const audited = await shop.database.db.$count(auditEvents);
      const response = await shop.app.inject({ method: 'GET', url: exportUrl(from, to), headers: admin.headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message } });
      expect(await shop.database.db.$count(auditEvents)).toBe(audited);
    });
  }

  it('takes a full year of 366 days', async () => {
    await download('2024-01-01', '2024-12-31');
  });

  it('refuses a customer (403) and a visitor (401)', async () => {
    const asCustomer = await shop.app.inject({ method: 'GET', url: exportUrl('2026-03-01', '2026-03-02'), headers: customer.headers });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: messages.adminOnly } });
    const asVisitor = await shop.app.inject({ method: 'GET', url: exportUrl('2026-03-01', '2026-03-02') });
    expect(asVisitor.statusCode).toBe(401);
    expect(asVisitor.headers['content-disposition']).toBeUndefined();
  });
});

describe('a read that fails before the first row', () => {
  it('is a server fault in the JSON error shape, not a download', async () => {
    await shop.database.db.execute(sql.raw('alter table bookings rename to bookings_away'));
    try {
      const response = await shop.app.inject({ method: 'GET', url: exportUrl('2026-03-01', '2026-03-02'), headers: admin.headers });
      expect(response.statusCode).toBe(500);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(response.json()).toEqual({ error: { code: 'INTERNAL_SERVER_ERROR', message: messages.serverError } });
    } finally {
      await shop.database.db.execute(sql.raw('alter table bookings_away rename to bookings'));
    }
  });
});

describe('a large export', () => {
  /** Enough orders to cross several export pages mid-tie; the long addresses make the file large. */
  const ROWS = 10_000;
  /** Each row carries an address this long, so the whole file (30 MB) is far larger than the bound below. */
  const ADDRESS_CHARS = 3_000;
  const HEAP_GROWTH_BOUND_BYTES = 12 * 1024 * 1024;

  it('streams 10,000 orders (30 MB) while the heap stays within a bound far below the file’s size', async () => {
    const customerRow = await shop.createUser('user');
    const part = await shop.createTool();
    await shop.database.db.execute(sql`
      insert into bookings (tool_id, user_id, tool_name, email, person_name, phone, address, quantity,
                            unit_price_cents, total_cents, created_at)
      select ${part.id}, ${customerRow.user.id}, 'Bulk part', 'bulk@example.com', 'Bulk ' || g, '555 0100',
             repeat('x', ${ADDRESS_CHARS}), 1, 1000, 1000,
             -- Three orders at each instant, instants a microsecond off whole seconds: pages must
             -- end and start mid-tie and mid-millisecond without skipping or repeating an order.
             '2026-06-01T00:00:00+12:00'::timestamptz + make_interval(secs => (g / 3) * 1.000001)
      from generate_series(1, ${ROWS}) g`);

    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const baseline = process.memoryUsage().heapUsed;
    let peakGrowth = 0;

    // Over a real socket: app.inject keeps what it has sent in memory, a client does not.
    const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}${exportUrl('2026-06-01', '2026-06-02')}`, { headers: admin.headers });
    expect(response.status).toBe(200);
    let bytes = 0;
    let chunks = 0;
    const decoder = new TextDecoder();
    const orderNumbers = new Set<string>();
    let unfinishedLine = '';
    let lines = 0;
    for await (const chunk of Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      const text = unfinishedLine + decoder.decode(chunk, { stream: true });
      const finished = text.split('\n');
      unfinishedLine = finished.pop()!;
      lines += finished.length;
      for (const line of finished) orderNumbers.add(/^(\d+),/.exec(line)?.[1] ?? 'header');
      if (++chunks % 200 === 0) {
        gc();
        peakGrowth = Math.max(peakGrowth, process.memoryUsage().heapUsed - baseline);
      }
    }
    // Every order once: as many lines as orders and the header, each a different order.
    expect(lines).toBe(ROWS + 1);
    expect(orderNumbers.size).toBe(ROWS + 1);
    expect(bytes).toBeGreaterThan(ROWS * ADDRESS_CHARS);
    expect(peakGrowth).toBeLessThan(HEAP_GROWTH_BOUND_BYTES);
    console.log(`orders export: ${(bytes / 1024 / 1024).toFixed(1)} MB, peak heap growth ${(peakGrowth / 1024 / 1024).toFixed(1)} MB`);
  }, 120_000);
});
