// The shop's settings through the tRPC caller: anyone reads them, only admins change them, from the
// version their form showed, with an audit line; the currency stays USD; the euro rate is typed and
// shown as a decimal and stored in millionths.
import { asc, eq } from 'drizzle-orm';
import { describe, expect, test as shopTest } from '../testing/fixtures';
import { messages } from '../../shared/messages';
import { auditEvents, shopSettings } from '../db/schema';
import type { TestShop, TestUser } from '../testing/test-shop';

/** A second admin, saving the same settings as the first. */
const test = shopTest.extend('otherAdmin', { scope: 'file' }, ({ shop }) => shop.createUser('admin'));

// The settings as migrations leave them, before an admin (or the demo seed) fills them in.
test.override('shopOptions', { unopened: true });

/** The settings form as it opens: every field as saved, and its version. */
async function openForm(shop: TestShop, as: TestUser) {
  const { currency: _currency, ...fields } = await shop.caller(as.user).settings.shop();
  return fields;
}

async function storedSettings(shop: TestShop) {
  const [row] = await shop.database.db.select().from(shopSettings);
  return row;
}

/** The settings' audit lines, oldest first. */
async function settingsAudits(shop: TestShop): Promise<string[]> {
  const rows = await shop.database.db
    .select({ subject: auditEvents.subject })
    .from(auditEvents)
    .where(eq(auditEvents.action, 'settings.update'))
    .orderBy(asc(auditEvents.seq));
  return rows.map((row) => row.subject);
}

describe('the shop settings', () => {
  test('are read by a visitor: identity, currency, how prices are taxed and the version', async ({ shop }) => {
    await expect(shop.caller(null).settings.shop()).resolves.toEqual({
      legalName: expect.any(String) as unknown,
      addressLine1: expect.any(String) as unknown,
      addressLine2: null,
      city: expect.any(String) as unknown,
      postalCode: expect.any(String) as unknown,
      country: 'DE',
      vatId: null,
      email: expect.any(String) as unknown,
      currency: 'usd',
      pricesIncludeTax: true,
      ossEnabled: false,
      reservationMinutes: 30,
      eurRate: null,
      version: expect.any(Number) as unknown,
    });
  });

  test('saves every field an admin changes, shows it at once, and audits before and after', async ({ shop, admin }) => {
    const form = await openForm(shop, admin);
    const saved = await shop.caller(admin.user).settings.updateShop({
      ...form,
      legalName: 'Sprocket Parts GmbH',
      addressLine1: 'Kettenweg 12',
      addressLine2: 'Hinterhof',
      city: 'Berlin',
      postalCode: '10115',
      country: 'DE',
      vatId: 'de 293 847 560',
      email: 'orders@sprocket.example',
      currency: 'USD',
      pricesIncludeTax: false,
      ossEnabled: true,
      reservationMinutes: 45,
    });

    const expected = {
      legalName: 'Sprocket Parts GmbH',
      addressLine2: 'Hinterhof',
      vatId: 'DE293847560',
      pricesIncludeTax: false,
      ossEnabled: true,
      reservationMinutes: 45,
      currency: 'usd',
      version: form.version + 1,
    };
    expect(saved).toMatchObject(expected);
    await expect(shop.caller(null).settings.shop()).resolves.toMatchObject(expected);

    const audits = await shop.database.db
      .select({ subject: auditEvents.subject, actorEmail: auditEvents.actorEmail })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'settings.update'));
    expect(audits.at(-1)?.actorEmail).toBe(admin.user.email);
    expect(audits.at(-1)?.subject).toContain('reservationMinutes: 30 → 45');
    expect(audits.at(-1)?.subject).toContain('vatId: null → "DE293847560"');
  });

  test('clears the second address line and the VAT ID when they are left empty', async ({ shop, admin }) => {
    const form = await openForm(shop, admin);
    await shop.caller(admin.user).settings.updateShop({ ...form, addressLine2: 'Hof 2', vatId: 'DE123456789' });
    const saved = await shop
      .caller(admin.user)
      .settings.updateShop({ ...(await openForm(shop, admin)), addressLine2: '  ', vatId: '' });
    expect(saved).toMatchObject({ addressLine2: null, vatId: null });
  });

  test('sets the euro rate as typed, stores its millionths, shows it back, and audits it', async ({ shop, admin }) => {
    const saved = await shop.caller(admin.user).settings.updateShop({ ...(await openForm(shop, admin)), eurRate: ' 0.921300 ' });
    expect(saved.eurRate).toBe('0.9213');
    expect((await storedSettings(shop))?.eurRateMillionths).toBe(921_300);
    await expect(shop.caller(null).settings.shop()).resolves.toMatchObject({ eurRate: '0.9213' });

    await shop.caller(admin.user).settings.updateShop({ ...(await openForm(shop, admin)), eurRate: '1.5' });
    expect((await storedSettings(shop))?.eurRateMillionths).toBe(1_500_000);
    await shop.caller(admin.user).settings.updateShop({ ...(await openForm(shop, admin)), eurRate: '0.000001' });
    expect((await storedSettings(shop))?.eurRateMillionths).toBe(1);

    const subjects = await settingsAudits(shop);
    expect(subjects.at(-3)).toBe('eurRate: null → "0.9213"');
    expect(subjects.at(-2)).toBe('eurRate: "0.9213" → "1.5"');
    expect(subjects.at(-1)).toBe('eurRate: "1.5" → "0.000001"');
  });

  test('clears the euro rate when it is left empty, and audits that', async ({ shop, admin }) => {
    await shop.caller(admin.user).settings.updateShop({ ...(await openForm(shop, admin)), eurRate: '0.92' });
    const cleared = await shop.caller(admin.user).settings.updateShop({ ...(await openForm(shop, admin)), eurRate: '  ' });
    expect(cleared.eurRate).toBeNull();
    expect((await storedSettings(shop))?.eurRateMillionths).toBeNull();
    expect((await settingsAudits(shop)).at(-1)).toBe('eurRate: "0.92" → null');
  });

  test('refuses a euro rate that is not a positive decimal of at most 6 places up to 100, and changes nothing', async ({
    shop,
    admin,
  }) => {
    await shop.caller(admin.user).settings.updateShop({ ...(await openForm(shop, admin)), eurRate: '0.92' });
    const form = await openForm(shop, admin);
    const before = await storedSettings(shop);
    const auditsBefore = (await settingsAudits(shop)).length;
    for (const eurRate of ['0', '0.000000', '0.0000001', '0,92', '-0.92', '1e-3', '.92', '0.', '100.000001', '920000', 'abc', 0.92]) {
      await expect(
        shop.caller(admin.user).settings.updateShop({ ...form, eurRate: eurRate as string }),
        JSON.stringify(eurRate),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: messages.eurRateInvalid });
    }
    expect(await storedSettings(shop)).toEqual(before);
    expect(await settingsAudits(shop)).toHaveLength(auditsBefore);

    const highest = await shop.caller(admin.user).settings.updateShop({ ...form, eurRate: '100' });
    expect(highest.eurRate).toBe('100');
  });

  test('refuses changing the currency with the reason, and changes nothing', async ({ shop, admin }) => {
    const form = await openForm(shop, admin);
    const before = await storedSettings(shop);
    await expect(shop.caller(admin.user).settings.updateShop({ ...form, currency: 'eur', legalName: 'Other' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.currencyFixed,
    });
    expect(await storedSettings(shop)).toEqual(before);
  });

  test('refuses bad fields with the sentence of the first, and changes nothing', async ({ shop, admin }) => {
    const form = await openForm(shop, admin);
    const before = await storedSettings(shop);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ reservationMinutes: 4 }, messages.reservationMinutesInvalid],
      [{ reservationMinutes: 1441 }, messages.reservationMinutesInvalid],
      [{ reservationMinutes: 30.5 }, messages.reservationMinutesInvalid],
      [{ country: 'de' }, messages.countryInvalid],
      [{ country: 'DEU' }, messages.countryInvalid],
      [{ legalName: '   ' }, messages.legalNameRequired],
      [{ email: 'not an email' }, messages.emailInvalid],
      [{ vatId: 'D1' }, messages.vatIdInvalid],
    ];
    for (const [change, message] of refusals) {
      await expect(shop.caller(admin.user).settings.updateShop({ ...form, ...change })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message,
      });
    }
    expect(await storedSettings(shop)).toEqual(before);
  });

  test('refuses changes to a customer and a visitor, and changes nothing', async ({ shop, admin, customer }) => {
    const form = await openForm(shop, admin);
    const before = await storedSettings(shop);
    await expect(shop.caller(customer.user).settings.updateShop({ ...form, legalName: 'Mine now' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: messages.adminOnly,
    });
    await expect(shop.caller(null).settings.updateShop({ ...form, legalName: 'Mine now' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await storedSettings(shop)).toEqual(before);
  });

  test('refuses the second of two admins saving from the same version, with the first one’s values', async ({
    shop,
    admin,
    otherAdmin,
  }) => {
    const first = await openForm(shop, admin);
    const second = await openForm(shop, otherAdmin);
    await shop.caller(admin.user).settings.updateShop({ ...first, reservationMinutes: 60, eurRate: '0.95' });

    await expect(shop.caller(otherAdmin.user).settings.updateShop({ ...second, reservationMinutes: 90 })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.shopSettingsConflict,
      cause: { current: { reservationMinutes: 60, eurRate: '0.95', version: first.version + 1 } },
    });
    await expect(shop.caller(null).settings.shop()).resolves.toMatchObject({ reservationMinutes: 60, version: first.version + 1 });
  });
});
