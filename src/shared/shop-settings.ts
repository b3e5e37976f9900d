// The inputs an admin gives the shop's commerce settings: its identity and tax display, tax rates,
// shipping zones and rates, discount codes and quantity price breaks. Money is typed in dollars of
// the shop's currency and rates in percent, as the forms show them; the server stores cents and
// basis points. Browser and server check with these same schemas.
import { z } from 'zod';
import { idSchema, TYPED_TEXT } from './common';
import { CURRENCY, MAX_PRICE_DOLLARS, MAX_QUANTITY } from './constants';
import { discountKinds } from './commerce';
import { messages } from './messages';
import { isWholeCents } from './money';

/** The shortest and longest hold of stock for a checkout's payment (the database holds the same range). */
export const RESERVATION_MINUTES_MIN = 5;
export const RESERVATION_MINUTES_MAX = 1440;
/** Most quantity prices one part may have: a price list, not a table of every quantity. */
export const MAX_PRICE_BREAKS = 20;
/** Most countries one zone may hold: there are fewer than 250 ISO countries. */
const MAX_ZONE_COUNTRIES = 250;

/**
 * The most euros one unit of the shop's currency may be worth. No currency is worth more than a few
 * euros, so a rate above this is a slip (typed in millionths, or the point in the wrong place); the
 * database's integer of millionths would hold at most 2147.
 */
const EUR_RATE_MAX = 100;
const MILLIONTHS = 1_000_000;

/**
 * "0.9213" (euros per unit of the shop's currency, a point and at most six decimals) as the
 * millionths the settings store (921300), read from the text so no float rounds it; null when the
 * text is not such a rate, is 0 or is above EUR_RATE_MAX.
 */
export function eurRateToMillionths(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,6}))?$/.exec(text);
  if (!match) return null;
  const millionths = Number(match[1]) * MILLIONTHS + Number((match[2] ?? '').padEnd(6, '0'));
  return millionths > 0 && millionths <= EUR_RATE_MAX * MILLIONTHS ? millionths : null;
}

/** 921300 millionths as "0.9213", 1000000 as "1": the rate as it was typed, without trailing zeros. */
export function millionthsToEurRate(millionths: number): string {
  const fraction = String(millionths % MILLIONTHS)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return `${Math.trunc(millionths / MILLIONTHS)}${fraction === '' ? '' : `.${fraction}`}`;
}

/**
 * The euro rate as the settings form sends it: text, as typed, or empty (or null) for none. A rate
 * comes out in the form it is shown back in ("0.92000" as "0.92"), so parsing it again changes nothing.
 */
const eurRateSchema = z
  .string({ error: messages.eurRateInvalid })
  .trim()
  .nullable()
  .transform((text, context) => {
    if (text === null || text === '') return null;
    const millionths = eurRateToMillionths(text);
    if (millionths === null) {
      context.addIssue({ code: 'custom', message: messages.eurRateInvalid });
      return z.NEVER;
    }
    return millionthsToEurRate(millionths);
  });

/** A percentage with at most two decimals (25.5 %) as basis points (2550), and back. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/** A percentage has at most two decimals exactly when, like a dollar amount, it is a whole number of hundredths. */
const hasAtMostTwoDecimals = isWholeCents;

/** One line a person types: trimmed, within `max` characters (too long is worded from the field's name), no control characters. */
function line(required: string, max: number) {
  return z.string({ error: required }).trim().min(1, required).max(max).regex(TYPED_TEXT, messages.textHasControlCharacters);
}

/** A line that may be left empty: empty (or null, as the settings are read) means none. */
function optionalLine(max: number) {
  return z
    .string({ error: messages.requestInvalid })
    .trim()
    .max(max)
    .regex(TYPED_TEXT, messages.textHasControlCharacters)
    .nullable()
    .transform((text) => (text === '' ? null : text));
}

/** An ISO 3166-1 alpha-2 country code, upper case. */
const countrySchema = z.string({ error: messages.countryInvalid }).regex(/^[A-Z]{2}$/, messages.countryInvalid);

/** A dollar amount from 0 (0 is a free shipping rate) with at most two decimals. */
function amountSchema(message: string) {
  return z.number({ error: message }).min(0, message).max(MAX_PRICE_DOLLARS, message).refine(hasAtMostTwoDecimals, message);
}

/** A VAT ID as it is printed: a two-letter country prefix and 2 to 13 letters or digits. */
const vatIdSchema = optionalLine(20)
  .transform((vatId) => vatId?.replace(/\s/g, '').toUpperCase() ?? null)
  .refine((vatId) => vatId === null || /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(vatId), messages.vatIdInvalid);

/**
 * The shop's identity and how it prices, as the settings form saves it, from the `version` the
 * form was loaded at. The currency may be sent but only as it is: orders and payments are in USD.
 */
export const updateShopSettingsSchema = z.object({
  legalName: line(messages.legalNameRequired, 200),
  addressLine1: line(messages.addressLineRequired, 200),
  addressLine2: optionalLine(200),
  city: line(messages.cityRequired, 100),
  postalCode: line(messages.postalCodeRequired, 20),
  country: countrySchema,
  vatId: vatIdSchema,
  email: z.email({ error: messages.emailInvalid }).max(254, messages.emailInvalid),
  currency: z
    .string({ error: messages.currencyFixed })
    .refine((currency) => currency.toLowerCase() === CURRENCY, messages.currencyFixed)
    .optional(),
  pricesIncludeTax: z.boolean({ error: messages.requestInvalid }),
  ossEnabled: z.boolean({ error: messages.requestInvalid }),
  reservationMinutes: z
    .number({ error: messages.reservationMinutesInvalid })
    .int(messages.reservationMinutesInvalid)
    .min(RESERVATION_MINUTES_MIN, messages.reservationMinutesInvalid)
    .max(RESERVATION_MINUTES_MAX, messages.reservationMinutesInvalid),
  /** Euros per unit of the shop's currency, for the VAT in euros on invoices (Article 230); null when none is set. */
  eurRate: eurRateSchema,
  version: z.number({ error: messages.shopSettingsConflict }).int(messages.shopSettingsConflict).min(1, messages.shopSettingsConflict),
});
export type UpdateShopSettingsInput = z.output<typeof updateShopSettingsSchema>;

/** A tax rate in percent, 0 to 100 with at most two decimals (Finland's 25.5). */
const ratePercentSchema = z
  .number({ error: messages.taxRateInvalid })
  .min(0, messages.taxRateInvalid)
  .max(100, messages.taxRateInvalid)
  .refine(hasAtMostTwoDecimals, messages.taxRateInvalid);

export const setTaxRateSchema = z.object({ country: countrySchema, ratePercent: ratePercentSchema });
export type SetTaxRateInput = z.infer<typeof setTaxRateSchema>;

export const countryInputSchema = z.object({ country: countrySchema });

const zoneNameSchema = line(messages.zoneNameRequired, 100);

export const createShippingZoneSchema = z.object({ name: zoneNameSchema });
export const renameShippingZoneSchema = z.object({ id: idSchema, name: zoneNameSchema });

/** The whole list of a zone's countries, each once; the list replaces the zone's countries. */
export const setZoneCountriesSchema = z.object({
  id: idSchema,
  countries: z
    .array(countrySchema, { error: messages.countryInvalid })
    .max(MAX_ZONE_COUNTRIES, messages.countriesRepeated)
    .refine((countries) => new Set(countries).size === countries.length, messages.countriesRepeated),
});
export type SetZoneCountriesInput = z.infer<typeof setZoneCountriesSchema>;

/** A way of shipping to a zone: its price, and the goods' total from which it is free (null: never free). */
export const shippingRateFieldsSchema = z.object({
  name: line(messages.shippingRateNameRequired, 100),
  price: amountSchema(messages.shippingPriceInvalid),
  freeAbove: amountSchema(messages.freeAboveInvalid).nullable(),
});
export type ShippingRateFields = z.infer<typeof shippingRateFieldsSchema>;

export const addShippingRateSchema = shippingRateFieldsSchema.extend({ zoneId: idSchema });
export const editShippingRateSchema = shippingRateFieldsSchema.extend({ id: idSchema });

/** A code customers type, in any case; kept upper case. */
const discountCodeSchema = z
  .string({ error: messages.discountCodeInvalid })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,32}$/, messages.discountCodeInvalid);

const instantSchema = z.iso.datetime({ offset: true, error: messages.discountDateInvalid }).nullable();
const useLimitSchema = z
  .number({ error: messages.discountLimitInvalid })
  .int(messages.discountLimitInvalid)
  .min(1, messages.discountLimitInvalid)
  .max(MAX_QUANTITY, messages.discountLimitInvalid)
  .nullable();

/**
 * Every field of a discount code. `value` is a percentage (0.01 to 100) for a percent code and a
 * dollar amount above 0 for a fixed one; `minSpend` is in dollars (0: any order); the dates are
 * ISO instants or null (no start, no end); the limits are counts or null (no limit).
 */
export const discountCodeFieldsSchema = z
  .object({
    code: discountCodeSchema,
    kind: z.enum(discountKinds, { error: messages.discountKindInvalid }),
    value: z.number({ error: messages.discountValueInvalid }),
    minSpend: amountSchema(messages.minSpendInvalid),
    startsAt: instantSchema,
    endsAt: instantSchema,
    maxUses: useLimitSchema,
    maxUsesPerCustomer: useLimitSchema,
  })
  .superRefine((code, context) => {
    const valid =
      code.kind === 'percent'
        ? code.value >= 0.01 && code.value <= 100 && hasAtMostTwoDecimals(code.value)
        : code.value >= 0.01 && code.value <= MAX_PRICE_DOLLARS && hasAtMostTwoDecimals(code.value);
    if (!valid) {
      const message = code.kind === 'percent' ? messages.discountPercentInvalid : messages.discountAmountInvalid;
      context.addIssue({ code: 'custom', path: ['value'], message });
    }
    if (code.startsAt && code.endsAt && Date.parse(code.endsAt) <= Date.parse(code.startsAt)) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: messages.discountEndsBeforeStart });
    }
  });
export type DiscountCodeFields = z.infer<typeof discountCodeFieldsSchema>;

/** An edit names the code and gives every field again. */
export const editDiscountCodeSchema = z.object({ id: idSchema, fields: discountCodeFieldsSchema });

export const setDiscountCodeActiveSchema = z.object({ id: idSchema, active: z.boolean({ error: messages.requestInvalid }) });

/** From `minQuantity` units on, each unit costs `unitPrice` dollars. */
const priceBreakSchema = z.object({
  minQuantity: z
    .number({ error: messages.priceBreakQuantityInvalid })
    .int(messages.priceBreakQuantityInvalid)
    .min(2, messages.priceBreakQuantityInvalid)
    .max(MAX_QUANTITY, messages.priceBreakQuantityInvalid),
  unitPrice: amountSchema(messages.priceBreakPriceInvalid).refine((price) => price > 0, messages.priceBreakPriceInvalid),
});
export type PriceBreak = z.infer<typeof priceBreakSchema>;

/** A part's whole set of price breaks, each quantity once; the set replaces the part's breaks. */
export const setPriceBreaksSchema = z.object({
  toolId: idSchema,
  breaks: z
    .array(priceBreakSchema, { error: messages.requestInvalid })
    .max(MAX_PRICE_BREAKS)
    .refine(
      (breaks) => new Set(breaks.map((priceBreak) => priceBreak.minQuantity)).size === breaks.length,
      messages.priceBreakQuantitiesRepeated,
    ),
});
export type SetPriceBreaksInput = z.infer<typeof setPriceBreaksSchema>;

export const partPriceBreaksSchema = z.object({ toolId: idSchema });
