// Invoice documents for the renderer's tests: a German shop's domestic invoice, a reverse-charge
// sale to a French business, a credit note, and any number of lines. The figures are worked out
// here the way the shop does (VAT rounded half up per line, per-rate sums of the lines), so every
// sample adds up.
import type { InvoiceDocument, InvoiceLine, InvoiceParty } from '../domains/invoices/invoice-document';

export interface SampleLine {
  description: string;
  quantity: number;
  unitNetCents: number;
  discountNetCents?: number;
  taxRateBasisPoints: number;
}

const SAMPLE_SELLER: InvoiceParty & { email: string } = {
  name: 'Sprocket Fahrradteile GmbH',
  company: null,
  addressLines: ['Kettenweg 12', '04109 Leipzig', 'Germany'],
  vatId: 'DE123456789',
  email: 'invoices@sprocket.example',
};

const GERMAN_CONSUMER: InvoiceParty = {
  name: 'Jürgen Weiß',
  company: null,
  addressLines: ['Lindenstraße 5', '10115 Berlin', 'Germany'],
  vatId: null,
};

const FRENCH_BUSINESS: InvoiceParty = {
  name: 'Camille Lefèvre',
  company: 'Vélos du Rhône SARL',
  addressLines: ['14 quai Saint-Antoine', '69002 Lyon', 'France'],
  vatId: 'FR40303265045',
};

function invoiceLine(sample: SampleLine): InvoiceLine {
  const discountNetCents = sample.discountNetCents ?? 0;
  const netCents = sample.quantity * sample.unitNetCents - discountNetCents;
  const taxCents = Math.round((netCents * sample.taxRateBasisPoints) / 10_000);
  return { ...sample, discountNetCents, netCents, taxCents, grossCents: netCents + taxCents };
}

/** A document whose per-rate lines and totals are the sums of `lines`. */
export function invoiceDocument(
  lines: readonly SampleLine[],
  fields: Partial<Omit<InvoiceDocument, 'lines' | 'taxLines' | 'netCents' | 'taxCents' | 'totalCents'>> = {},
): InvoiceDocument {
  const invoiceLines = lines.map(invoiceLine);
  const rates = [...new Set(invoiceLines.map((line) => line.taxRateBasisPoints))].sort((a, b) => b - a);
  const taxLines = rates.map((rateBasisPoints) => {
    const atRate = invoiceLines.filter((line) => line.taxRateBasisPoints === rateBasisPoints);
    return {
      rateBasisPoints,
      netCents: atRate.reduce((sum, line) => sum + line.netCents, 0),
      taxCents: atRate.reduce((sum, line) => sum + line.taxCents, 0),
    };
  });
  const netCents = taxLines.reduce((sum, line) => sum + line.netCents, 0);
  const taxCents = taxLines.reduce((sum, line) => sum + line.taxCents, 0);
  return {
    kind: 'invoice',
    number: 'INV-2026-000123',
    issuedAt: new Date('2026-03-03T09:30:00Z'),
    suppliedAt: new Date('2026-03-02T16:05:00Z'),
    orderNumber: 'SP-10023',
    refersToInvoice: null,
    currency: 'eur',
    seller: SAMPLE_SELLER,
    buyer: GERMAN_CONSUMER,
    reverseCharge: false,
    notes: [],
    timeZone: 'Europe/Berlin',
    ...fields,
    lines: invoiceLines,
    taxLines,
    netCents,
    taxCents,
    totalCents: netCents + taxCents,
  };
}

/** A German consumer's order: two parts, one discounted, and shipping, all at 19%. */
export function germanInvoice(): InvoiceDocument {
  return invoiceDocument([
    {
      description: 'Shimano Deore XT CS-M8100 cassette, 12-speed, 10-51T',
      quantity: 1,
      unitNetCents: 10_915,
      taxRateBasisPoints: 1_900,
    },
    { description: 'KMC X12 chain, 126 links', quantity: 2, unitNetCents: 3_353, discountNetCents: 671, taxRateBasisPoints: 1_900 },
    { description: 'Shipping (DHL, Germany)', quantity: 1, unitNetCents: 495, taxRateBasisPoints: 1_900 },
  ]);
}

/** A French business with a VAT ID: no VAT charged, the buyer accounts for it. */
export function reverseChargeInvoice(): InvoiceDocument {
  return invoiceDocument(
    [
      { description: 'SRAM XD driver body', quantity: 10, unitNetCents: 4_790, discountNetCents: 2_395, taxRateBasisPoints: 0 },
      { description: 'Shipping (DHL, France)', quantity: 1, unitNetCents: 1_290, taxRateBasisPoints: 0 },
    ],
    { number: 'INV-2026-000124', orderNumber: 'SP-10024', buyer: FRENCH_BUSINESS, reverseCharge: true },
  );
}

/** A refund of one chain from the German invoice. */
export function creditNote(): InvoiceDocument {
  return invoiceDocument(
    [{ description: 'KMC X12 chain, 126 links', quantity: 1, unitNetCents: 3_353, discountNetCents: 336, taxRateBasisPoints: 1_900 }],
    {
      kind: 'credit_note',
      number: 'CN-2026-000004',
      refersToInvoice: 'INV-2026-000123',
      issuedAt: new Date('2026-03-20T11:00:00Z'),
    },
  );
}

/** An invoice of `count` distinct parts, each named with its position ("Spoke nipple no. 7"). */
export function invoiceWithLines(count: number): InvoiceDocument {
  return invoiceDocument(
    Array.from({ length: count }, (_, index) => ({
      description: `Spoke nipple no. ${index + 1}`,
      quantity: index + 1,
      unitNetCents: 25 + index,
      taxRateBasisPoints: 1_900,
    })),
    { number: 'INV-2026-000200' },
  );
}
