// Issuing an order's invoice when it is paid: the next number of the year's series, taken in the
// same transaction as the payment, and the document exactly as it will always print, kept as
// data (an issued invoice is never edited; a refund gets a credit note that refers to it), with its
// VAT in euros where Article 230 asks for it (eur-vat.ts).
import { asc, eq, sql } from 'drizzle-orm';
import { countryName } from '../../../shared/countries';
import type { Database } from '../../db/database';
import { bookings, invoiceCounters, invoices, orders, shopSettings } from '../../db/schema';
import { eurVatFor, type IssueWarnings } from './eur-vat';
import type { InvoiceDocument, InvoiceLine } from './invoice-document';

/**
 * The next number of the series, without gaps: the counter row is incremented in the caller's
 * transaction, so a rolled-back issue gives its number back and concurrent issues queue on the row.
 */
export async function nextInvoiceNumber(tx: Database, series: string): Promise<string> {
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ series, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.series, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  // Stryker disable next-line ConditionalExpression,StringLiteral: an upsert … returning answers its row; this only narrows the type
  if (!counter) throw new Error(`no number for series ${series}`);
  return `${series}-${String(counter.lastNumber).padStart(6, '0')}`;
}

function sum(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + amount, 0);
}

type OrderRecord = typeof orders.$inferSelect;

/** An order line as priced, the columns an invoice or credit note line is made of. */
export interface PricedLine {
  name: string;
  quantity: number;
  totalCents: number;
  discountCents: number | null;
  taxCents: number | null;
  chargedCents: number | null;
}

/** A goods line as invoiced: what was charged for it, its tax, and its discount in net terms. */
export function goodsLineOf(line: PricedLine, rateBasisPoints: number): InvoiceLine {
  const taxCents = line.taxCents ?? 0;
  const grossCents = line.chargedCents ?? line.totalCents;
  const netCents = grossCents - taxCents;
  const enteredAfterDiscount = line.totalCents - (line.discountCents ?? 0);
  // The discount in net terms, in proportion to what the line's net is of its entered amount.
  const discountNetCents = enteredAfterDiscount > 0 ? Math.round(((line.discountCents ?? 0) * netCents) / enteredAfterDiscount) : 0;
  return {
    description: line.name,
    quantity: line.quantity,
    unitNetCents: Math.round((netCents + discountNetCents) / line.quantity),
    discountNetCents,
    netCents,
    taxRateBasisPoints: rateBasisPoints,
    taxCents,
    grossCents,
  };
}

/** The shipping line: the order's net less its goods' net, with the shipping's own tax. */
export function shippingLineOf(
  order: Pick<OrderRecord, 'netCents' | 'shippingMethod' | 'shippingTaxCents' | 'taxRateBasisPoints'>,
  goods: readonly InvoiceLine[],
): InvoiceLine {
  const shippingNetCents = order.netCents - sum(goods.map((line) => line.netCents));
  return {
    description: `Shipping: ${order.shippingMethod}`,
    quantity: 1,
    unitNetCents: shippingNetCents,
    discountNetCents: 0,
    netCents: shippingNetCents,
    taxRateBasisPoints: order.taxRateBasisPoints,
    taxCents: order.shippingTaxCents,
    grossCents: shippingNetCents + order.shippingTaxCents,
  };
}

/** The order's lines as priced, in the order they were placed. */
export function pricedLinesOf(tx: Database, orderId: string): Promise<PricedLine[]> {
  return tx
    .select({
      name: bookings.toolName,
      quantity: bookings.quantity,
      totalCents: bookings.totalCents,
      discountCents: bookings.discountCents,
      taxCents: bookings.taxCents,
      chargedCents: bookings.chargedCents,
    })
    .from(bookings)
    .where(eq(bookings.orderId, orderId))
    .orderBy(asc(bookings.seq));
}

/** The seller (the shop's settings now) and the buyer (the order's address) as a document prints them. */
export function partiesOf(order: OrderRecord, seller: typeof shopSettings.$inferSelect): Pick<InvoiceDocument, 'seller' | 'buyer'> {
  return {
    seller: {
      name: seller.legalName,
      company: null,
      addressLines: [
        seller.addressLine1,
        seller.addressLine2,
        `${seller.postalCode} ${seller.city}`,
        countryName(seller.country),
      ].filter((part): part is string => Boolean(part)),
      vatId: seller.vatId,
      email: seller.email,
    },
    buyer: {
      name: order.shipName,
      company: order.shipCompany,
      addressLines: [
        order.shipLine1,
        order.shipLine2,
        `${order.shipPostalCode} ${order.shipCity}`.trim(),
        countryName(order.shipCountry),
      ].filter((part): part is string => Boolean(part)),
      vatId: order.buyerVatId,
    },
  };
}

export function notesOf(order: Pick<OrderRecord, 'taxTreatment'>): string[] {
  return order.taxTreatment === 'export' ? ['Export outside the EU: exempt from German VAT.'] : [];
}

/**
 * Issues the invoice of a paid order, once; pass the transaction that marks it paid, and where to
 * warn when it goes out without the VAT in euros it should state.
 */
export async function issueInvoice(tx: Database, orderId: string, issuedAt: Date, log?: IssueWarnings): Promise<void> {
  const [existing] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orderId)).limit(1);
  if (existing) return;
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const [seller] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1));
  // Stryker disable next-line ConditionalExpression,StringLiteral: the caller holds the order, and the settings row is made by a migration
  if (!order || !seller) throw new Error(`cannot invoice order ${orderId}`);
  const lines = await pricedLinesOf(tx, orderId);
  const goods = lines.map((line) => goodsLineOf(line, order.taxRateBasisPoints));
  // A Book Now order ships nothing it charges for: no shipping line.
  const shipping = order.channel === 'book_now' ? [] : [shippingLineOf(order, goods)];
  const number = await nextInvoiceNumber(tx, `INV-${issuedAt.getUTCFullYear()}`);
  const reverseCharge = order.taxTreatment === 'reverse_charge';
  const issued: InvoiceDocument = {
    kind: 'invoice',
    number,
    issuedAt,
    suppliedAt: order.paidAt ?? issuedAt,
    orderNumber: `SP-${order.number}`,
    refersToInvoice: null,
    currency: order.currency,
    ...partiesOf(order, seller),
    lines: [...goods, ...shipping],
    taxLines: [{ rateBasisPoints: order.taxRateBasisPoints, netCents: order.netCents, taxCents: order.taxCents }],
    netCents: order.netCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    reverseCharge,
    notes: notesOf(order),
  };
  const document: InvoiceDocument = { ...issued, ...eurVatFor(issued, seller, log) };
  await tx.insert(invoices).values({ kind: 'invoice', number, orderId, totalCents: order.totalCents, document, issuedAt });
}
