// Discount codes through the tRPC caller: admins list them with their uses, create, edit every
// field, deactivate and activate them, audited; a code is unique whatever its case; bad terms are
// refused and change nothing; customers may not.
import { eq } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import { messages } from '../../shared/messages';
import type { DiscountCodeFields } from '../../shared/shop-settings';
import { auditEvents, discountCodes, discountUses, orders } from '../db/schema';
import type { TestShop, TestUser } from '../testing/test-shop';

const welcome: DiscountCodeFields = {
  code: 'spring-25',
  kind: 'percent',
  value: 12.5,
  minSpend: 100,
  startsAt: '2026-03-01T00:00:00.000Z',
  endsAt: '2026-06-01T00:00:00.000Z',
  maxUses: 500,
  maxUsesPerCustomer: 1,
};

async function auditSubjects(shop: TestShop, action: string) {
  const rows = await shop.database.db.select({ subject: auditEvents.subject }).from(auditEvents).where(eq(auditEvents.action, action));
  return rows.map((row) => row.subject);
}

async function storedCode(shop: TestShop, code: string) {
  const [row] = await shop.database.db.select().from(discountCodes).where(eq(discountCodes.code, code));
  return row;
}

/** An order of the customer's that used the code, its use held, spent or released. */
async function useCode(shop: TestShop, customer: TestUser, codeId: string, status: 'held' | 'spent' | 'released') {
  const [order] = await shop.database.db
    .insert(orders)
    .values({
      userId: customer.user.id,
      email: customer.user.email,
      currency: 'usd',
      shipName: 'Casey',
      shipLine1: '1 Road',
      shipCity: 'Berlin',
      shipPostalCode: '10115',
      shipCountry: 'DE',
      phone: '555 0100',
      pricesIncludeTax: true,
      taxTreatment: 'domestic',
      taxRateBasisPoints: 1900,
      subtotalCents: 100_00,
      shippingMethod: 'Standard',
      shippingCents: 0,
      shippingTaxCents: 0,
      netCents: 84_03,
      taxCents: 15_97,
      totalCents: 100_00,
      heldUntil: new Date(Date.now() + 30 * 60_000),
    })
    .returning({ id: orders.id });
  await shop.database.db.insert(discountUses).values({ codeId, userId: customer.user.id, orderId: order!.id, status });
}

describe('discount codes', () => {
  test('creates a code in upper case, stored in basis points and cents, and audits it', async ({ shop, admin }) => {
    const created = await shop.caller(admin.user).settings.createDiscountCode(welcome);
    expect(created).toEqual({
      ...welcome,
      id: expect.any(String) as unknown,
      code: 'SPRING-25',
      active: true,
      createdAt: expect.any(String) as unknown,
      uses: { held: 0, spent: 0 },
    });
    expect(await storedCode(shop, 'SPRING-25')).toMatchObject({ kind: 'percent', value: 1250, minSpendCents: 100_00 });
    expect(await auditSubjects(shop, 'discount_code.create')).toEqual([
      `SPRING-25: 12.5 % off from 100.00, 2026-03-01T00:00:00.000Z to 2026-06-01T00:00:00.000Z, uses 500, per customer 1 (${created.id})`,
    ]);
  });

  test('refuses a code that exists already, in any case, with CONFLICT', async ({ shop, admin }) => {
    await shop.caller(admin.user).settings.createDiscountCode({ ...welcome, code: 'TWINS' });
    await expect(shop.caller(admin.user).settings.createDiscountCode({ ...welcome, code: 'twins', value: 50 })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.discountCodeTaken,
    });
    const other = await shop.caller(admin.user).settings.createDiscountCode({ ...welcome, code: 'TWINS-2' });
    await expect(
      shop.caller(admin.user).settings.editDiscountCode({ id: other.id, fields: { ...welcome, code: 'Twins' } }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.discountCodeTaken,
    });
    expect(await storedCode(shop, 'TWINS')).toMatchObject({ value: 1250 });
    expect(await storedCode(shop, 'TWINS-2')).toMatchObject({ id: other.id });
  });

  test('edits every field of a code, audited with the terms before and after', async ({ shop, admin }) => {
    const created = await shop.caller(admin.user).settings.createDiscountCode({ ...welcome, code: 'EDIT-ME' });
    const fields: DiscountCodeFields = {
      code: 'EDITED',
      kind: 'fixed',
      value: 15.5,
      minSpend: 0,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: null,
    };
    await expect(shop.caller(admin.user).settings.editDiscountCode({ id: created.id, fields })).resolves.toMatchObject({
      ...fields,
      id: created.id,
      active: true,
    });
    expect(await storedCode(shop, 'EDITED')).toMatchObject({ kind: 'fixed', value: 15_50, startsAt: null, maxUses: null });
    expect((await auditSubjects(shop, 'discount_code.edit')).at(-1)).toBe(
      `${created.id}: EDIT-ME: 12.5 % off from 100.00, 2026-03-01T00:00:00.000Z to 2026-06-01T00:00:00.000Z, uses 500, per customer 1 → EDITED: 15.50 off from 0.00, any time to no end, uses unlimited, per customer unlimited`,
    );
  });

  test('deactivates a code and activates it again, audited', async ({ shop, admin }) => {
    const created = await shop.caller(admin.user).settings.createDiscountCode({ ...welcome, code: 'PAUSE' });
    await expect(shop.caller(admin.user).settings.setDiscountCodeActive({ id: created.id, active: false })).resolves.toMatchObject({
      active: false,
    });
    expect(await storedCode(shop, 'PAUSE')).toMatchObject({ active: false });
    await shop.caller(admin.user).settings.setDiscountCodeActive({ id: created.id, active: true });
    expect(await storedCode(shop, 'PAUSE')).toMatchObject({ active: true });
    expect(await auditSubjects(shop, 'discount_code.deactivate')).toEqual([`PAUSE (${created.id})`]);
    expect(await auditSubjects(shop, 'discount_code.activate')).toEqual([`PAUSE (${created.id})`]);
  });

  test('lists every code by code with its held and spent uses, not its released ones', async ({ shop, admin, customer }) => {
    const used = await shop.caller(admin.user).settings.createDiscountCode({ ...welcome, code: 'AAA-USED' });
    await useCode(shop, customer, used.id, 'held');
    await useCode(shop, customer, used.id, 'spent');
    await useCode(shop, customer, used.id, 'spent');
    await useCode(shop, customer, used.id, 'released');

    const codes = await shop.caller(admin.user).settings.discountCodes();
    expect(codes.map((code) => code.code)).toEqual([...codes.map((code) => code.code)].sort());
    expect(codes.find((code) => code.id === used.id)?.uses).toEqual({ held: 1, spent: 2 });
    expect(codes.find((code) => code.code === 'SPRING-25')?.uses).toEqual({ held: 0, spent: 0 });
  });

  test('refuses bad terms with the sentence of the first, and changes nothing', async ({ shop, admin }) => {
    const refusals: Array<[Partial<DiscountCodeFields>, string]> = [
      [{ kind: 'percent', value: 0 }, messages.discountPercentInvalid],
      [{ kind: 'percent', value: 100.01 }, messages.discountPercentInvalid],
      [{ kind: 'percent', value: 10.005 }, messages.discountPercentInvalid],
      [{ kind: 'fixed', value: 0 }, messages.discountAmountInvalid],
      [{ kind: 'fixed', value: 5.001 }, messages.discountAmountInvalid],
      [{ endsAt: '2026-03-01T00:00:00.000Z' }, messages.discountEndsBeforeStart],
      [{ endsAt: '2026-02-01T00:00:00.000Z' }, messages.discountEndsBeforeStart],
      [{ startsAt: 'next tuesday' }, messages.discountDateInvalid],
      [{ code: 'AB' }, messages.discountCodeInvalid],
      [{ code: 'NO SPACES' }, messages.discountCodeInvalid],
      [{ minSpend: -1 }, messages.minSpendInvalid],
      [{ maxUses: 0 }, messages.discountLimitInvalid],
      [{ maxUsesPerCustomer: 1.5 }, messages.discountLimitInvalid],
    ];
    for (const [change, message] of refusals) {
      await expect(
        shop.caller(admin.user).settings.createDiscountCode({ ...welcome, code: 'REFUSED', ...change }),
      ).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message,
      });
    }
    expect(await storedCode(shop, 'REFUSED')).toBeUndefined();
    await expect(shop.caller(admin.user).settings.createDiscountCode({ ...welcome, code: 'FULL', value: 100 })).resolves.toMatchObject(
      {
        value: 100,
      },
    );
  });

  test('refuses an edit or a deactivation of a code that does not exist', async ({ shop, admin }) => {
    const id = '00000000-0000-4000-8000-000000000000';
    const notFound = { code: 'NOT_FOUND', message: messages.discountCodeNotFound };
    await expect(shop.caller(admin.user).settings.editDiscountCode({ id, fields: welcome })).rejects.toMatchObject(notFound);
    await expect(shop.caller(admin.user).settings.setDiscountCodeActive({ id, active: false })).rejects.toMatchObject(notFound);
  });

  test('refuses every discount code call to a customer, and changes nothing', async ({ shop, admin, customer }) => {
    const created = await shop.caller(admin.user).settings.createDiscountCode({ ...welcome, code: 'ADMINS-ONLY' });
    const as = shop.caller(customer.user).settings;
    const forbidden = { code: 'FORBIDDEN', message: messages.adminOnly };
    await expect(as.discountCodes()).rejects.toMatchObject(forbidden);
    await expect(as.createDiscountCode({ ...welcome, code: 'MINE' })).rejects.toMatchObject(forbidden);
    await expect(as.editDiscountCode({ id: created.id, fields: { ...welcome, value: 100 } })).rejects.toMatchObject(forbidden);
    await expect(as.setDiscountCodeActive({ id: created.id, active: false })).rejects.toMatchObject(forbidden);
    expect(await storedCode(shop, 'ADMINS-ONLY')).toMatchObject({ value: 1250, active: true });
    expect(await storedCode(shop, 'MINE')).toBeUndefined();
  });
});
