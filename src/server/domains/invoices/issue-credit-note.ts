// Issuing a credit note for a refund of part of an order's payment: the next number of the year's
// CN series (without gaps, as invoices), referring to the order's invoice, listing what was
// credited with its net and the tax reversed, and that tax in euros where Article 230 asks for it
// (eur-vat.ts). Like an invoice, it is never edited once issued.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { invoices, orders, shopSettings } from '../../db/schema';
import { eurVatFor, type IssueWarnings } from './eur-vat';
import type { InvoiceDocument, InvoiceLine } from './invoice-document';
import { nextInvoiceNumber, notesOf, partiesOf } from './issue-invoice';

function sum(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + amount, 0);
}

/**
 * Issues the credit note of `credited` (positive amounts, as credited) for the paid order; pass the
 * transaction that records the refund, and where to warn when it goes out without the VAT in euros
 * it should state. Returns its id and number.
 */
export async function issueCreditNote(
  tx: Database,
  orderId: string,
  credited: readonly InvoiceLine[],
  issuedAt: Date,
  log: IssueWarnings,
): Promise<{ id: string; number: string }> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const [seller] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1));
  const [invoice] = await tx
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  // Stryker disable next-line ConditionalExpression,StringLiteral: a refunded order was paid, and paying it issued its invoice
  if (!order || !seller || !invoice) throw new Error(`cannot credit order ${orderId}: no invoice`);
  const number = await nextInvoiceNumber(tx, `CN-${issuedAt.getUTCFullYear()}`);
  const netCents = sum(credited.map((line) => line.netCents));
  const taxCents = sum(credited.map((line) => line.taxCents));
  const issued: InvoiceDocument = {
    kind: 'credit_note',
    number,
    issuedAt,
    suppliedAt: order.paidAt ?? issuedAt,
    orderNumber: `SP-${order.number}`,
    refersToInvoice: invoice.number,
    currency: order.currency,
    ...partiesOf(order, seller),
    lines: [...credited],
    taxLines: [{ rateBasisPoints: order.taxRateBasisPoints, netCents, taxCents }],
    netCents,
    taxCents,
    totalCents: netCents + taxCents,
    reverseCharge: order.taxTreatment === 'reverse_charge',
    notes: notesOf(order),
  };
  const document: InvoiceDocument = { ...issued, ...eurVatFor(issued, seller, log) };
  const [stored] = await tx
    .insert(invoices)
    .values({
      kind: 'credit_note',
      number,
      orderId,
      refersToInvoiceId: invoice.id,
      totalCents: document.totalCents,
      document,
      issuedAt,
    })
    .returning({ id: invoices.id, number: invoices.number });
  // Stryker disable next-line ConditionalExpression,StringLiteral: an insert … returning answers its row; this only narrows the type
  if (!stored) throw new Error(`no credit note stored for order ${orderId}`);
  return stored;
}
