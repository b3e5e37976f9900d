// The checkout page's figures before the order is placed: the cart (or the lines an API order
// names) priced for where it goes, with the shipping methods offered there (each at its price for
// these lines), the tax treatment and the total, exactly as placing the order would charge it now.
import { centsToDollars } from '../../../shared/money';
import type { QuoteInput } from '../../../shared/orders';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { savedAddresses } from '../../db/schema';
import { desc, eq } from 'drizzle-orm';
import {
  cartLinesToPrice,
  givenLinesToPrice,
  priceCheckout,
  refuseUnsellableLines,
  stockLinesNamed,
  type CartLineToPrice,
  type OrderLineNamed,
} from './order-pricing';
import { shippingCentsFor } from './pricing/shipping';
import type { TaxTreatment } from './pricing/price-order';

export interface CheckoutQuoteView {
  currency: string;
  pricesIncludeTax: boolean;
  reservationMinutes: number;
  lines: Array<{
    toolsId: string;
    name: string;
    img: string;
    quantity: number;
    unitPrice: number;
    lineTotal: number;
    discount: number;
  }>;
  shippingOptions: Array<{ id: string; name: string; price: number; chosen: boolean }>;
  subtotal: number;
  discount: { code: string; amount: number } | null;
  shipping: { method: string; amount: number };
  taxTreatment: TaxTreatment;
  taxRate: number;
  reverseCharge: boolean;
  /** The VAT ID that counts for this order, or null when none does (none given, or not of the country shipped to). */
  vatId: string | null;
  net: number;
  tax: number;
  total: number;
}

export async function quoteCheckout(db: Database, user: SessionUser, input: QuoteInput): Promise<CheckoutQuoteView> {
  return quoteLines(db, user, await cartLinesToPrice(db, user.id, false), input);
}

/**
 * The same quote for lines an order names rather than the cart (the public API's quote before it
 * places an order of them): what POST /api/v1/orders would charge for them now.
 */
export async function quoteNamedLines(
  db: Database,
  user: SessionUser,
  input: QuoteInput & { lines: readonly OrderLineNamed[] },
): Promise<CheckoutQuoteView> {
  return quoteLines(db, user, await givenLinesToPrice(db, await stockLinesNamed(db, input.lines), false), input);
}

async function quoteLines(db: Database, user: SessionUser, lines: CartLineToPrice[], input: QuoteInput): Promise<CheckoutQuoteView> {
  refuseUnsellableLines(lines);
  const priced = await priceCheckout(db, lines, input, { userId: user.id, lockCode: false, now: new Date() });
  const { pricing, settings } = priced;
  const goodsAfterDiscount = pricing.subtotalCents - (pricing.discount?.cents ?? 0);
  return {
    currency: settings.currency,
    pricesIncludeTax: settings.pricesIncludeTax,
    reservationMinutes: settings.reservationMinutes,
    lines: lines.map((line, index) => {
      const pricedLine = pricing.lines[index];
      return {
        toolsId: line.toolId,
        name: line.name,
        img: line.img,
        quantity: line.quantity,
        unitPrice: centsToDollars(pricedLine?.unitCents ?? line.priceCents),
        lineTotal: centsToDollars(pricedLine?.lineCents ?? 0),
        discount: centsToDollars(pricedLine?.discountCents ?? 0),
      };
    }),
    shippingOptions: priced.offeredRates.map((rate) => ({
      id: rate.id,
      name: rate.name,
      price: centsToDollars(shippingCentsFor(rate, goodsAfterDiscount)),
      chosen: rate.id === priced.chosenRate.id,
    })),
    subtotal: centsToDollars(pricing.subtotalCents),
    discount: pricing.discount ? { code: pricing.discount.code, amount: centsToDollars(pricing.discount.cents) } : null,
    shipping: { method: priced.chosenRate.name, amount: centsToDollars(pricing.shipping?.cents ?? 0) },
    taxTreatment: pricing.treatment,
    taxRate: pricing.taxRateBasisPoints / 100,
    reverseCharge: pricing.treatment === 'reverse_charge',
    vatId: priced.vatId,
    net: centsToDollars(pricing.netCents),
    tax: centsToDollars(pricing.taxCents),
    total: centsToDollars(pricing.totalCents),
  };
}

/** The customer's saved shipping addresses, most recently used first (at most 10). */
export async function savedAddressesOf(db: Database, user: SessionUser) {
  return db
    .select({
      id: savedAddresses.id,
      name: savedAddresses.name,
      company: savedAddresses.company,
      line1: savedAddresses.line1,
      line2: savedAddresses.line2,
      city: savedAddresses.city,
      postalCode: savedAddresses.postalCode,
      country: savedAddresses.country,
    })
    .from(savedAddresses)
    .where(eq(savedAddresses.userId, user.id))
    .orderBy(desc(savedAddresses.lastUsedAt))
    .limit(10);
}
