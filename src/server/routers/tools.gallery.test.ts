// A part's gallery and specifications table, saved with the part editor's edit: images with alt
// text in the admin's order, the first always the part's cover (`img`, what the catalogue shows),
// and the specifications' rules and their round trip through the parts CSV. Refusals change
// nothing; edits are versioned and audited.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import { messages } from '../../shared/messages';
import { MAX_SPECIFICATIONS } from '../../shared/part-specifications';
import { MAX_PART_IMAGES } from '../../shared/tools';
import { auditEvents, partImages } from '../db/schema';
import { openPartEditForm } from '../testing/part-edit-form';
import type { TestShop, TestUser } from '../testing/test-shop';

const COVER = '/images/parts/placeholder.svg';
const SECOND = '/images/parts/handlebars.svg';
const THIRD = '/images/parts/bike-headsets.svg';

/** What a visitor's part page and the catalogue show of the part. */
async function shown(shop: TestShop, id: string) {
  const page = await shop.caller(null).tools.byId({ id });
  const listed = (await shop.caller(null).tools.list({ limit: 100 })).items.find((item) => item._id === id);
  return { img: page.img, listedImg: listed?.img, images: page.images, specifications: page.specifications };
}

async function lastEditAudit(shop: TestShop): Promise<string | undefined> {
  const [audit] = await shop.database.db
    .select({ subject: auditEvents.subject })
    .from(auditEvents)
    .where(eq(auditEvents.action, 'part.edit'))
    .orderBy(desc(auditEvents.createdAt))
    .limit(1);
  return audit?.subject;
}

describe('a part’s gallery', () => {
  test('starts with the cover, described by the part’s name, for a part an admin adds', async ({ shop, admin }) => {
    const added = await shop.caller(admin.user).tools.create({
      name: 'Chainring 42T',
      price: 30,
      img: COVER,
      description: 'Narrow-wide teeth.',
      minimumOrderQuantity: 1,
      available: 5,
    });
    await expect(shown(shop, added._id)).resolves.toMatchObject({
      images: [{ path: COVER, alt: 'Chainring 42T' }],
      specifications: [],
    });
  });

  test('adds an image with its alt text, reorders so the cover follows, and removes, each saved edit audited', async ({
    shop,
    admin,
  }) => {
    const part = await shop.createTool({ img: COVER, name: 'Gallery part' });
    const form = await openPartEditForm(shop, admin, part.id, { withGallery: true });
    expect(form.images).toEqual([{ path: COVER, alt: 'Gallery part' }]);

    const added = await shop.caller(admin.user).tools.update({
      ...form,
      images: [
        { path: COVER, alt: 'The part from the front' },
        { path: SECOND, alt: '  The part from the side  ' },
      ],
    });
    expect(added.version).toBe(form.version + 1);
    await expect(shown(shop, part.id)).resolves.toMatchObject({
      img: COVER,
      listedImg: COVER,
      images: [
        { path: COVER, alt: 'The part from the front' },
        { path: SECOND, alt: 'The part from the side' },
      ],
    });
    expect(await lastEditAudit(shop)).toContain(
      `images: "${COVER} (Gallery part)" → "${COVER} (The part from the front), ${SECOND} (The part from the side)"`,
    );

    // The side view moves up: it becomes the cover the catalogue shows.
    const moved = await shop.caller(admin.user).tools.update({
      ...(await openPartEditForm(shop, admin, part.id, { withGallery: true })),
      img: SECOND,
      images: [
        { path: SECOND, alt: 'The part from the side' },
        { path: COVER, alt: 'The part from the front' },
      ],
    });
    expect(moved.img).toBe(SECOND);
    await expect(shown(shop, part.id)).resolves.toMatchObject({
      img: SECOND,
      listedImg: SECOND,
      images: [
        { path: SECOND, alt: 'The part from the side' },
        { path: COVER, alt: 'The part from the front' },
      ],
    });

    await shop.caller(admin.user).tools.update({
      ...(await openPartEditForm(shop, admin, part.id, { withGallery: true })),
      images: [{ path: SECOND, alt: 'The part from the side' }],
    });
    await expect(shown(shop, part.id)).resolves.toMatchObject({
      img: SECOND,
      images: [{ path: SECOND, alt: 'The part from the side' }],
    });
    expect(await lastEditAudit(shop)).toContain(`→ "${SECOND} (The part from the side)"`);
  });

  test('keeps the gallery when an edit leaves it out, its first image following a new cover', async ({ shop, admin }) => {
    const part = await shop.createTool({ img: COVER, name: 'Follow part' });
    const form = await openPartEditForm(shop, admin, part.id, { withGallery: true });
    await shop.caller(admin.user).tools.update({
      ...form,
      images: [
        { path: COVER, alt: 'Old cover' },
        { path: SECOND, alt: 'Side view' },
      ],
    });
    const { images: _left, ...withoutGallery } = await openPartEditForm(shop, admin, part.id, { withGallery: true });
    await shop.caller(admin.user).tools.update({ ...withoutGallery, img: THIRD });
    await expect(shown(shop, part.id)).resolves.toMatchObject({
      img: THIRD,
      images: [
        { path: THIRD, alt: 'Follow part' },
        { path: SECOND, alt: 'Side view' },
      ],
    });
  });

  test.for([
    ['an alt text left empty', [{ path: COVER, alt: '   ' }], messages.imageAltRequired],
    ['an alt text too long', [{ path: COVER, alt: 'a'.repeat(201) }], messages.imageAltTooLong(200)],
    ['no image at all', [], messages.partImagesRequired],
    [
      'more images than a part may have',
      Array.from({ length: MAX_PART_IMAGES + 1 }, (_, index) => ({
        path: index === 0 ? COVER : `https://img.example/${index}.png`,
        alt: 'x',
      })),
      messages.tooManyPartImages(MAX_PART_IMAGES),
    ],
    [
      'one image twice',
      [
        { path: COVER, alt: 'a' },
        { path: COVER, alt: 'b' },
      ],
      messages.partImageRepeated,
    ],
    [
      'an image the shop does not have',
      [
        { path: COVER, alt: 'a' },
        { path: `/images/uploads/${'0'.repeat(64)}.png`, alt: 'b' },
      ],
      messages.productImageMissing,
    ],
    [
      'a first image other than the cover',
      [
        { path: SECOND, alt: 'a' },
        { path: COVER, alt: 'b' },
      ],
      messages.coverImageNotFirst,
    ],
  ] as const)('refuses %s and changes nothing', async ([, images, message], { shop, admin }) => {
    const part = await shop.createTool({ img: COVER });
    const form = await openPartEditForm(shop, admin, part.id, { withGallery: true });
    await expect(shop.caller(admin.user).tools.update({ ...form, images: [...images] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message,
    });
    await expect(shop.caller(admin.user).tools.adminById({ id: part.id })).resolves.toMatchObject({
      version: form.version,
      img: COVER,
      images: form.images,
    });
  });

  test('refuses a gallery saved from an older version, with the part and gallery as saved now', async ({ shop, admin }) => {
    const part = await shop.createTool({ img: COVER, name: 'Raced part' });
    const form = await openPartEditForm(shop, admin, part.id, { withGallery: true });
    await shop.caller(admin.user).tools.update({ ...form, images: [{ path: COVER, alt: 'Saved first' }] });
    await expect(
      shop.caller(admin.user).tools.update({
        ...form,
        images: [
          { path: COVER, alt: 'Too late' },
          { path: SECOND, alt: 'Too late' },
        ],
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: messages.partEditConflict });
    const rows = await shop.database.db.select().from(partImages).where(eq(partImages.toolId, part.id));
    expect(rows.map((row) => row.alt)).toEqual(['Saved first']);
  });

  test('refuses gallery edits to a customer and a visitor', async ({ shop, customer, admin }) => {
    const part = await shop.createTool({ img: COVER });
    const form = await openPartEditForm(shop, admin, part.id, { withGallery: true });
    const edit = {
      ...form,
      images: [
        { path: COVER, alt: 'a' },
        { path: SECOND, alt: 'b' },
      ],
    };
    await expect(shop.caller(customer.user).tools.update(edit)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(shop.caller(null).tools.update(edit)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(shown(shop, part.id)).resolves.toMatchObject({ images: form.images });
  });
});

describe('a part’s specifications', () => {
  test('are saved in the admin’s order, trimmed, shown on the part’s page and audited', async ({ shop, admin }) => {
    const part = await shop.createTool();
    const form = await openPartEditForm(shop, admin, part.id, { withGallery: true });
    await shop.caller(admin.user).tools.update({
      ...form,
      specifications: [
        { name: ' Weight ', value: ' 260 g ' },
        { name: 'Material', value: '6061 aluminium' },
      ],
    });
    await expect(shown(shop, part.id)).resolves.toMatchObject({
      specifications: [
        { name: 'Weight', value: '260 g' },
        { name: 'Material', value: '6061 aluminium' },
      ],
    });
    expect(await lastEditAudit(shop)).toContain('specifications: "none" → "Weight: 260 g; Material: 6061 aluminium"');

    // Left out, they stay as they are.
    const { specifications: _kept, ...withoutSpecifications } = await openPartEditForm(shop, admin, part.id, { withGallery: true });
    await shop.caller(admin.user).tools.update({ ...withoutSpecifications, price: 20 });
    await expect(shown(shop, part.id)).resolves.toMatchObject({ specifications: [{ name: 'Weight' }, { name: 'Material' }] });
  });

  test.for([
    ['a row without a name', [{ name: ' ', value: '260 g' }], messages.specificationNameRequired],
    ['a row without a value', [{ name: 'Weight', value: '' }], messages.specificationValueRequired],
    ['a name too long', [{ name: 'n'.repeat(61), value: 'v' }], messages.specificationNameTooLong(60)],
    ['a value too long', [{ name: 'Weight', value: 'v'.repeat(201) }], messages.specificationValueTooLong(200)],
    [
      'one name twice',
      [
        { name: 'Weight', value: '260 g' },
        { name: 'weight', value: '270 g' },
      ],
      messages.specificationNamesRepeated,
    ],
    [
      'more rows than a part may have',
      Array.from({ length: MAX_SPECIFICATIONS + 1 }, (_, index) => ({ name: `Row ${index}`, value: 'v' })),
      messages.tooManySpecifications(MAX_SPECIFICATIONS),
    ],
  ] as const)('refuses %s and changes nothing', async ([, specifications, message], { shop, admin }) => {
    const part = await shop.createTool();
    const form = await openPartEditForm(shop, admin, part.id, { withGallery: true });
    await expect(shop.caller(admin.user).tools.update({ ...form, specifications: [...specifications] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message,
    });
    await expect(shop.caller(admin.user).tools.adminById({ id: part.id })).resolves.toMatchObject({
      version: form.version,
      specifications: [],
    });
  });
});

describe('specifications in the parts CSV', () => {
  async function download(shop: TestShop, admin: TestUser): Promise<string[][]> {
    const response = await shop.app.inject({ method: 'GET', url: '/admin/parts.csv', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    return parse(response.body, { bom: true });
  }
  const importCsv = (shop: TestShop, admin: TestUser, rows: string[][], mode: 'check' | 'import' = 'import') =>
    shop.caller(admin.user).tools.importCsv({ csv: stringify(rows), mode });

  test('export as "name: value; name: value" and import back unchanged, escapes and all', async ({ shop, admin }) => {
    const part = await shop.createTool({
      specifications: [
        { name: 'Weight', value: '260 g' },
        { name: 'Ratio: front', value: '1:2; or 2:3' },
        { name: 'Back\\slash', value: 'a\\b' },
      ],
    });
    const rows = await download(shop, admin);
    const column = rows[0]!.indexOf('specifications');
    expect(rows.find((cells) => cells[0] === part.id)?.[column]).toBe(
      'Weight: 260 g; Ratio\\: front: 1:2\\; or 2:3; Back\\\\slash: a\\\\b',
    );

    const report = await importCsv(shop, admin, rows);
    expect(report).toMatchObject({ problems: [], created: 0, updated: 0, written: true });
    await expect(shown(shop, part.id)).resolves.toMatchObject({
      specifications: [
        { name: 'Weight', value: '260 g' },
        { name: 'Ratio: front', value: '1:2; or 2:3' },
        { name: 'Back\\slash', value: 'a\\b' },
      ],
    });
  });

  test('import a changed cell as the part’s new table, and a new image as its gallery’s cover', async ({ shop, admin }) => {
    const part = await shop.createTool({ img: COVER, name: 'Imported part' });
    const form = await openPartEditForm(shop, admin, part.id, { withGallery: true });
    await shop.caller(admin.user).tools.update({
      ...form,
      images: [
        { path: COVER, alt: 'Front' },
        { path: SECOND, alt: 'Side' },
      ],
    });
    const rows = await download(shop, admin);
    const [header] = rows;
    const mine = rows.find((cells) => cells[0] === part.id)!;
    mine[header!.indexOf('specifications')] = ' Weight : 300 g ;Material:steel; ';
    mine[header!.indexOf('image')] = THIRD;

    const report = await importCsv(shop, admin, [header!, mine]);
    expect(report).toMatchObject({ problems: [], updated: 1, written: true });
    await expect(shown(shop, part.id)).resolves.toMatchObject({
      img: THIRD,
      images: [
        { path: THIRD, alt: 'Imported part' },
        { path: SECOND, alt: 'Side' },
      ],
      specifications: [
        { name: 'Weight', value: '300 g' },
        { name: 'Material', value: 'steel' },
      ],
    });
  });

  test('refuse a cell the editor would refuse, by line, writing nothing', async ({ shop, admin }) => {
    const part = await shop.createTool();
    const rows = await download(shop, admin);
    const [header] = rows;
    const mine = rows.find((cells) => cells[0] === part.id)!;
    mine[header!.indexOf('specifications')] = 'Weight: 260 g; Weight: 270 g';

    const report = await importCsv(shop, admin, [header!, mine]);
    expect(report).toMatchObject({
      problems: [{ line: 2, message: `specifications: ${messages.specificationNamesRepeated}` }],
      written: false,
    });
    await expect(shown(shop, part.id)).resolves.toMatchObject({ specifications: [] });
  });
});
