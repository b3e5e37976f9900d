// What pricing an order reads besides its lines: the shop's settings and tax rates, the shipping
// rates offered to a country, and a discount code with the uses already counted against it.
// Read fresh for every quote and order (a handful of small rows), so an admin's change applies to
// the next checkout at once.
import { TRPCError } from '@trpc/server';
import { and, count, eq, inArray } from 'drizzle-orm';
import { orderMessages } from '../../../shared/order-messages';
import type { Database } from '../../db/database';
import { discountCodes, discountUses, shippingRates, shippingZoneCountries, shopSettings, taxRates } from '../../db/schema';
import type { TaxSettings } from './pricing/price-order';

export type ShopSettingsRow = typeof shopSettings.$inferSelect;

export interface OfferedShippingRate {
  id: string;
  name: string;
  priceCents: number;
  freeAboveCents: number | null;
}

/** The shop's settings; refuses while its legal identity is missing (no invoice could be issued). */
export async function loadShopSettings(db: Database): Promise<ShopSettingsRow> {
  const [settings] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!settings || settings.legalName === '' || settings.addressLine1 === '') {
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: orderMessages.shopNotReady });
  }
  return settings;
}

export async function loadTaxSettings(db: Database, settings: ShopSettingsRow): Promise<TaxSettings> {
  const rates = await db.select({ country: taxRates.country, rate: taxRates.rateBasisPoints }).from(taxRates);
  return {
    shopCountry: settings.country,
    pricesIncludeTax: settings.pricesIncludeTax,
    ossEnabled: settings.ossEnabled,
    ratesBasisPoints: new Map(rates.map(({ country, rate }) => [country, rate])),
  };
}

/** The rates of the zone the country is in, cheapest first; none when the shop does not ship there. */
export async function shippingRatesTo(db: Database, country: string): Promise<OfferedShippingRate[]> {
  const zone = db
    .select({ zoneId: shippingZoneCountries.zoneId })
    .from(shippingZoneCountries)
    .where(eq(shippingZoneCountries.country, country));
  const rates = await db
    .select({
      id: shippingRates.id,
      name: shippingRates.name,
      priceCents: shippingRates.priceCents,
      freeAboveCents: shippingRates.freeAboveCents,
    })
    .from(shippingRates)
    .where(inArray(shippingRates.zoneId, zone));
  return rates.sort((a, b) => a.priceCents - b.priceCents || a.name.localeCompare(b.name));
}

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/**
 * The code, checked for the customer at `now`: active, within its dates, with uses left overall
 * and for this customer (held and spent uses count). Pass a transaction holding the code's row
 * locked (lockDiscountCode) when the answer must stay true until a use is recorded.
 */
export async function checkDiscountCode(db: Database, code: DiscountCodeRow, userId: string | null, now: Date): Promise<void> {
  const refuse = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
  if (!code.active) throw refuse(orderMessages.discountInactive);
  if (code.startsAt && code.startsAt > now) throw refuse(orderMessages.discountNotYet);
  if (code.endsAt && code.endsAt <= now) throw refuse(orderMessages.discountExpired);
  const counting = and(eq(discountUses.codeId, code.id), inArray(discountUses.status, ['held', 'spent']));
  if (code.maxUses !== null) {
    const [uses] = await db.select({ uses: count() }).from(discountUses).where(counting);
    if ((uses?.uses ?? 0) >= code.maxUses) throw new TRPCError({ code: 'CONFLICT', message: orderMessages.discountUsedUp });
  }
  if (code.maxUsesPerCustomer !== null && userId !== null) {
    const [uses] = await db
      .select({ uses: count() })
      .from(discountUses)
      .where(and(counting, eq(discountUses.userId, userId)));
    if ((uses?.uses ?? 0) >= code.maxUsesPerCustomer) throw refuse(orderMessages.discountUsedByYou);
  }
}

/** The code by its text (already upper case), locked for update when `lock` is set. */
export async function findDiscountCode(db: Database, code: string, lock: boolean): Promise<DiscountCodeRow> {
  const query = db.select().from(discountCodes).where(eq(discountCodes.code, code));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new TRPCError({ code: 'BAD_REQUEST', message: orderMessages.discountUnknown });
  return row;
}
