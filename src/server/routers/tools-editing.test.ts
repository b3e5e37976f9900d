// Editing, restocking and hiding parts through the tRPC caller: who may, what two admins editing
// at once get, and that bookings already made keep their units and totals.
import { eq } from 'drizzle-orm';
import { describe, expect, test as shopTest } from '../testing/fixtures';
import { MAX_IMAGE_BYTES } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { auditEvents } from '../db/schema';
import { stockOf } from '../testing/booking-load';
import { openPartEditForm } from '../testing/part-edit-form';

/** A second admin, editing the same part as the first. */
const test = shopTest.extend('otherAdmin', { scope: 'file' }, ({ shop }) => shop.createUser('admin'));

const order = { phone: '555 0100', address: 'Somewhere 1' };

describe('editing a part', () => {
  test('saves every field an admin changes, shows it to visitors at once, and audits before and after', async ({ shop, admin }) => {
    const part = await shop.createTool({ priceCents: 10_00, available: 10, minimumOrderQuantity: 2 });
    // A visitor reads the part first, so the read cache holds the old values.
    await expect(shop.caller(null).tools.byId({ id: part.id })).resolves.toMatchObject({ price: 10 });

    const form = await openPartEditForm(shop, admin, part.id);
    const saved = await shop.caller(admin.user).tools.update({
      ...form,
      name: 'Renamed part',
      price: 12.5,
      minimumOrderQuantity: 3,
      available: 25,
      description: 'A new description.',
      img: '/images/parts/handlebars.svg',
    });

    const expected = {
      _id: part.id,
      name: 'Renamed part',
      price: 12.5,
      minimumOrderQuantity: 3,
      available: 25,
      description: 'A new description.',
      img: '/images/parts/handlebars.svg',
    };
    // Left out of the edit, the gallery keeps its pictures, its first following the new image.
    const images = [{ path: '/images/parts/handlebars.svg', alt: 'Renamed part' }];
    expect(saved).toEqual({
      ...expected,
      hidden: false,
      version: form.version + 1,
      categoryId: null,
      compatibility: {},
      images,
      specifications: [],
      reviewCount: 0,
      averageRating: null,
      variantCount: 1,
    });
    await expect(shop.caller(null).tools.byId({ id: part.id })).resolves.toEqual({
      ...expected,
      images,
      specifications: [],
      reviewCount: 0,
      averageRating: null,
      variantCount: 1,
      // A part without options is its one variant, showing the edit too.
      variants: [{ id: part.id, sku: null, optionValues: {}, price: 12.5, available: 25, minimumOrderQuantity: 3, img: expected.img }],
    });

    const [audit] = await shop.database.db
      .select({ action: auditEvents.action, subject: auditEvents.subject, actorEmail: auditEvents.actorEmail })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'part.edit'));
    expect(audit).toMatchObject({ actorEmail: admin.user.email });
    expect(audit?.subject).toContain('price: "10.00" → "12.50"');
    expect(audit?.subject).toContain('available: "10" → "25"');
    expect(audit?.subject).toContain(`name: "${part.name}" → "Renamed part"`);
  });

  test('refuses editing to a customer and a visitor, and changes nothing', async ({ shop, customer, admin }) => {
    const part = await shop.createTool();
    const form = await openPartEditForm(shop, admin, part.id);
    await expect(shop.caller(customer.user).tools.update({ ...form, price: 1 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.adminOnly,
    });
    await expect(shop.caller(null).tools.update({ ...form, price: 1 })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(shop.caller(customer.user).tools.adminById({ id: part.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(shop.caller(customer.user).tools.adminList({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(openPartEditForm(shop, admin, part.id)).resolves.toEqual(form);
  });

  test('refuses the second of two admins saving from the same version, with the first one’s values', async ({
    shop,
    admin,
    otherAdmin,
  }) => {
    const part = await shop.createTool({ priceCents: 20_00 });
    const first = await openPartEditForm(shop, admin, part.id);
    const second = await openPartEditForm(shop, otherAdmin, part.id);

    const results = await Promise.allSettled([
      shop.caller(admin.user).tools.update({ ...first, price: 21 }),
      shop.caller(otherAdmin.user).tools.update({ ...second, price: 22 }),
    ]);
    const saved = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(saved).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const winner = saved[0]!.value;
    expect(refused[0]!.reason).toMatchObject({
      code: 'CONFLICT',
      message: messages.partEditConflict,
      cause: { current: { price: winner.price, version: first.version + 1 } },
    });
    await expect(openPartEditForm(shop, admin, part.id)).resolves.toMatchObject({ price: winner.price, version: first.version + 1 });
  });

  test('audits only the fields a save changed, and says so when it changed none', async ({ shop, admin }) => {
    const part = await shop.createTool({ priceCents: 10_00, available: 10 });
    const subjectOfLastEdit = async () => {
      const edits = await shop.database.db
        .select({ subject: auditEvents.subject })
        .from(auditEvents)
        .where(eq(auditEvents.action, 'part.edit'));
      return edits.filter((edit) => edit.subject.includes(part.id)).at(-1)?.subject;
    };

    await shop.caller(admin.user).tools.update({ ...(await openPartEditForm(shop, admin, part.id)), price: 11 });
    expect(await subjectOfLastEdit()).toBe(`${part.name} (${part.id}): price: "10.00" → "11.00"`);

    await shop.caller(admin.user).tools.update(await openPartEditForm(shop, admin, part.id));
    expect(await subjectOfLastEdit()).toBe(`${part.name} (${part.id}): no change`);
  });

  test('refuses an edit of a part that does not exist or was retired', async ({ shop, admin }) => {
    const part = await shop.createTool();
    const form = await openPartEditForm(shop, admin, part.id);
    await shop.caller(admin.user).tools.remove({ id: part.id });
    await expect(shop.caller(admin.user).tools.update(form)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.partNotFound,
    });
    await expect(shop.caller(admin.user).tools.adminById({ id: part.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.partNotFound,
    });
  });

  test('refuses an image path that names no image of the shop, or climbs out of it', async ({ shop, admin }) => {
    const part = await shop.createTool();
    const form = await openPartEditForm(shop, admin, part.id);
    for (const img of ['/images/parts/no-such-part.svg', '/images/uploads/' + 'a'.repeat(64) + '.png']) {
      await expect(shop.caller(admin.user).tools.update({ ...form, img })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: messages.productImageMissing,
      });
    }
    for (const img of ['/images/../index.html', '/images/parts/../../index.html', '/images/.hidden', '/images/parts/%2e%2e/x.svg']) {
      await expect(shop.caller(admin.user).tools.update({ ...form, img })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: messages.productImageInvalid,
      });
    }
    await expect(openPartEditForm(shop, admin, part.id)).resolves.toEqual(form);
  });
});

describe('restocking while customers book', () => {
  test('keeps the units a booking took while the form was open, and its total', async ({ shop, customer, admin }) => {
    const part = await shop.createTool({ priceCents: 5_00, available: 10, minimumOrderQuantity: 1 });
    const form = await openPartEditForm(shop, admin, part.id);
    const booking = await shop.caller(customer.user).bookings.create({ toolsId: part.id, amount: 3, ...order });

    // The admin adds 5 units to the 10 the form showed: the 3 booked stay booked.
    const saved = await shop.caller(admin.user).tools.update({ ...form, available: 15 });
    expect(saved.available).toBe(12);
    await expect(shop.caller(customer.user).bookings.byId({ id: booking._id })).resolves.toMatchObject({ amount: 3, price: 15 });
  });

  test('refuses image bytes over the size limit with the size sentence, even past the upload route', async ({ shop, admin }) => {
    await expect(shop.caller(admin.user).tools.uploadImage({ bytes: Buffer.alloc(MAX_IMAGE_BYTES + 1) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.imageTooLarge,
    });
    await expect(shop.caller(admin.user).tools.uploadImage({ bytes: Buffer.from('not an image') })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.imageTypeInvalid,
    });
  });

  test('lets an admin take away exactly the units bookings left, down to zero', async ({ shop, customer, admin }) => {
    const part = await shop.createTool({ available: 4, minimumOrderQuantity: 1 });
    const form = await openPartEditForm(shop, admin, part.id);
    await shop.caller(customer.user).bookings.create({ toolsId: part.id, amount: 3, ...order });

    await expect(shop.caller(admin.user).tools.update({ ...form, available: 3 })).resolves.toMatchObject({ available: 0 });
    expect(await stockOf(shop.database.db, part.id)).toBe(0);
  });

  test('refuses taking away more units than bookings left, so stock never goes below zero', async ({ shop, customer, admin }) => {
    const part = await shop.createTool({ available: 4, minimumOrderQuantity: 1 });
    const form = await openPartEditForm(shop, admin, part.id);
    await shop.caller(customer.user).bookings.create({ toolsId: part.id, amount: 3, ...order });

    await expect(shop.caller(admin.user).tools.update({ ...form, available: 0 })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.stockWouldGoNegative,
      cause: { current: { available: 1 } },
    });
    expect(await stockOf(shop.database.db, part.id)).toBe(1);
  });

  test('never lets stock go below zero when edits and bookings race', async ({ shop, customer, admin }) => {
    const part = await shop.createTool({ available: 6, minimumOrderQuantity: 1 });
    const form = await openPartEditForm(shop, admin, part.id);
    const results = await Promise.allSettled([
      ...Array.from({ length: 3 }, () => shop.caller(customer.user).bookings.create({ toolsId: part.id, amount: 2, ...order })),
      shop.caller(admin.user).tools.update({ ...form, available: 1 }),
    ]);
    const booked = results.slice(0, 3).filter((result) => result.status === 'fulfilled').length;
    const edited = results[3]!.status === 'fulfilled';
    const stock = await stockOf(shop.database.db, part.id);
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(stock).toBe(6 - 2 * booked - (edited ? 5 : 0));
  });

  test('never changes the total of a booking already made when the price changes', async ({ shop, customer, admin }) => {
    const part = await shop.createTool({ priceCents: 8_00, available: 10, minimumOrderQuantity: 1 });
    const booking = await shop.caller(customer.user).bookings.create({ toolsId: part.id, amount: 2, ...order });
    const form = await openPartEditForm(shop, admin, part.id);
    await shop.caller(admin.user).tools.update({ ...form, price: 99 });

    await expect(shop.caller(customer.user).bookings.byId({ id: booking._id })).resolves.toMatchObject({ price: 16, amount: 2 });
    const later = await shop.caller(customer.user).bookings.create({ toolsId: part.id, amount: 1, ...order });
    expect(later.price).toBe(99);
  });
});

describe('hiding a part', () => {
  test('takes the part out of the shop for visitors, keeps it for admins, and shows it again', async ({ shop, customer, admin }) => {
    const part = await shop.createTool({ name: 'Hideable sprocket', minimumOrderQuantity: 1, available: 5 });
    await shop.caller(null).tools.byId({ id: part.id });

    await expect(shop.caller(admin.user).tools.setHidden({ id: part.id, hidden: true })).resolves.toMatchObject({ hidden: true });

    await expect(shop.caller(null).tools.byId({ id: part.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.partNotFound,
    });
    const listed = await shop.caller(null).tools.list({ limit: 100 });
    expect(listed.items.map((t) => t._id)).not.toContain(part.id);
    const found = await shop.caller(null).tools.search({ q: 'Hideable' });
    expect(found.items.map((t) => t._id)).not.toContain(part.id);
    await expect(shop.caller(customer.user).bookings.create({ toolsId: part.id, amount: 1, ...order })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await stockOf(shop.database.db, part.id)).toBe(5);
    const managed = await shop.caller(admin.user).tools.adminList({ limit: 100 });
    expect(managed.items).toContainEqual(expect.objectContaining({ _id: part.id, hidden: true }));

    await shop.caller(admin.user).tools.setHidden({ id: part.id, hidden: false });
    await expect(shop.caller(null).tools.byId({ id: part.id })).resolves.toMatchObject({ name: 'Hideable sprocket' });
    const actions = await shop.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.subject, `Hideable sprocket (${part.id})`));
    expect(actions.map((a) => a.action).sort()).toEqual(['part.hide', 'part.show']);
  });

  test('answers hiding a part that does not exist with NOT_FOUND', async ({ shop, admin }) => {
    const part = await shop.createTool();
    await shop.caller(admin.user).tools.remove({ id: part.id });
    await expect(shop.caller(admin.user).tools.setHidden({ id: part.id, hidden: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.partNotFound,
    });
  });

  test('refuses hiding to a customer', async ({ shop, customer }) => {
    const part = await shop.createTool();
    await expect(shop.caller(customer.user).tools.setHidden({ id: part.id, hidden: true })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(shop.caller(null).tools.byId({ id: part.id })).resolves.toMatchObject({ _id: part.id });
  });
});

describe('deleting a part with bookings', () => {
  test('keeps its bookings readable by the customer and in Manage orders, with the part’s name', async ({ shop, customer, admin }) => {
    const part = await shop.createTool({ name: 'Soon retired crank', minimumOrderQuantity: 1 });
    const booking = await shop.caller(customer.user).bookings.create({ toolsId: part.id, amount: 1, ...order });
    await shop.caller(admin.user).tools.remove({ id: part.id });

    await expect(shop.caller(customer.user).bookings.byId({ id: booking._id })).resolves.toMatchObject({
      toolsName: 'Soon retired crank',
    });
    const mine = await shop.caller(customer.user).bookings.mine({});
    expect(mine.items).toContainEqual(expect.objectContaining({ _id: booking._id, toolsName: 'Soon retired crank' }));
    const all = await shop.caller(admin.user).bookings.all({ limit: 100 });
    expect(all.items).toContainEqual(expect.objectContaining({ _id: booking._id, toolsName: 'Soon retired crank' }));
    const managed = await shop.caller(admin.user).tools.adminList({ limit: 100 });
    expect(managed.items.map((t) => t._id)).not.toContain(part.id);
  });
});
