// Tax rates through the tRPC caller: admins list, set and remove a country's rate (percent in,
// basis points stored), audited; customers may not; bad rates are refused and change nothing.
import { eq } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import { messages } from '../../shared/messages';
import { auditEvents, taxRates } from '../db/schema';
import type { TestShop } from '../testing/test-shop';

async function storedRate(shop: TestShop, country: string) {
  const [row] = await shop.database.db
    .select({ rateBasisPoints: taxRates.rateBasisPoints })
    .from(taxRates)
    .where(eq(taxRates.country, country));
  return row?.rateBasisPoints;
}

async function auditSubjects(shop: TestShop, action: string) {
  const rows = await shop.database.db.select({ subject: auditEvents.subject }).from(auditEvents).where(eq(auditEvents.action, action));
  return rows.map((row) => row.subject);
}

describe('tax rates', () => {
  test('lists the rates the migration set, in percent, by country', async ({ shop, admin }) => {
    const rates = await shop.caller(admin.user).settings.taxRates();
    expect(rates.map((rate) => rate.country)).toEqual([...rates.map((rate) => rate.country)].sort());
    expect(rates).toContainEqual(expect.objectContaining({ country: 'FI', ratePercent: 25.5 }));
    expect(rates).toContainEqual(expect.objectContaining({ country: 'DE', ratePercent: 19 }));
  });

  test('adds a rate and changes it, stored in basis points, and audits each', async ({ shop, admin }) => {
    await expect(shop.caller(admin.user).settings.setTaxRate({ country: 'CH', ratePercent: 8.1 })).resolves.toMatchObject({
      country: 'CH',
      ratePercent: 8.1,
    });
    expect(await storedRate(shop, 'CH')).toBe(810);
    await shop.caller(admin.user).settings.setTaxRate({ country: 'CH', ratePercent: 7.7 });
    expect(await storedRate(shop, 'CH')).toBe(770);
    expect(await auditSubjects(shop, 'tax_rate.set')).toEqual(['CH: none → 8.1 %', 'CH: 8.1 % → 7.7 %']);
  });

  test('removes a rate, audits it, and says so when the country has none', async ({ shop, admin }) => {
    await shop.caller(admin.user).settings.setTaxRate({ country: 'NO', ratePercent: 25 });
    await expect(shop.caller(admin.user).settings.removeTaxRate({ country: 'NO' })).resolves.toEqual({ country: 'NO' });
    expect(await storedRate(shop, 'NO')).toBeUndefined();
    expect(await auditSubjects(shop, 'tax_rate.remove')).toEqual(['NO: 25 %']);
    await expect(shop.caller(admin.user).settings.removeTaxRate({ country: 'NO' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.taxRateNotFound,
    });
  });

  test('refuses a rate outside 0 to 100, with more than 2 decimals, or for no country, and changes nothing', async ({
    shop,
    admin,
  }) => {
    const refusals: Array<[{ country: string; ratePercent: number }, string]> = [
      [{ country: 'DE', ratePercent: -1 }, messages.taxRateInvalid],
      [{ country: 'DE', ratePercent: 100.01 }, messages.taxRateInvalid],
      [{ country: 'DE', ratePercent: 19.005 }, messages.taxRateInvalid],
      [{ country: 'de', ratePercent: 19 }, messages.countryInvalid],
      [{ country: 'Germany', ratePercent: 19 }, messages.countryInvalid],
    ];
    for (const [input, message] of refusals) {
      await expect(shop.caller(admin.user).settings.setTaxRate(input)).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    }
    expect(await storedRate(shop, 'DE')).toBe(1900);
  });

  test('takes the edges of the range: 0 and 100 percent', async ({ shop, admin }) => {
    await shop.caller(admin.user).settings.setTaxRate({ country: 'HK', ratePercent: 0 });
    await shop.caller(admin.user).settings.setTaxRate({ country: 'XX', ratePercent: 100 });
    expect([await storedRate(shop, 'HK'), await storedRate(shop, 'XX')]).toEqual([0, 10_000]);
  });

  test('refuses every tax call to a customer, and changes nothing', async ({ shop, customer }) => {
    const as = shop.caller(customer.user).settings;
    await expect(as.taxRates()).rejects.toMatchObject({ code: 'FORBIDDEN', message: messages.adminOnly });
    await expect(as.setTaxRate({ country: 'DE', ratePercent: 1 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(as.removeTaxRate({ country: 'DE' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await storedRate(shop, 'DE')).toBe(1900);
  });
});
