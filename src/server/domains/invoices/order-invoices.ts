// An order's invoice and credit notes as its owner and the admins download them, and as the payment
// email attaches the invoice: the stored document, printed to PDF in the shop's time zone each time
// it is asked for (the figures never change; printing costs a few tens of milliseconds).
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { orderMessages } from '../../../shared/order-messages';
import type { SessionUser } from '../../auth/session-user';
import type { Database } from '../../db/database';
import { invoices } from '../../db/schema';
import { loadAccessibleOrder } from '../checkout/placed-orders';
import type { InvoiceDocument } from './invoice-document';
import { renderInvoicePdf } from './render-invoice-pdf';

export interface InvoiceFile {
  number: string;
  fileName: string;
  pdfBase64: string;
}

interface PrintedDocument {
  number: string;
  fileName: string;
  pdf: Buffer;
}

/** The order's invoice as a PDF, for its owner or an admin; NOT_FOUND until the order is paid. */
export async function invoiceOfOrder(db: Database, user: SessionUser, orderId: string, timeZone: string): Promise<InvoiceFile> {
  await loadAccessibleOrder(db, user, orderId);
  const invoice = await invoicePdfOf(db, orderId, timeZone);
  if (!invoice) throw new TRPCError({ code: 'NOT_FOUND', message: orderMessages.invoiceNotYet });
  return asFile(invoice);
}

/** The order's invoice as a PDF, or null before it is paid; whoever asks must be allowed to see it. */
export async function invoicePdfOf(db: Database, orderId: string, timeZone: string): Promise<PrintedDocument | null> {
  const [invoice] = await db
    .select({ number: invoices.number, document: invoices.document })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  return invoice ? printed(invoice, timeZone) : null;
}

/** One of the order's documents (its invoice or a credit note) as a PDF, for its owner or an admin. */
export async function documentOfOrder(
  db: Database,
  user: SessionUser,
  orderId: string,
  documentId: string,
  timeZone: string,
): Promise<InvoiceFile> {
  await loadAccessibleOrder(db, user, orderId);
  const [document] = await db
    .select({ number: invoices.number, document: invoices.document })
    .from(invoices)
    .where(and(eq(invoices.id, documentId), eq(invoices.orderId, orderId)));
  if (!document) throw new TRPCError({ code: 'NOT_FOUND', message: orderMessages.documentNotFound });
  return asFile(await printed(document, timeZone));
}

function asFile(document: PrintedDocument): InvoiceFile {
  return { number: document.number, fileName: document.fileName, pdfBase64: document.pdf.toString('base64') };
}

/** The stored document printed to PDF in the shop's time zone. */
async function printed(invoice: { number: string; document: unknown }, timeZone: string): Promise<PrintedDocument> {
  const stored = invoice.document as InvoiceDocument & { issuedAt: string; suppliedAt: string };
  const pdf = await renderInvoicePdf({
    ...stored,
    issuedAt: new Date(stored.issuedAt),
    suppliedAt: new Date(stored.suppliedAt),
    timeZone,
  });
  return { number: invoice.number, fileName: `${invoice.number}.pdf`, pdf };
}
