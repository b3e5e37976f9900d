// What an invoice or a credit note says, as plain data: the renderer prints exactly this and
// computes nothing, so the figures on the PDF are the figures the shop stored and sent.
// Money is in integer minor units of `currency`; a credit note's amounts are positive, and the
// renderer prints them as credited (negated).

export interface InvoiceParty {
  name: string;
  company: string | null;
  addressLines: string[];
  vatId: string | null;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** Unit price without VAT. */
  unitNetCents: number;
  /** Discount on this line, without VAT (0 when none). */
  discountNetCents: number;
  /** After discount, without VAT. */
  netCents: number;
  taxRateBasisPoints: number;
  taxCents: number;
  grossCents: number;
}

/**
 * The VAT in euros that an EU seller states on a document in another currency (Article 230 of the
 * VAT Directive), converted at the rate it was issued with (eur-vat.ts says how it rounds).
 */
export interface EurVat {
  /** Euros per unit of the document's currency, in millionths (920000: 1 USD = 0.92 EUR). */
  rateMillionths: number;
  /** Each of the document's VAT rates, in the order of its `taxLines`, with its VAT in euro cents. */
  taxLines: { rateBasisPoints: number; taxCents: number }[];
  /** The VAT in euro cents: the sum of `taxLines`. */
  taxCents: number;
}

export interface InvoiceDocument {
  kind: 'invoice' | 'credit_note';
  /** For example 'INV-2026-000123' or 'CN-2026-000004'. */
  number: string;
  /** The invoice date. */
  issuedAt: Date;
  /** The date of supply (the payment date for this shop). */
  suppliedAt: Date;
  /** For example 'SP-10023'. */
  orderNumber: string;
  /** The invoice a credit note corrects; null on an invoice. */
  refersToInvoice: string | null;
  /** ISO 4217, lower case, e.g. 'eur'. */
  currency: string;
  seller: InvoiceParty & { email: string };
  buyer: InvoiceParty;
  /** Goods and, as its own line, shipping. */
  lines: InvoiceLine[];
  /** The taxable amount and VAT per rate. */
  taxLines: { rateBasisPoints: number; netCents: number; taxCents: number }[];
  netCents: number;
  taxCents: number;
  totalCents: number;
  /** Prints "Reverse charge" and the legal note. */
  reverseCharge: boolean;
  /** Extra lines (e.g. an export note); may be empty. */
  notes: string[];
  /**
   * Present when an EU seller issued the document in another currency with a euro rate set; absent
   * otherwise, and on every document issued before the shop recorded it.
   */
  eurVat?: EurVat;
  /** The IANA time zone whose calendar gives the printed dates; the shop's, UTC when absent. */
  timeZone?: string;
}
