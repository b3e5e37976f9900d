// The demo shop's commerce settings: a bicycle-parts manufacturer in Berlin selling across the EU
// and beyond (docs/decisions/0043-checkout-orders.md). Seeded with the demo catalogue, and by the
// tests that check out.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { EU_COUNTRIES } from '../../shared/countries';
import { seller } from '../../shared/seller';
import type { Database } from './database';
import { discountCodes, priceBreaks, shippingRates, shippingZoneCountries, shippingZones, shopSettings, tools } from './schema';

const demoShopSettings = {
  legalName: seller.name,
  addressLine1: seller.addressLine1,
  city: seller.city,
  postalCode: seller.postalCode,
  country: seller.country,
  vatId: seller.vatId,
  email: seller.email,
  // A plausible euro rate (1 USD = 0.92 EUR; a real shop types the ECB's), so the demo's invoices
  // state their VAT in euros as a German shop invoicing in dollars must (Article 230).
  eurRateMillionths: 920_000,
};

const EU_OTHER_THAN_GERMANY = EU_COUNTRIES.filter((country) => country !== 'DE');

/** Zones and their rates, in cents of the shop's currency. */
const demoShippingZones = [
  {
    name: 'Germany',
    countries: ['DE'],
    rates: [
      { name: 'Standard (2–3 days)', priceCents: 5_90, freeAboveCents: 150_00 },
      { name: 'Express (next day)', priceCents: 14_90, freeAboveCents: null },
    ],
  },
  {
    name: 'European Union',
    countries: EU_OTHER_THAN_GERMANY,
    rates: [
      { name: 'Standard (3–6 days)', priceCents: 12_90, freeAboveCents: 300_00 },
      { name: 'Express (1–2 days)', priceCents: 29_00, freeAboveCents: null },
    ],
  },
  {
    name: 'Rest of the world',
    countries: ['GB', 'CH', 'NO', 'US', 'CA'],
    rates: [{ name: 'International (5–10 days)', priceCents: 39_00, freeAboveCents: null }],
  },
] as const;

/** Quantity prices for a bike shop's usual orders, by part name. */
const demoPriceBreaks = [
  { part: 'Bike Headsets', minQuantity: 20, unitPriceCents: 35_00 },
  { part: 'Bike Cassettes & Freewheels', minQuantity: 20, unitPriceCents: 44_00 },
  { part: 'Handlebars', minQuantity: 30, unitPriceCents: 53_00 },
  { part: 'Bicycle Seatposts', minQuantity: 40, unitPriceCents: 79_00 },
] as const;

const demoDiscountCode = {
  code: 'WELCOME10',
  kind: 'percent',
  value: 10_00,
  minSpendCents: 100_00,
  maxUsesPerCustomer: 1,
} as const;

/**
 * Sets the demo shop's identity and euro rate, shipping zones, price breaks and a welcome code, unless the shop
 * already has a legal name (an admin's settings are never overwritten). True when it seeded.
 */
export async function seedDemoCommerce(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const seeded = await tx
      .update(shopSettings)
      .set(demoShopSettings)
      .where(eq(shopSettings.legalName, ''))
      .returning({ id: shopSettings.id });
    if (seeded.length === 0) return false;
    for (const zone of demoShippingZones) {
      const [stored] = await tx.insert(shippingZones).values({ name: zone.name }).returning({ id: shippingZones.id });
      // Stryker disable next-line ConditionalExpression,StringLiteral: INSERT … RETURNING answers its row; this only narrows the type
      if (!stored) throw new Error('the shipping zone was not stored');
      await tx.insert(shippingZoneCountries).values(zone.countries.map((country) => ({ country, zoneId: stored.id })));
      await tx.insert(shippingRates).values(zone.rates.map((rate) => ({ ...rate, zoneId: stored.id })));
    }
    const parts = await tx
      .select({ id: tools.id, name: tools.name })
      .from(tools)
      .where(
        and(
          inArray(
            tools.name,
            demoPriceBreaks.map((priceBreak) => priceBreak.part),
          ),
          // A part's variants share its name; its breaks are the part's own row's.
          isNull(tools.variantOf),
        ),
      );
    const breaks = demoPriceBreaks.flatMap(({ part, ...priceBreak }) =>
      parts.filter((tool) => tool.name === part).map((tool) => ({ toolId: tool.id, ...priceBreak })),
    );
    if (breaks.length > 0) await tx.insert(priceBreaks).values(breaks);
    await tx.insert(discountCodes).values(demoDiscountCode).onConflictDoNothing();
    return true;
  });
}
