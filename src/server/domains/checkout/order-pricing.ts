// Prices a customer's cart for checkout: reads its lines with their parts and price breaks, checks
// each line can still be sold, and runs the money engine (pricing/) with the shop's settings, the
// buyer's country and VAT ID, the chosen shipping rate and discount code. The quote and placing the
// order both come here, so what the customer saw is what the order charges.
import { TRPCError } from '@trpc/server';
import { asc, eq, inArray, or, sql, type SQLWrapper } from 'drizzle-orm';
import { isEuCountry } from '../../../shared/countries';
import { messages } from '../../../shared/messages';
import { orderMessages } from '../../../shared/order-messages';
import { variantName } from '../../../shared/part-options';
import { vatIdCountry } from '../../../shared/vat-ids';
import type { Database } from '../../db/database';
import { cartLines, priceBreaks, tools } from '../../db/schema';
import {
  checkDiscountCode,
  findDiscountCode,
  loadShopSettings,
  loadTaxSettings,
  shippingRatesTo,
  type DiscountCodeRow,
  type OfferedShippingRate,
  type ShopSettingsRow,
} from './checkout-terms';
import { isPricingRefusal, priceOrder, type OrderPricing, type PriceBreak } from './pricing/price-order';

export interface CartLineToPrice {
  toolId: string;
  name: string;
  img: string;
  quantity: number;
  priceCents: number;
  minimumOrderQuantity: number;
  available: number;
  sellable: boolean;
  priceBreaks: PriceBreak[];
}

/** One part (or variant) row and how many of it: a cart's line, or a line an order names over the API. */
export interface StockLine {
  toolId: string;
  quantity: number;
}

/** A line an order names over the API: a part, and one of its variants or else its default. */
export interface OrderLineNamed {
  partId: string;
  variantId?: string | undefined;
  quantity: number;
}

/**
 * The row each named line takes stock from: the variant named, or the part's own row (its default
 * variant). A part not in the catalogue, or a variant of another part, is NOT_FOUND; whether it
 * can be sold as it stands is the checkout's rule (refuseUnsellableLines).
 */
export async function stockLinesNamed(db: Database, lines: readonly OrderLineNamed[]): Promise<StockLine[]> {
  const ids = [...new Set(lines.flatMap((line) => [line.partId, line.variantId ?? line.partId]))];
  const rows = await db.select({ id: tools.id, variantOf: tools.variantOf }).from(tools).where(inArray(tools.id, ids));
  const parentOf = new Map(rows.map((row) => [row.id, row.variantOf]));
  return lines.map((line) => {
    if (parentOf.get(line.partId) !== null) throw new TRPCError({ code: 'NOT_FOUND', message: messages.partNotFound });
    const toolId = line.variantId ?? line.partId;
    if (toolId !== line.partId && parentOf.get(toolId) !== line.partId) {
      throw new TRPCError({ code: 'NOT_FOUND', message: orderMessages.variantNotOfPart });
    }
    return { toolId, quantity: line.quantity };
  });
}

/**
 * Locks the rows the lines take stock from, and the parts their variants belong to (whose listed
 * figures a variant's stock change rewrites), in one order every writer of stock follows: part by
 * part, a part's variants before the part's own row, as a booking of a variant takes them
 * (docs/decisions/0052). So concurrent checkouts and bookings never deadlock.
 */
async function lockStockRows(db: Database, ids: SQLWrapper | string[]): Promise<void> {
  const family = sql`coalesce(${tools.variantOf}, ${tools.id})`;
  await db
    .select({ id: tools.id })
    .from(tools)
    .where(or(inArray(tools.id, ids), inArray(tools.id, db.select({ id: tools.variantOf }).from(tools).where(inArray(tools.id, ids)))))
    .orderBy(family, sql`${tools.variantOf} is null`, asc(tools.id))
    .for('update');
}

const lineColumns = {
  toolId: tools.id,
  name: tools.name,
  optionValues: tools.optionValues,
  img: tools.img,
  priceCents: tools.priceCents,
  minimumOrderQuantity: tools.minimumOrderQuantity,
  available: tools.available,
  hidden: tools.hidden,
  removedAt: tools.removedAt,
};

type LineRow = { [Key in keyof typeof lineColumns]: (typeof tools.$inferSelect)[Key extends 'toolId' ? 'id' : Key] } & {
  quantity: number;
};

/**
 * The customer's cart lines with their parts, in part id order. With `lock` the rows are locked for
 * update first (lockStockRows), so concurrent checkouts take stock one after another and never
 * deadlock.
 */
export async function cartLinesToPrice(db: Database, userId: string, lock: boolean): Promise<CartLineToPrice[]> {
  if (lock) await lockStockRows(db, db.select({ toolId: cartLines.toolId }).from(cartLines).where(eq(cartLines.userId, userId)));
  const rows = await db
    .select({ ...lineColumns, quantity: cartLines.quantity })
    .from(cartLines)
    .innerJoin(tools, eq(tools.id, cartLines.toolId))
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(tools.id));
  return withPriceBreaks(db, rows);
}

/**
 * Lines an order names (not the customer's cart), in part id order; with `lock`, locked as
 * cartLinesToPrice locks a cart's. A line whose row does not exist is left out: the caller compares.
 */
export async function givenLinesToPrice(db: Database, lines: readonly StockLine[], lock: boolean): Promise<CartLineToPrice[]> {
  const ids = lines.map((line) => line.toolId);
  if (lock) await lockStockRows(db, ids);
  const quantities = new Map(lines.map((line) => [line.toolId, line.quantity]));
  const rows = await db.select(lineColumns).from(tools).where(inArray(tools.id, ids)).orderBy(asc(tools.id));
  return withPriceBreaks(
    db,
    rows.map((row) => ({ ...row, quantity: quantities.get(row.toolId) ?? 0 })),
  );
}

async function withPriceBreaks(db: Database, rows: readonly LineRow[]): Promise<CartLineToPrice[]> {
  const breaks =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(priceBreaks)
          .where(
            inArray(
              priceBreaks.toolId,
              rows.map((row) => row.toolId),
            ),
          );
  return rows.map(({ hidden, removedAt, optionValues, ...row }) => ({
    ...row,
    name: variantName(row.name, optionValues),
    sellable: !hidden && removedAt === null,
    priceBreaks: breaks
      .filter((priceBreak) => priceBreak.toolId === row.toolId)
      .map(({ minQuantity, unitPriceCents }) => ({ minQuantity, unitCents: unitPriceCents })),
  }));
}

/** Refuses a cart that is empty or has a line the shop cannot sell as it stands. */
export function refuseUnsellableLines(lines: readonly CartLineToPrice[]): void {
  if (lines.length === 0) throw new TRPCError({ code: 'BAD_REQUEST', message: orderMessages.cartEmpty });
  for (const line of lines) {
    if (!line.sellable) throw new TRPCError({ code: 'CONFLICT', message: orderMessages.partUnavailable(line.name) });
    if (line.quantity < line.minimumOrderQuantity) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: orderMessages.belowMinimumOrder(line.name, line.minimumOrderQuantity) });
    }
    if (line.quantity > line.available) {
      throw new TRPCError({ code: 'CONFLICT', message: orderMessages.quantityUnavailable(line.name, line.available) });
    }
  }
}

export interface CheckoutChoices {
  country: string;
  shippingRateId?: string | undefined;
  vatId?: string | undefined;
  discountCode?: string | undefined;
}

export interface PricedCheckout {
  settings: ShopSettingsRow;
  pricing: OrderPricing;
  offeredRates: OfferedShippingRate[];
  chosenRate: OfferedShippingRate;
  discountCode: DiscountCodeRow | null;
  /** The VAT ID counted for tax: one given for the buyer's own country, else none. */
  vatId: string | null;
}

/**
 * Prices the lines for the choices. No shipping rate chosen takes the cheapest offered. A discount
 * code is checked for the customer; with `lockCode` its row is locked, so the check holds until the
 * caller's transaction records the use. Refusals say what the customer can change.
 */
export async function priceCheckout(
  db: Database,
  lines: readonly CartLineToPrice[],
  choices: CheckoutChoices,
  customer: { userId: string; lockCode: boolean; now: Date },
): Promise<PricedCheckout> {
  const settings = await loadShopSettings(db);
  const offeredRates = await shippingRatesTo(db, choices.country);
  const [cheapest] = offeredRates;
  if (!cheapest) throw new TRPCError({ code: 'BAD_REQUEST', message: orderMessages.noShippingTo(choices.country) });
  const chosenRate = choices.shippingRateId ? offeredRates.find((rate) => rate.id === choices.shippingRateId) : cheapest;
  if (!chosenRate) throw new TRPCError({ code: 'BAD_REQUEST', message: orderMessages.shippingRateUnknown });

  const discountCode = choices.discountCode ? await findDiscountCode(db, choices.discountCode, customer.lockCode) : null;
  if (discountCode) await checkDiscountCode(db, discountCode, customer.userId, customer.now);

  const vatId = businessVatId(choices.vatId, choices.country);
  const pricing = priceOrder({
    lines: lines.map((line) => ({
      sellableId: line.toolId,
      quantity: line.quantity,
      listUnitCents: line.priceCents,
      priceBreaks: line.priceBreaks,
    })),
    tax: await loadTaxSettings(db, settings),
    buyer: { country: choices.country, vatId },
    shipping: chosenRate,
    discount: discountCode
      ? { code: discountCode.code, kind: discountCode.kind, value: discountCode.value, minSpendCents: discountCode.minSpendCents }
      : null,
  });
  if (isPricingRefusal(pricing)) {
    const message =
      pricing.refused === 'no_tax_rate'
        ? orderMessages.noTaxRate(pricing.country)
        : orderMessages.discountMinimumSpend(pricing.minSpendCents);
    throw new TRPCError({ code: 'BAD_REQUEST', message });
  }
  return { settings, pricing, offeredRates, chosenRate, discountCode, vatId };
}

/**
 * A VAT ID makes an EU buyer a business only for the country it was issued in; one from elsewhere
 * is kept off the order rather than taxed wrongly.
 */
function businessVatId(vatId: string | undefined, country: string): string | null {
  if (!vatId || !isEuCountry(country)) return null;
  return vatIdCountry(vatId) === country ? vatId : null;
}
