// Where the shop ships: zones, each with its countries (a country in at most one zone) and its
// rates. Admins list, create, rename and delete zones and set their countries, audited. Deleting
// a zone deletes its countries and rates with it (foreign keys cascade); orders keep their own copy
// of the shipping they were charged, so none of them changes.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { messages } from '../../../shared/messages';
import type { SetZoneCountriesInput } from '../../../shared/shop-settings';
import type { Database } from '../../db/database';
import { shippingRates, shippingZoneCountries, shippingZones } from '../../db/schema';
import { recordAudit } from '../audit/audit';
import type { AdminActor } from './admin-actor';
import { toShippingRateView, shippingRateColumns, type ShippingRateView } from './shipping-rate-views';
import { isUniqueViolation } from './unique-violation';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ShippingZoneView {
  id: string;
  name: string;
  /** Country codes, in alphabetical order. */
  countries: string[];
  /** Cheapest first. */
  rates: ShippingRateView[];
}

/** Every zone by name, with its countries and rates. */
export async function listShippingZones(db: Database): Promise<ShippingZoneView[]> {
  const [zones, countries, rates] = await Promise.all([
    db.select({ id: shippingZones.id, name: shippingZones.name }).from(shippingZones).orderBy(asc(shippingZones.name)),
    db
      .select({ zoneId: shippingZoneCountries.zoneId, country: shippingZoneCountries.country })
      .from(shippingZoneCountries)
      .orderBy(asc(shippingZoneCountries.country)),
    db
      .select({ ...shippingRateColumns, zoneId: shippingRates.zoneId })
      .from(shippingRates)
      .orderBy(asc(shippingRates.priceCents), asc(shippingRates.name)),
  ]);
  return zones.map((zone) => ({
    ...zone,
    countries: countries.filter((row) => row.zoneId === zone.id).map((row) => row.country),
    rates: rates.filter((rate) => rate.zoneId === zone.id).map(toShippingRateView),
  }));
}

/** A new zone, without countries or rates yet. */
export async function createShippingZone(db: Database, actor: AdminActor, name: string): Promise<ShippingZoneView> {
  return refusingTakenName(() =>
    db.transaction(async (tx) => {
      await refuseTakenName(tx, name);
      const [zone] = await tx.insert(shippingZones).values({ name }).returning({ id: shippingZones.id, name: shippingZones.name });
      // Stryker disable next-line ConditionalExpression,StringLiteral: INSERT … RETURNING answers its row; this only narrows the type
      if (!zone) throw new Error('The shipping zone was not stored');
      await recordAudit(tx, actor, 'shipping_zone.create', `${zone.name} (${zone.id})`);
      return { ...zone, countries: [], rates: [] };
    }),
  );
}

export async function renameShippingZone(
  db: Database,
  actor: AdminActor,
  id: string,
  name: string,
): Promise<{ id: string; name: string }> {
  return refusingTakenName(() =>
    db.transaction(async (tx) => {
      const before = await lockedZone(tx, id);
      await refuseTakenName(tx, name, id);
      await tx.update(shippingZones).set({ name }).where(eq(shippingZones.id, id));
      await recordAudit(tx, actor, 'shipping_zone.rename', `${JSON.stringify(before.name)} → ${JSON.stringify(name)} (${id})`);
      return { id, name };
    }),
  );
}

/** Deletes the zone with its countries and rates; the audit line keeps what it held. */
export async function deleteShippingZone(db: Database, actor: AdminActor, id: string): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const zone = await lockedZone(tx, id);
    const countries = await tx
      .select({ country: shippingZoneCountries.country })
      .from(shippingZoneCountries)
      .where(eq(shippingZoneCountries.zoneId, id))
      .orderBy(asc(shippingZoneCountries.country));
    const rates = await tx.select({ name: shippingRates.name }).from(shippingRates).where(eq(shippingRates.zoneId, id));
    await tx.delete(shippingZones).where(eq(shippingZones.id, id));
    const held = `countries: ${countries.map((row) => row.country).join(', ') || 'none'}; rates: ${rates.map((rate) => rate.name).join(', ') || 'none'}`;
    await recordAudit(tx, actor, 'shipping_zone.delete', `${zone.name} (${id}): ${held}`);
    return { id };
  });
}

/**
 * Replaces the zone's countries with `countries`. A country already in another zone is refused,
 * naming that zone: moving a country is taking it out of one zone, then adding it to the other.
 */
export async function setZoneCountries(db: Database, actor: AdminActor, input: SetZoneCountriesInput): Promise<ShippingZoneView> {
  try {
    await db.transaction(async (tx) => {
      const zone = await lockedZone(tx, input.id);
      if (input.countries.length > 0) {
        const [elsewhere] = await tx
          .select({ country: shippingZoneCountries.country, zone: shippingZones.name })
          .from(shippingZoneCountries)
          .innerJoin(shippingZones, eq(shippingZones.id, shippingZoneCountries.zoneId))
          .where(and(inArray(shippingZoneCountries.country, input.countries), ne(shippingZoneCountries.zoneId, input.id)))
          .orderBy(asc(shippingZoneCountries.country))
          .limit(1);
        if (elsewhere) {
          throw new TRPCError({ code: 'CONFLICT', message: messages.countryInOtherZone(elsewhere.country, elsewhere.zone) });
        }
      }
      const before = await tx
        .delete(shippingZoneCountries)
        .where(eq(shippingZoneCountries.zoneId, input.id))
        .returning({ country: shippingZoneCountries.country });
      if (input.countries.length > 0) {
        await tx.insert(shippingZoneCountries).values(input.countries.map((country) => ({ country, zoneId: input.id })));
      }
      const was = before.map((row) => row.country).sort();
      const now = [...input.countries].sort();
      await recordAudit(
        tx,
        actor,
        'shipping_zone.countries',
        `${zone.name} (${zone.id}): ${was.join(', ') || 'none'} → ${now.join(', ') || 'none'}`,
      );
    });
  } catch (error) {
    // Another admin put one of the countries in another zone after the check above.
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: messages.countriesTakenMeanwhile, cause: error });
    throw error;
  }
  const zones = await listShippingZones(db);
  const saved = zones.find((zone) => zone.id === input.id);
  if (!saved) throw new TRPCError({ code: 'NOT_FOUND', message: messages.zoneNotFound });
  return saved;
}

/** The zone, locked against a concurrent delete or rename; NOT_FOUND when there is none. */
async function lockedZone(tx: Transaction, id: string): Promise<{ id: string; name: string }> {
  const [zone] = await tx
    .select({ id: shippingZones.id, name: shippingZones.name })
    .from(shippingZones)
    .where(eq(shippingZones.id, id))
    .for('update');
  if (!zone) throw new TRPCError({ code: 'NOT_FOUND', message: messages.zoneNotFound });
  return zone;
}

async function refuseTakenName(tx: Transaction, name: string, exceptId?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: shippingZones.id })
    .from(shippingZones)
    .where(exceptId ? and(eq(shippingZones.name, name), ne(shippingZones.id, exceptId)) : eq(shippingZones.name, name));
  if (taken) throw new TRPCError({ code: 'CONFLICT', message: messages.zoneNameTaken });
}

/** The name check cannot see a zone named in a transaction not yet committed; the unique index can. */
async function refusingTakenName<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: messages.zoneNameTaken, cause: error });
    throw error;
  }
}
