// GET and POST /admin/parts.csv through app.inject: every part (hidden ones too, not deleted ones)
// downloads in the file's columns with formula-looking cells made plain text; a file imports row
// by row with a report by line, all or nothing, audited once; a check writes nothing; only admins.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { DEFAULT_PART_IMAGE } from '../../shared/constants';
import { PARTS_CSV_MAX_BYTES, PARTS_CSV_MAX_ROWS, type PartsCsvReport } from '../../shared/parts-csv';
import { auditEvents, categories, tools } from '../db/schema';
import { createTestShop, type TestShop, type TestUser } from '../testing/test-shop';

const HEADER = [
  'id',
  'name',
  'description',
  'price',
  'minimum order quantity',
  'stock',
  'hidden',
  'category',
  'image',
  'specifications',
];
const IMAGE = '/images/parts/placeholder.svg';

let shop: TestShop;
let admin: TestUser;
let customer: TestUser;
let brakesId: string;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.createUser('admin');
  customer = await shop.createUser('user');
  const [brakes] = await shop.database.db
    .insert(categories)
    .values({ name: 'Disc brakes', slug: 'disc-brakes' })
    .returning({ id: categories.id });
  brakesId = brakes!.id;
});
afterAll(() => shop.close());

async function download(as: TestUser = admin) {
  const response = await shop.app.inject({ method: 'GET', url: '/admin/parts.csv', headers: as.headers });
  const rows: string[][] = response.statusCode === 200 ? parse(response.body, { bom: true }) : [];
  return { response, rows };
}

async function upload(csv: string, mode: 'check' | 'import', as: TestUser = admin) {
  const response = await shop.app.inject({
    method: 'POST',
    url: `/admin/parts.csv?mode=${mode}`,
    payload: csv,
    headers: { ...as.headers, 'content-type': 'text/csv; charset=utf-8' },
  });
  return { response, report: response.json<PartsCsvReport>() };
}

/** Every part as stored, versions included: what an import that changes nothing leaves alone. */
const allParts = () => shop.database.db.select().from(tools).orderBy(asc(tools.seq));
const csvOf = (...rows: string[][]) => stringify([HEADER, ...rows]);
const row = (fields: Partial<Record<(typeof HEADER)[number], string>>) =>
  HEADER.map(
    (header) =>
      fields[header] ??
      (
        {
          name: 'Brake pad',
          description: 'Sintered pads.',
          price: '9.99',
          'minimum order quantity': '1',
          stock: '5',
          hidden: 'false',
          image: IMAGE,
        } as Record<string, string>
      )[header] ??
      '',
  );

describe('the parts export', () => {
  it('holds every part not deleted, hidden ones too, in the file’s columns with formula cells made plain text', async () => {
    const shown = await shop.createTool({ name: 'Chain, 11 "speed"', priceCents: 24_50, categoryId: brakesId });
    const hidden = await shop.createTool({ name: '=HYPERLINK("https://evil.example","Click")', hidden: true });
    const deleted = await shop.createTool({ removedAt: new Date() });

    const { response, rows } = await download();

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="parts.csv"');
    expect(rows[0]).toEqual(HEADER);
    const byId = new Map(rows.slice(1).map((cells) => [cells[0], cells]));
    expect(byId.get(shown.id)).toEqual([
      shown.id,
      'Chain, 11 "speed"',
      expect.any(String),
      '24.50',
      '2',
      '10',
      'false',
      'disc-brakes',
      IMAGE,
      '',
    ]);
    expect(byId.get(hidden.id)?.slice(1, 2)).toEqual(['\'=HYPERLINK("https://evil.example","Click")']);
    expect(byId.get(hidden.id)?.[6]).toBe('true');
    expect(byId.has(deleted.id)).toBe(false);
    const [audit] = await shop.database.db.select().from(auditEvents).orderBy(desc(auditEvents.seq)).limit(1);
    expect(audit).toMatchObject({ action: 'part.export', actorEmail: admin.user.email });
  });

  it('imported again unchanged, changes nothing', async () => {
    await shop.createTool({ name: '-5% off sticker', description: "'Quoted' and\nover two lines" });
    const { response } = await download();
    const before = await allParts();

    const { report } = await upload(response.body, 'import');

    const listed = before.filter((part) => part.removedAt === null).length;
    expect(report).toEqual({ problems: [], created: 0, updated: 0, unchanged: listed, written: true });
    expect(await allParts()).toEqual(before);
  });
});

describe('a parts import', () => {
  it('with one bad row writes nothing and reports the row’s line', async () => {
    const part = await shop.createTool();
    const before = await allParts();
    const csv = csvOf(row({ name: 'New pad' }), row({ id: part.id, price: '3.50' }), row({ name: 'Pricey', price: '12.345' }));

    const { response, report } = await upload(csv, 'import');

    expect(response.statusCode).toBe(200);
    expect(report).toEqual({
      problems: [{ line: 4, message: `price: ${messages.priceInvalid}` }],
      created: 1,
      updated: 1,
      unchanged: 0,
      written: false,
    });
    expect(await allParts()).toEqual(before);
  });

  it('reports unknown ids, unknown categories, repeated ids, missing images and short rows, each by line', async () => {
    const part = await shop.createTool();
    const csv = csvOf(
      row({ id: '7f1a4c52-9f0e-4c55-9d5a-0b9a1f1f0c11' }),
      row({ category: 'no-such-category' }),
      row({ id: part.id }),
      row({ id: part.id }),
      row({ image: '/images/parts/missing.png' }),
      ['only', 'three', 'cells'],
      row({ hidden: 'maybe', name: '' }),
    );

    const { report } = await upload(csv, 'check');

    expect(report.problems).toEqual([
      { line: 2, message: messages.partsCsvUnknownPart },
      { line: 3, message: messages.partsCsvUnknownCategory('no-such-category') },
      { line: 5, message: messages.partsCsvDuplicateId(4) },
      { line: 6, message: messages.productImageMissing },
      { line: 7, message: messages.partsCsvCellCount(10, 3) },
      { line: 8, message: `name: ${messages.productNameRequired}` },
      { line: 8, message: `hidden: ${messages.partsCsvHiddenInvalid}` },
    ]);
    expect(report.written).toBe(false);
  });

  it('refuses a file whose first line is not the columns, or that is not CSV', async () => {
    const wrongHeader = await upload('name,price\nPad,9.99\n', 'check');
    expect(wrongHeader.report.problems).toEqual([{ line: 1, message: messages.partsCsvHeaderInvalid(HEADER.join(', ')) }]);

    const unclosed = await upload(`${HEADER.join(',')}\n,"Pad,Sintered\n`, 'check');
    expect(unclosed.report.problems).toEqual([{ line: 2, message: messages.partsCsvUnreadable }]);
  });

  it('checks without writing, then creates and updates in one audited import', async () => {
    const part = await shop.createTool({ name: 'Old name' });
    const csv = csvOf(
      row({ name: 'Imported pad', image: '', category: 'disc-brakes', hidden: 'TRUE' }),
      row({ id: part.id, name: 'New name', price: '30', stock: '7', description: 'Now with a manual.' }),
    );
    const before = await allParts();

    const check = await upload(csv, 'check');
    expect(check.report).toEqual({ problems: [], created: 1, updated: 1, unchanged: 0, written: false });
    expect(await allParts()).toEqual(before);

    const done = await upload(csv, 'import');
    expect(done.report).toEqual({ problems: [], created: 1, updated: 1, unchanged: 0, written: true });
    const [created] = await shop.database.db.select().from(tools).where(eq(tools.name, 'Imported pad'));
    expect(created).toMatchObject({ img: DEFAULT_PART_IMAGE, priceCents: 999, hidden: true, categoryId: brakesId, available: 5 });
    const [updated] = await shop.database.db.select().from(tools).where(eq(tools.id, part.id));
    expect(updated).toMatchObject({
      name: 'New name',
      priceCents: 30_00,
      available: 7,
      description: 'Now with a manual.',
      version: 2,
    });
    const [audit] = await shop.database.db.select().from(auditEvents).orderBy(desc(auditEvents.seq)).limit(1);
    expect(audit).toMatchObject({ action: 'part.import', actorEmail: admin.user.email, subject: '1 created, 1 updated, 0 unchanged' });
  });

  it('refuses a file of more rows than one import writes, and takes one sent as plain text', async () => {
    const tooMany = await upload(csvOf(...Array.from({ length: PARTS_CSV_MAX_ROWS + 1 }, () => row({}))), 'check');
    expect(tooMany.response.statusCode).toBe(400);
    expect(tooMany.response.json()).toMatchObject({ error: { message: messages.partsCsvTooManyRows(PARTS_CSV_MAX_ROWS) } });

    const plain = await shop.app.inject({
      method: 'POST',
      url: '/admin/parts.csv?mode=check',
      payload: csvOf(row({})),
      headers: { ...admin.headers, 'content-type': 'text/plain' },
    });
    expect(plain.json()).toEqual({ problems: [], created: 1, updated: 0, unchanged: 0, written: false });
  });

  it('refuses a file over the size bound with a sentence', async () => {
    const { response } = await upload(`${HEADER.join(',')}\n${'x'.repeat(PARTS_CSV_MAX_BYTES)}`, 'check');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { message: messages.partsCsvTooLarge } });
  });
});

describe('who may', () => {
  it('refuses a customer and a visitor both ways, and their import changes nothing', async () => {
    const before = await allParts();
    expect((await download(customer)).response.statusCode).toBe(403);
    expect((await upload(csvOf(row({ name: 'Sneaky' })), 'import', customer)).response.statusCode).toBe(403);
    const visitor = await shop.app.inject({ method: 'GET', url: '/admin/parts.csv' });
    expect(visitor.statusCode).toBe(401);
    expect(await allParts()).toEqual(before);
  });
});
