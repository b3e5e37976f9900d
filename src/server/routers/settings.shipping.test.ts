// Shipping zones and rates through the tRPC caller: admins create, rename and delete zones, set
// their countries (each country in one zone only) and their rates, audited; customers may not.
import { eq } from 'drizzle-orm';
import { describe, expect, test } from '../testing/fixtures';
import { messages } from '../../shared/messages';
import { auditEvents, shippingRates, shippingZoneCountries, shippingZones } from '../db/schema';
import type { TestShop, TestUser } from '../testing/test-shop';

// No zones yet, as migrations leave the shop before an admin (or the demo seed) sets them.
test.override('shopOptions', { unopened: true });

async function auditSubjects(shop: TestShop, action: string) {
  const rows = await shop.database.db.select({ subject: auditEvents.subject }).from(auditEvents).where(eq(auditEvents.action, action));
  return rows.map((row) => row.subject);
}

async function zoneOf(shop: TestShop, admin: TestUser, id: string) {
  const zones = await shop.caller(admin.user).settings.shippingZones();
  return zones.find((zone) => zone.id === id);
}

describe('shipping zones', () => {
  test('creates a zone, gives it countries and rates, and lists them, audited', async ({ shop, admin }) => {
    const settings = shop.caller(admin.user).settings;
    const zone = await settings.createShippingZone({ name: '  Benelux ' });
    expect(zone).toEqual({ id: expect.any(String) as unknown, name: 'Benelux', countries: [], rates: [] });
    await settings.setZoneCountries({ id: zone.id, countries: ['NL', 'BE', 'LU'] });
    const express = await settings.addShippingRate({ zoneId: zone.id, name: 'Express', price: 19.9, freeAbove: null });
    const standard = await settings.addShippingRate({ zoneId: zone.id, name: 'Standard', price: 6.5, freeAbove: 150 });

    expect(await zoneOf(shop, admin, zone.id)).toEqual({
      id: zone.id,
      name: 'Benelux',
      countries: ['BE', 'LU', 'NL'],
      rates: [
        { id: standard.id, name: 'Standard', price: 6.5, freeAbove: 150 },
        { id: express.id, name: 'Express', price: 19.9, freeAbove: null },
      ],
    });
    const [stored] = await shop.database.db
      .select({ priceCents: shippingRates.priceCents, freeAboveCents: shippingRates.freeAboveCents })
      .from(shippingRates)
      .where(eq(shippingRates.id, standard.id));
    expect(stored).toEqual({ priceCents: 650, freeAboveCents: 15_000 });
    expect(await auditSubjects(shop, 'shipping_zone.create')).toContain(`Benelux (${zone.id})`);
    expect(await auditSubjects(shop, 'shipping_zone.countries')).toContain(`Benelux (${zone.id}): none → BE, LU, NL`);
    expect(await auditSubjects(shop, 'shipping_rate.add')).toContain(`Benelux: "Standard" at 6.50, free from 150.00 (${standard.id})`);
  });

  test('refuses a country already in another zone, naming that zone, and changes nothing', async ({ shop, admin }) => {
    const settings = shop.caller(admin.user).settings;
    const alps = await settings.createShippingZone({ name: 'Alps' });
    await settings.setZoneCountries({ id: alps.id, countries: ['AT', 'CH'] });
    const dach = await settings.createShippingZone({ name: 'DACH' });
    await settings.setZoneCountries({ id: dach.id, countries: ['DE'] });

    await expect(settings.setZoneCountries({ id: dach.id, countries: ['DE', 'AT', 'CH'] })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.countryInOtherZone('AT', 'Alps'),
    });
    expect((await zoneOf(shop, admin, dach.id))?.countries).toEqual(['DE']);
    expect((await zoneOf(shop, admin, alps.id))?.countries).toEqual(['AT', 'CH']);

    // Taken out of one zone, a country can join another.
    await settings.setZoneCountries({ id: alps.id, countries: ['CH'] });
    await settings.setZoneCountries({ id: dach.id, countries: ['DE', 'AT'] });
    expect((await zoneOf(shop, admin, dach.id))?.countries).toEqual(['AT', 'DE']);
  });

  test('refuses a country listed twice or written other than as two capitals', async ({ shop, admin }) => {
    const settings = shop.caller(admin.user).settings;
    const zone = await settings.createShippingZone({ name: 'Nordics' });
    await expect(settings.setZoneCountries({ id: zone.id, countries: ['SE', 'SE'] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.countriesRepeated,
    });
    await expect(settings.setZoneCountries({ id: zone.id, countries: ['se'] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: messages.countryInvalid,
    });
    expect((await zoneOf(shop, admin, zone.id))?.countries).toEqual([]);
  });

  test('renames a zone, refusing a name another zone has', async ({ shop, admin }) => {
    const settings = shop.caller(admin.user).settings;
    const zone = await settings.createShippingZone({ name: 'Islands' });
    await settings.createShippingZone({ name: 'Iberia' });
    await expect(settings.renameShippingZone({ id: zone.id, name: 'Iberia' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.zoneNameTaken,
    });
    await expect(settings.createShippingZone({ name: 'Iberia' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: messages.zoneNameTaken,
    });
    await expect(settings.renameShippingZone({ id: zone.id, name: 'British Isles' })).resolves.toEqual({
      id: zone.id,
      name: 'British Isles',
    });
    expect(await auditSubjects(shop, 'shipping_zone.rename')).toContain(`"Islands" → "British Isles" (${zone.id})`);
  });

  test('deletes a zone with its countries and rates, and keeps what it held in the audit line', async ({ shop, admin }) => {
    const settings = shop.caller(admin.user).settings;
    const zone = await settings.createShippingZone({ name: 'Baltics' });
    await settings.setZoneCountries({ id: zone.id, countries: ['EE', 'LV'] });
    await settings.addShippingRate({ zoneId: zone.id, name: 'Post', price: 9, freeAbove: null });

    await expect(settings.deleteShippingZone({ id: zone.id })).resolves.toEqual({ id: zone.id });
    expect(await zoneOf(shop, admin, zone.id)).toBeUndefined();
    const db = shop.database.db;
    expect(await db.select().from(shippingZoneCountries).where(eq(shippingZoneCountries.zoneId, zone.id))).toEqual([]);
    expect(await db.select().from(shippingRates).where(eq(shippingRates.zoneId, zone.id))).toEqual([]);
    expect(await auditSubjects(shop, 'shipping_zone.delete')).toContain(`Baltics (${zone.id}): countries: EE, LV; rates: Post`);
    await expect(settings.deleteShippingZone({ id: zone.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.zoneNotFound,
    });
  });
});

describe('shipping rates', () => {
  test('edits every field of a rate and removes it, audited', async ({ shop, admin }) => {
    const settings = shop.caller(admin.user).settings;
    const zone = await settings.createShippingZone({ name: 'Poland' });
    const rate = await settings.addShippingRate({ zoneId: zone.id, name: 'Courier', price: 10, freeAbove: 200 });

    await expect(settings.editShippingRate({ id: rate.id, name: 'Courier (2 days)', price: 0, freeAbove: null })).resolves.toEqual({
      id: rate.id,
      name: 'Courier (2 days)',
      price: 0,
      freeAbove: null,
    });
    expect(await auditSubjects(shop, 'shipping_rate.edit')).toContain(
      `${rate.id}: "Courier" at 10.00, free from 200.00 → "Courier (2 days)" at 0.00, never free`,
    );
    await expect(settings.removeShippingRate({ id: rate.id })).resolves.toEqual({ id: rate.id });
    expect((await zoneOf(shop, admin, zone.id))?.rates).toEqual([]);
    await expect(settings.removeShippingRate({ id: rate.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: messages.shippingRateNotFound,
    });
  });

  test('refuses a negative or fractional-cent price, a bad threshold, or no name, and changes nothing', async ({ shop, admin }) => {
    const settings = shop.caller(admin.user).settings;
    const zone = await settings.createShippingZone({ name: 'Greece' });
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ price: -1 }, messages.shippingPriceInvalid],
      [{ price: 4.999 }, messages.shippingPriceInvalid],
      [{ freeAbove: -5 }, messages.freeAboveInvalid],
      [{ name: ' ' }, messages.shippingRateNameRequired],
    ];
    for (const [change, message] of refusals) {
      await expect(
        settings.addShippingRate({ zoneId: zone.id, name: 'Post', price: 5, freeAbove: null, ...change }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
    }
    await expect(
      settings.addShippingRate({ zoneId: '00000000-0000-4000-8000-000000000000', name: 'Post', price: 5, freeAbove: null }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: messages.zoneNotFound });
    expect((await zoneOf(shop, admin, zone.id))?.rates).toEqual([]);
  });

  test('refuses every shipping call to a customer, and changes nothing', async ({ shop, admin, customer }) => {
    const zone = await shop.caller(admin.user).settings.createShippingZone({ name: 'Malta' });
    const rate = await shop.caller(admin.user).settings.addShippingRate({ zoneId: zone.id, name: 'Post', price: 5, freeAbove: null });
    const as = shop.caller(customer.user).settings;
    const forbidden = { code: 'FORBIDDEN', message: messages.adminOnly };
    await expect(as.shippingZones()).rejects.toMatchObject(forbidden);
    await expect(as.createShippingZone({ name: 'Mine' })).rejects.toMatchObject(forbidden);
    await expect(as.renameShippingZone({ id: zone.id, name: 'Mine' })).rejects.toMatchObject(forbidden);
    await expect(as.setZoneCountries({ id: zone.id, countries: ['MT'] })).rejects.toMatchObject(forbidden);
    await expect(as.deleteShippingZone({ id: zone.id })).rejects.toMatchObject(forbidden);
    await expect(as.addShippingRate({ zoneId: zone.id, name: 'Free', price: 0, freeAbove: null })).rejects.toMatchObject(forbidden);
    await expect(as.editShippingRate({ id: rate.id, name: 'Free', price: 0, freeAbove: null })).rejects.toMatchObject(forbidden);
    await expect(as.removeShippingRate({ id: rate.id })).rejects.toMatchObject(forbidden);
    expect(await zoneOf(shop, admin, zone.id)).toEqual({ id: zone.id, name: 'Malta', countries: [], rates: [rate] });
    expect(await shop.database.db.select().from(shippingZones).where(eq(shippingZones.name, 'Mine'))).toEqual([]);
  });
});
