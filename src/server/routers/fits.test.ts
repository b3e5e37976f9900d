// "Fits my bike" in the catalogue through the tRPC caller: a category page and the catalogue search
// filtered to a bike's standards (several values of one standard, a standard the bike does not
// record, a part naming none), a part's compatibility for its page, and the admins' edits of it:
// validated, audited and version-checked like every part edit.
import { eq } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import type { BikeSpec } from '../../shared/bike-standards';
import { messages } from '../../shared/messages';
import { auditEvents, tools } from '../db/schema';
import type { TestShop, TestUser } from '../testing/test-shop';

let made = 0;
const unique = (base: string) => `${base}-${(made += 1)}`;

const gravel: BikeSpec = { speeds: '12', freehub: 'sram-xdr', steerer: 'tapered', seatpost: '27.2' };

/** Drivetrain › Cassettes with parts that fit the gravel bike, do not, or cannot be said to. */
async function drivetrain(shop: TestShop, admin: TestUser) {
  const write = shop.caller(admin.user).categories;
  const top = await write.create({ name: 'Drivetrain', slug: unique('drivetrain') });
  const cassettes = await write.create({ name: 'Cassettes', slug: unique('cassettes'), parentId: top.id });
  // A word only this call's parts hold, so a search finds them and not the other tests' parts.
  const tag = `tag${made}x`;
  const part = (name: string, compatibility: object, categoryId: string, priceCents = 10_00) =>
    shop.createTool({
      name,
      description: `A ${tag} part.`,
      compatibility,
      categoryId,
      priceCents,
      available: 10,
      minimumOrderQuantity: 1,
    });
  return {
    tag,
    top,
    cassettes,
    chain: await part('Chain 11/12', { speeds: ['11', '12'] }, top.id),
    tenSpeedChain: await part('Chain 10', { speeds: ['10'] }, top.id),
    xdr: await part('XDR cassette', { speeds: ['12'], freehub: ['sram-xd', 'sram-xdr'] }, cassettes.id, 200_00),
    hg: await part('HG cassette', { speeds: ['11', '12'], freehub: ['shimano-hg'] }, cassettes.id),
    crankset: await part('Crankset', { speeds: ['12'], bottomBracket: ['bsa-68'] }, top.id),
    tool: await part('Chain tool', {}, top.id, 15_00),
  };
}

async function auditSubjects(shop: TestShop, action: string) {
  const rows = await shop.database.db.select({ subject: auditEvents.subject }).from(auditEvents).where(eq(auditEvents.action, action));
  return rows.map((row) => row.subject);
}

describe('filtering to a bike', () => {
  test('a category page lists and counts only parts every named standard of which the bike matches', async ({ shop, admin }) => {
    const tree = await drivetrain(shop, admin);
    const visitor = shop.caller(null).categories;

    const all = await visitor.page({ slug: tree.top.slug });
    expect(all.total).toBe(6);

    const fitting = await visitor.page({ slug: tree.top.slug, fits: gravel });
    // The crankset names a bottom bracket the bike does not record: "cannot say" is left out.
    expect(fitting.items.map((item) => item.name)).toEqual(['Chain 11/12', 'XDR cassette', 'Chain tool']);
    expect(fitting).toMatchObject({ total: 3, inStock: 3, priceRange: { min: 10, max: 200 } });
    expect(fitting.children).toEqual([{ name: 'Cassettes', slug: tree.cassettes.slug, parts: 1 }]);

    // The same bike on 11 speeds: the 11/12 chain and the HG cassette's 11, but not the 12-speed XDR cassette.
    const eleven = await visitor.page({ slug: tree.top.slug, fits: { ...gravel, speeds: '11', freehub: 'shimano-hg' } });
    expect(eleven.items.map((item) => item.name)).toEqual(['Chain 11/12', 'HG cassette', 'Chain tool']);

    // A bike with nothing recorded fits only what depends on nothing.
    expect((await visitor.page({ slug: tree.top.slug, fits: {} })).items.map((item) => item.name)).toEqual(['Chain tool']);
  });

  test('the catalogue search keeps its words and order and adds the bike', async ({ shop, admin }) => {
    const { tag } = await drivetrain(shop, admin);
    const visitor = shop.caller(null).tools;
    const found = await visitor.search({ q: `${tag} cassette`, fits: gravel });
    expect(found.items.map((item) => item.name)).toEqual(['XDR cassette']);
    const byPrice = await visitor.search({ q: `${tag} chain`, sort: 'price-desc', fits: { ...gravel, speeds: '10' } });
    expect(byPrice.items.map((item) => item.name)).toEqual(['Chain tool', 'Chain 10']);
  });

  test('refuses a bike with an unknown standard or value, naming it', async ({ shop }) => {
    const visitor = shop.caller(null);
    await expect(visitor.tools.search({ fits: { gears: '11' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.standardUnknown('gears'),
    });
    await expect(visitor.categories.page({ slug: 'drivetrain', fits: { speeds: '14' } })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.standardValueUnknown('speeds', '14'),
    });
  });
});

describe('a part’s compatibility', () => {
  test('is public for parts on sale, and missing for hidden ones', async ({ shop }) => {
    const part = await shop.createTool({ compatibility: { seatpost: ['27.2', '30.9'] } });
    await expect(shop.caller(null).tools.compatibility({ id: part.id })).resolves.toEqual({ seatpost: ['27.2', '30.9'] });
    const hidden = await shop.createTool({ hidden: true, compatibility: { seatpost: ['27.2'] } });
    await expect(shop.caller(null).tools.compatibility({ id: hidden.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test('an admin sets it on the editor, audited, and the filter follows at once', async ({ shop, admin }) => {
    const tree = await drivetrain(shop, admin);
    const filtered = () => shop.caller(null).categories.page({ slug: tree.top.slug, fits: gravel });
    expect((await filtered()).items.map((item) => item.name)).not.toContain('Chain 10');

    const {
      _id,
      hidden: _hidden,
      version,
      categoryId: _category,
      ...fields
    } = await shop.caller(admin.user).tools.adminById({
      id: tree.tenSpeedChain.id,
    });
    expect(fields.compatibility).toEqual({ speeds: ['10'] });
    const saved = await shop.caller(admin.user).tools.update({
      ...fields,
      id: _id,
      version,
      availableWas: fields.available,
      compatibility: { speeds: ['12', '10', '11'] },
    });
    expect(saved.compatibility).toEqual({ speeds: ['10', '11', '12'] });
    expect(await auditSubjects(shop, 'part.edit')).toContainEqual(
      `Chain 10 (${_id}): compatibility: "Speeds: 10" → "Speeds: 10, 11, 12"`,
    );
    expect((await filtered()).items.map((item) => item.name)).toContain('Chain 10');

    // Left out, the compatibility stays; an edit from the old version is still refused.
    const { compatibility: _kept, ...withoutCompatibility } = fields;
    await shop
      .caller(admin.user)
      .tools.update({ ...withoutCompatibility, id: _id, version: saved.version, availableWas: fields.available });
    await expect(shop.caller(admin.user).tools.adminById({ id: _id })).resolves.toMatchObject({
      compatibility: { speeds: ['10', '11', '12'] },
    });
    await expect(
      shop.caller(admin.user).tools.update({ ...fields, id: _id, version, availableWas: fields.available, compatibility: {} }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: messages.partEditConflict });
  });

  test('refuses an unknown standard or value on the editor and on a new part, saving nothing', async ({ shop, admin }) => {
    const part = await shop.createTool({ compatibility: { brakeType: ['disc'] } });
    const {
      _id,
      hidden: _hidden,
      version,
      categoryId: _category,
      ...fields
    } = await shop.caller(admin.user).tools.adminById({
      id: part.id,
    });
    const edit = (compatibility: unknown) =>
      shop.caller(admin.user).tools.update({
        ...fields,
        id: _id,
        version,
        availableWas: fields.available,
        compatibility: compatibility as typeof fields.compatibility,
      });
    await expect(edit({ brakes: ['disc'] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.standardUnknown('brakes'),
    });
    await expect(edit({ brakeType: ['hydraulic'] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.standardValueUnknown('brakeType', 'hydraulic'),
    });
    await expect(edit({ brakeType: [] })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.compatibilityEmptyStandard });
    const [row] = await shop.database.db
      .select({ compatibility: tools.compatibility, version: tools.version })
      .from(tools)
      .where(eq(tools.id, part.id));
    expect(row).toEqual({ compatibility: { brakeType: ['disc'] }, version });

    const { compatibility: _c, ...newPart } = fields;
    await expect(
      shop.caller(admin.user).tools.create({ ...newPart, name: 'Refused part', compatibility: { wheelSize: ['700'] } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.standardValueUnknown('wheelSize', '700') });
    const added = await shop.caller(admin.user).tools.create({ ...newPart, name: 'Wheel', compatibility: { wheelSize: ['622'] } });
    await expect(shop.caller(null).tools.compatibility({ id: added._id })).resolves.toEqual({ wheelSize: ['622'] });
    expect(await shop.database.db.select().from(tools).where(eq(tools.name, 'Refused part'))).toEqual([]);
  });
});
