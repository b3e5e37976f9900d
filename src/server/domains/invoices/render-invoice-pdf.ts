// An invoice or a credit note as an A4 PDF, with what Article 226 of the VAT Directive asks of it:
// both parties and VAT IDs, the dates and numbers, each line's unit price, discount, net, rate and
// VAT, the taxable amount and VAT per rate, the totals, and the reverse-charge wording; and, as
// Article 230 asks of a document in another currency, the VAT in euros with its rate. Text is set
// in pdfkit's built-in Helvetica, so nothing is read from disk or network but pdfkit's own metrics.
import PDFDocument from 'pdfkit';
import { millionthsToEurRate } from '../../../shared/shop-settings';
import type { EurVat, InvoiceDocument, InvoiceParty } from './invoice-document';
import { assertTotalsAddUp } from './invoice-totals';
import { formatDate, formatMoney, formatQuantity, formatRate } from './invoice-text';
import type { Cell } from './pdf-flow';
import { A4, BOLD, CONTENT_WIDTH, MARGINS, PdfFlow } from './pdf-flow';

type Pdf = InstanceType<typeof PDFDocument>;

export const REVERSE_CHARGE_NOTE = 'VAT to be accounted for by the recipient (Article 196, Directive 2006/112/EC)';

const TITLES = { invoice: 'Invoice', credit_note: 'Credit note' } as const;

/** The line table's columns, left to right; the description takes what the figures leave. */
const COLUMNS = { quantity: 36, unitNet: 70, discount: 62, net: 70, rate: 44, tax: 64 } as const;
const DESCRIPTION_WIDTH = CONTENT_WIDTH - Object.values(COLUMNS).reduce((sum, width) => sum + width, 0);
const LINE_HEADER_BACKGROUND = '#eeeeee';
const MUTED = '#555555';

/** The header block: the seller on the left, the title and the document's facts on the right. */
const SELLER_WIDTH = 250;
const FACTS_X = MARGINS.left + 280;
const FACTS_WIDTH = CONTENT_WIDTH - 280;
const FACT_LABEL_WIDTH = 90;

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  assertTotalsAddUp(doc);
  const pdf = new PDFDocument({
    size: 'A4',
    margins: MARGINS,
    bufferPages: true,
    info: { Title: `${TITLES[doc.kind]} ${doc.number}`, Author: doc.seller.name },
  });
  const bytes = collectBytes(pdf);
  const flow = new PdfFlow(pdf);
  const money = moneyAsPrinted(doc);

  drawHeader(flow, doc);
  drawBuyer(flow, doc.buyer);
  if (doc.kind === 'credit_note') drawCreditNoteReference(flow, doc);
  drawLines(flow, doc, money);
  drawTotals(flow, doc, money);
  drawClosingNotes(flow, doc);
  drawFooters(pdf, flow, doc);

  pdf.end();
  return bytes;
}

function collectBytes(pdf: Pdf): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

/** A credit note's amounts are given positive and printed negated, as what is taken off the invoice. */
function moneyAsPrinted(doc: InvoiceDocument): (minorUnits: number) => string {
  const sign = doc.kind === 'credit_note' ? -1 : 1;
  return (minorUnits) => formatMoney(minorUnits === 0 ? 0 : sign * minorUnits, doc.currency);
}

function partyLines(party: InvoiceParty): string[] {
  return [
    ...(party.company === null ? [] : [party.company]),
    ...party.addressLines,
    ...(party.vatId === null ? [] : [`VAT ID: ${party.vatId}`]),
  ];
}

function drawHeader(flow: PdfFlow, doc: InvoiceDocument): void {
  const top = flow.y;
  const { seller } = doc;
  let sellerBottom = top + flow.textAt(seller.name, MARGINS.left, top, SELLER_WIDTH, { font: BOLD, size: 11, maxLines: 2 });
  sellerBottom += flow.textAt([...partyLines(seller), seller.email], MARGINS.left, sellerBottom + 2, SELLER_WIDTH, {
    maxLines: 12,
    color: MUTED,
  });

  let factsBottom = top + flow.textAt(TITLES[doc.kind], FACTS_X, top, FACTS_WIDTH, { font: BOLD, size: 20, maxLines: 1 }) + 8;
  const facts: [string, string][] = [
    [doc.kind === 'invoice' ? 'Invoice number' : 'Credit note number', doc.number],
    ...(doc.refersToInvoice === null ? [] : [['Corrects invoice', doc.refersToInvoice] as [string, string]]),
    ['Invoice date', formatDate(doc.issuedAt, doc.timeZone ?? 'UTC')],
    ['Date of supply', formatDate(doc.suppliedAt, doc.timeZone ?? 'UTC')],
    ['Order number', doc.orderNumber],
  ];
  for (const [label, value] of facts) {
    const labelHeight = flow.textAt(label, FACTS_X, factsBottom, FACT_LABEL_WIDTH, { color: MUTED, maxLines: 1 });
    const valueHeight = flow.textAt(value, FACTS_X + FACT_LABEL_WIDTH, factsBottom, FACTS_WIDTH - FACT_LABEL_WIDTH, {
      font: BOLD,
      maxLines: 2,
    });
    factsBottom += Math.max(labelHeight, valueHeight) + 2;
  }
  flow.y = Math.max(sellerBottom, factsBottom) + 24;
}

function drawBuyer(flow: PdfFlow, buyer: InvoiceParty): void {
  flow.paragraph('Bill to', { size: 8, color: MUTED, maxLines: 1 });
  flow.gap(2);
  flow.paragraph(buyer.name, { font: BOLD, size: 10, maxLines: 2, width: SELLER_WIDTH });
  flow.paragraph(partyLines(buyer), { maxLines: 12, width: SELLER_WIDTH });
  flow.gap(18);
}

function drawCreditNoteReference(flow: PdfFlow, doc: InvoiceDocument): void {
  flow.paragraph(`Credit note for invoice ${doc.refersToInvoice ?? ''}`, { font: BOLD, size: 10, maxLines: 2 });
  flow.paragraph('The amounts below are credited to the buyer and reduce that invoice.', { color: MUTED, maxLines: 2 });
  flow.gap(12);
}

function lineHeaderCells(): Cell[] {
  const style = { font: BOLD, size: 8, maxLines: 2 } as const;
  return [
    { text: 'Description', width: DESCRIPTION_WIDTH, ...style },
    { text: 'Qty', width: COLUMNS.quantity, align: 'right', ...style },
    { text: 'Unit price excl. VAT', width: COLUMNS.unitNet, align: 'right', ...style },
    { text: 'Discount', width: COLUMNS.discount, align: 'right', ...style },
    { text: 'Net', width: COLUMNS.net, align: 'right', ...style },
    { text: 'VAT rate', width: COLUMNS.rate, align: 'right', ...style },
    { text: 'VAT', width: COLUMNS.tax, align: 'right', ...style },
  ];
}

function drawLines(flow: PdfFlow, doc: InvoiceDocument, money: (minorUnits: number) => string): void {
  const drawHeaderRow = () => flow.row(lineHeaderCells(), { background: LINE_HEADER_BACKGROUND });
  drawHeaderRow();
  flow.onNewPage = drawHeaderRow;
  const figure = { size: 8.5, align: 'right', maxLines: 2 } as const;
  for (const line of doc.lines) {
    flow.row(
      [
        { text: line.description, width: DESCRIPTION_WIDTH, size: 8.5, maxLines: 6 },
        { text: formatQuantity(line.quantity), width: COLUMNS.quantity, ...figure },
        { text: money(line.unitNetCents), width: COLUMNS.unitNet, ...figure },
        { text: money(line.discountNetCents), width: COLUMNS.discount, ...figure },
        { text: money(line.netCents), width: COLUMNS.net, ...figure },
        { text: formatRate(line.taxRateBasisPoints), width: COLUMNS.rate, ...figure },
        { text: money(line.taxCents), width: COLUMNS.tax, ...figure },
      ],
      { rule: true },
    );
  }
  flow.onNewPage = () => {};
  flow.gap(16);
}

/** About the height of one row of the totals, to keep them on one page where they fit. */
const TOTALS_ROW_HEIGHT = 20;

function drawTotals(flow: PdfFlow, doc: InvoiceDocument, money: (minorUnits: number) => string): void {
  const right = { align: 'right' } as const;
  flow.ensure((doc.taxLines.length + 4 + eurVatRowCount(doc.eurVat)) * TOTALS_ROW_HEIGHT);
  flow.row(
    [
      { text: 'VAT rate', width: 70, font: BOLD, size: 8, ...right },
      { text: 'Taxable amount', width: 100, font: BOLD, size: 8, ...right },
      { text: 'VAT', width: 90, font: BOLD, size: 8, ...right },
    ],
    { alignEnd: true, background: LINE_HEADER_BACKGROUND },
  );
  for (const taxLine of doc.taxLines) {
    flow.row(
      [
        { text: formatRate(taxLine.rateBasisPoints), width: 70, ...right },
        { text: money(taxLine.netCents), width: 100, ...right },
        { text: money(taxLine.taxCents), width: 90, ...right },
      ],
      { alignEnd: true, rule: true },
    );
  }
  flow.gap(8);
  const totals: [string, number][] = [
    ['Net total', doc.netCents],
    ['VAT total', doc.taxCents],
  ];
  for (const [label, amount] of totals) {
    flow.row(
      [
        { text: label, width: 170, ...right },
        { text: money(amount), width: 90, ...right },
      ],
      { alignEnd: true },
    );
  }
  flow.rule(260, true);
  flow.row(
    [
      { text: doc.kind === 'invoice' ? 'Total to pay' : 'Total', width: 170, font: BOLD, size: 11, ...right },
      { text: money(doc.totalCents), width: 90, font: BOLD, size: 11, ...right },
    ],
    { alignEnd: true },
  );
  if (doc.eurVat) drawEurVat(flow, doc, doc.eurVat);
  flow.gap(20);
}

function eurVatRowCount(eurVat: EurVat | undefined): number {
  if (!eurVat) return 0;
  return eurVat.taxLines.length > 1 ? eurVat.taxLines.length + 1 : 1;
}

/**
 * Under the totals: "VAT in EUR: €12.34 (1 USD = 0.9213 EUR)", preceded by each rate's euro VAT when
 * the document has several rates. A credit note's euros are negated like its other amounts.
 */
function drawEurVat(flow: PdfFlow, doc: InvoiceDocument, eurVat: EurVat): void {
  const sign = doc.kind === 'credit_note' ? -1 : 1;
  const euros = (cents: number) => formatMoney(cents === 0 ? 0 : sign * cents, 'eur');
  const rate = `1 ${doc.currency.toUpperCase()} = ${millionthsToEurRate(eurVat.rateMillionths)} EUR`;
  const right = { align: 'right', color: MUTED, maxLines: 2 } as const;
  flow.gap(6);
  if (eurVat.taxLines.length > 1) {
    for (const line of eurVat.taxLines) {
      flow.paragraph(`VAT at ${formatRate(line.rateBasisPoints)} in EUR: ${euros(line.taxCents)}`, right);
    }
  }
  flow.paragraph(`VAT in EUR: ${euros(eurVat.taxCents)} (${rate})`, right);
}

function drawClosingNotes(flow: PdfFlow, doc: InvoiceDocument): void {
  if (doc.reverseCharge) {
    flow.paragraph('Reverse charge', { font: BOLD, size: 10, maxLines: 1 });
    flow.paragraph(REVERSE_CHARGE_NOTE, { maxLines: 2 });
    flow.gap(10);
  }
  for (const note of doc.notes) {
    flow.paragraph(note, { maxLines: 12 });
    flow.gap(4);
  }
}

/** Each page's foot: who issued which document, and "Page n of m" once the count is known. */
function drawFooters(pdf: Pdf, flow: PdfFlow, doc: InvoiceDocument): void {
  const { start, count } = pdf.bufferedPageRange();
  const y = A4.height - MARGINS.bottom + 24;
  for (let index = 0; index < count; index += 1) {
    pdf.switchToPage(start + index);
    const style = { size: 7.5, color: MUTED, maxLines: 1 } as const;
    flow.textAt(`${doc.seller.name} · ${TITLES[doc.kind]} ${doc.number}`, MARGINS.left, y, CONTENT_WIDTH - 80, style);
    flow.textAt(`Page ${index + 1} of ${count}`, MARGINS.left + CONTENT_WIDTH - 80, y, 80, { ...style, align: 'right' });
  }
}
