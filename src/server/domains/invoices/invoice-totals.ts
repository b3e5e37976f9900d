// The check a document passes before it is printed: the totals it shows add up. An invoice is
// never edited once issued, so one whose figures contradict each other must not be issued at all.
import type { InvoiceDocument } from './invoice-document';

function sum(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + amount, 0);
}

/**
 * Throws unless net + VAT = total, the rates' amounts add up to both, the lines' nets to the net, and
 * any VAT in euros lists the document's rates and adds up to its euro total.
 */
export function assertTotalsAddUp(doc: InvoiceDocument): void {
  const problems = [
    doc.netCents + doc.taxCents !== doc.totalCents && `net ${doc.netCents} + VAT ${doc.taxCents} is not the total ${doc.totalCents}`,
    sum(doc.taxLines.map((line) => line.netCents)) !== doc.netCents &&
      `the taxable amounts per rate do not add up to the net ${doc.netCents}`,
    sum(doc.taxLines.map((line) => line.taxCents)) !== doc.taxCents && `the VAT per rate does not add up to the VAT ${doc.taxCents}`,
    sum(doc.lines.map((line) => line.netCents)) !== doc.netCents && `the lines' net amounts do not add up to the net ${doc.netCents}`,
    doc.eurVat !== undefined &&
      sum(doc.eurVat.taxLines.map((line) => line.taxCents)) !== doc.eurVat.taxCents &&
      `the VAT in euros per rate does not add up to the VAT in euros ${doc.eurVat.taxCents}`,
    doc.eurVat !== undefined &&
      doc.eurVat.taxLines.map((line) => line.rateBasisPoints).join() !== doc.taxLines.map((line) => line.rateBasisPoints).join() &&
      'the VAT in euros does not list the rates the document does',
  ].filter((problem) => problem !== false);
  if (problems.length > 0) throw new Error(`${doc.number} cannot be printed: ${problems.join('; ')}.`);
}
