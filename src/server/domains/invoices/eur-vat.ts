// The VAT in euros on an invoice or credit note in another currency, which Article 230 of the VAT
// Directive asks of an EU seller: each VAT rate's amount converted at the shop's euro rate and
// rounded half up to the euro cent (the money engine's one rule, checkout/pricing/rounding.ts), and
// the total the sum of those, so the euro figures add up as the document's own do. A shop without
// a rate still issues the document, without the euro figures: a payment never fails for them, and
// the warning tells the operator to set the rate.
import type { FastifyBaseLogger } from 'fastify';
import { isEuCountry } from '../../../shared/countries';
import { shareRoundedHalfUp } from '../checkout/pricing/rounding';
import type { EurVat, InvoiceDocument } from './invoice-document';

/** Where a document issued without its euro figures is reported. */
export type IssueWarnings = Pick<FastifyBaseLogger, 'warn'>;

/** The seller's settings the euro figures depend on. */
export interface EurVatSeller {
  country: string;
  eurRateMillionths: number | null;
}

const MILLIONTHS = 1_000_000;
const EURO_DECIMALS = 2;

/** How many decimals the currency's minor unit has: 2 for the dollar, 0 for the yen, 3 for the dinar. */
function minorUnitDecimals(currency: string): number {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() });
  return format.resolvedOptions().maximumFractionDigits ?? EURO_DECIMALS;
}

/** `minorUnits` of `currency` in euro cents at `rateMillionths`, rounded half up. Amounts are never negative. */
export function toEuroCents(minorUnits: number, currency: string, rateMillionths: number): number {
  const shift = EURO_DECIMALS - minorUnitDecimals(currency);
  return shift >= 0
    ? shareRoundedHalfUp(minorUnits, rateMillionths * 10 ** shift, MILLIONTHS)
    : shareRoundedHalfUp(minorUnits, rateMillionths, MILLIONTHS * 10 ** -shift);
}

/** The document's VAT per rate and in total, in euro cents at `rateMillionths`. */
export function eurVatOf(doc: Pick<InvoiceDocument, 'currency' | 'taxLines'>, rateMillionths: number): EurVat {
  const taxLines = doc.taxLines.map((line) => ({
    rateBasisPoints: line.rateBasisPoints,
    taxCents: toEuroCents(line.taxCents, doc.currency, rateMillionths),
  }));
  return { rateMillionths, taxLines, taxCents: taxLines.reduce((sum, line) => sum + line.taxCents, 0) };
}

/**
 * What the document adds for Article 230: its euro figures when an EU seller issues it in another
 * currency with a rate set; nothing for a document in euros or a seller outside the EU; nothing,
 * with a warning, when the rate is missing.
 */
export function eurVatFor(
  doc: Pick<InvoiceDocument, 'number' | 'orderNumber' | 'currency' | 'taxLines'>,
  seller: EurVatSeller,
  log: IssueWarnings | undefined,
): Pick<InvoiceDocument, 'eurVat'> {
  if (doc.currency.toLowerCase() === 'eur' || !isEuCountry(seller.country)) return {};
  if (seller.eurRateMillionths === null) {
    log?.warn(
      { document: doc.number, order: doc.orderNumber, currency: doc.currency },
      'issued without the VAT in euros that an EU seller invoicing in another currency must state: set the euro rate in the shop settings',
    );
    return {};
  }
  return { eurVat: eurVatOf(doc, seller.eurRateMillionths) };
}
