// The PDFs the shop issues, read back as text the way an accountant's software reads them: each
// carries what Article 226 of the VAT Directive asks for, in the right words and figures, and no
// line or customer string is lost or spills off its page.
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { creditNote, germanInvoice, invoiceDocument, invoiceWithLines, reverseChargeInvoice } from '../../testing/invoice-documents';
import { eurVatOf } from './eur-vat';
import type { InvoiceDocument } from './invoice-document';
import { renderInvoicePdf, REVERSE_CHARGE_NOTE } from './render-invoice-pdf';

interface PdfText {
  /** The pages' text, each line of the page on a line of its own. */
  pages: string[];
  /** All pages, lines joined by spaces, for phrases a layout may break anywhere. */
  flat: string;
}

async function renderedText(doc: InvoiceDocument): Promise<PdfText> {
  const parser = new PDFParse({ data: await renderInvoicePdf(doc) });
  try {
    const { pages } = await parser.getText();
    const texts = pages.map((page) => page.text);
    return { pages: texts, flat: texts.join('\n').replace(/\s+/g, ' ') };
  } finally {
    await parser.destroy();
  }
}

describe('a domestic invoice', () => {
  it('names both parties in full, with the seller’s VAT ID, and the invoice’s number, dates and order', async () => {
    const { flat } = await renderedText(germanInvoice());
    for (const piece of [
      'Sprocket Fahrradteile GmbH Kettenweg 12 04109 Leipzig Germany VAT ID: DE123456789 invoices@sprocket.example',
      'Invoice Invoice number INV-2026-000123',
      'Invoice date 3 March 2026',
      'Date of supply 2 March 2026',
      'Order number SP-10023',
      'Jürgen Weiß Lindenstraße 5 10115 Berlin Germany',
    ]) {
      expect(flat).toContain(piece);
    }
    expect(flat).not.toContain('Credit note');
  });

  it('lists each line with quantity, unit price without VAT, discount, net, rate and VAT', async () => {
    const { flat } = await renderedText(germanInvoice());
    expect(flat).toContain('Shimano Deore XT CS-M8100 cassette, 12-speed, 10-51T 1 €109.15 €0.00 €109.15 19% €20.74');
    expect(flat).toContain('KMC X12 chain, 126 links 2 €33.53 €6.71 €60.35 19% €11.47');
    expect(flat).toContain('Shipping (DHL, Germany) 1 €4.95 €0.00 €4.95 19% €0.94');
  });

  it('gives the taxable amount and VAT per rate, and the net, VAT and total to pay', async () => {
    const { flat } = await renderedText(
      invoiceDocument([
        { description: 'Cassette', quantity: 1, unitNetCents: 10_000, taxRateBasisPoints: 1_900 },
        { description: 'Repair manual', quantity: 1, unitNetCents: 2_000, taxRateBasisPoints: 700 },
      ]),
    );
    expect(flat).toContain('VAT rate Taxable amount VAT 19% €100.00 €19.00 7% €20.00 €1.40');
    expect(flat).toContain('Net total €120.00 VAT total €20.40 Total to pay €140.40');
    expect(flat).not.toContain('Reverse charge');
  });

  it('writes a rate with a fraction as people do, and amounts in the document’s currency', async () => {
    const { flat } = await renderedText(
      invoiceDocument([{ description: 'Chain', quantity: 1, unitNetCents: 1_000, taxRateBasisPoints: 2_550 }], { currency: 'sek' }),
    );
    expect(flat).toContain('Chain 1 SEK 10.00 SEK 0.00 SEK 10.00 25.5% SEK 2.55');
  });
});

describe('a reverse-charge invoice', () => {
  it('carries both VAT IDs, the buyer’s company, and the reverse-charge words and legal note', async () => {
    const { flat } = await renderedText(reverseChargeInvoice());
    expect(flat).toContain('VAT ID: DE123456789');
    expect(flat).toContain('Camille Lefèvre Vélos du Rhône SARL 14 quai Saint-Antoine 69002 Lyon France VAT ID: FR40303265045');
    expect(flat).toContain(`Reverse charge ${REVERSE_CHARGE_NOTE}`);
    expect(flat).toContain('SRAM XD driver body 10 €47.90 €23.95 €455.05 0% €0.00');
    expect(flat).toContain('Net total €467.95 VAT total €0.00 Total to pay €467.95');
  });
});

describe('a credit note', () => {
  it('says it is a credit note for the invoice it corrects, with its own number', async () => {
    const { flat } = await renderedText(creditNote());
    expect(flat).toContain('Credit note Credit note number CN-2026-000004 Corrects invoice INV-2026-000123');
    expect(flat).toContain('Credit note for invoice INV-2026-000123');
    expect(flat).toContain('Invoice date 20 March 2026');
    expect(flat).not.toContain('Total to pay');
  });

  it('prints every amount negated, as taken off the invoice, and a zero without a sign', async () => {
    const { flat } = await renderedText(creditNote());
    expect(flat).toContain('KMC X12 chain, 126 links 1 -€33.53 -€3.36 -€30.17 19% -€5.73');
    expect(flat).toContain('19% -€30.17 -€5.73');
    expect(flat).toContain('Net total -€30.17 VAT total -€5.73 Total -€35.90');

    const noDiscount = await renderedText({
      ...creditNote(),
      lines: creditNote().lines.map((line) => ({ ...line, discountNetCents: 0 })),
    });
    expect(noDiscount.flat).toContain('-€33.53 €0.00 -€30.17');
  });
});

describe('the VAT in euros on a document in dollars (Article 230)', () => {
  /** The German invoice in dollars, with its VAT in euros at `rateMillionths`. */
  function inDollars(doc: InvoiceDocument, rateMillionths: number): InvoiceDocument {
    const dollars = { ...doc, currency: 'usd' };
    return { ...dollars, eurVat: eurVatOf(dollars, rateMillionths) };
  }

  it('prints the VAT in euros and the rate under the totals', async () => {
    // $33.15 of VAT at 0.9213: €30.541095, so €30.54.
    const { flat } = await renderedText(inDollars(germanInvoice(), 921_300));
    expect(flat).toContain('Net total US$174.45 VAT total US$33.15 Total to pay US$207.60 VAT in EUR: €30.54 (1 USD = 0.9213 EUR)');
  });

  it('prints each rate’s VAT in euros before the total when there are several rates', async () => {
    const twoRates = invoiceDocument([
      { description: 'Cassette', quantity: 1, unitNetCents: 10_000, taxRateBasisPoints: 1_900 },
      { description: 'Repair manual', quantity: 1, unitNetCents: 2_000, taxRateBasisPoints: 700 },
    ]);
    const { flat } = await renderedText(inDollars(twoRates, 920_000));
    expect(flat).toContain('VAT at 19% in EUR: €17.48 VAT at 7% in EUR: €1.29 VAT in EUR: €18.77 (1 USD = 0.92 EUR)');
  });

  it('prints a credit note’s VAT in euros as credited', async () => {
    const { flat } = await renderedText(inDollars(creditNote(), 920_000));
    expect(flat).toContain('VAT in EUR: -€5.27 (1 USD = 0.92 EUR)');
  });

  it('prints nothing of it on a document issued without it', async () => {
    const { flat } = await renderedText({ ...germanInvoice(), currency: 'usd' });
    expect(flat).toContain('Total to pay US$207.60');
    expect(flat).not.toContain('EUR');
  });
});

describe('a long invoice', () => {
  it('flows 60 lines onto further pages, repeating the table header, and loses none', async () => {
    const { pages, flat } = await renderedText(invoiceWithLines(60));
    expect(pages.length).toBeGreaterThan(1);
    for (const [index, page] of pages.entries()) {
      expect(page, `page ${index + 1}`).toMatch(/^Description Qty Unit price excl\.$/m);
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    }
    for (let number = 1; number <= 60; number += 1) {
      expect(flat).toMatch(new RegExp(`Spoke nipple no\\. ${number} ${number} `));
    }
    expect(pages.at(-1)).toContain('Total to pay');
  });
});

describe('customer text that could break the layout', () => {
  it('breaks a word too long for its column and cuts it with an ellipsis past six lines', async () => {
    const word = 'Sprocket'.repeat(500);
    const { pages, flat } = await renderedText(
      invoiceDocument([{ description: word, quantity: 1, unitNetCents: 100, taxRateBasisPoints: 1_900 }]),
    );
    expect(pages).toHaveLength(1);
    expect(flat).toMatch(/SprocketSprocket/);
    expect(flat).toContain('… 1 €1.00 €0.00 €1.00 19% €0.19');
    expect(flat.length).toBeLessThan(2_000);
  });

  it('prints line breaks and tabs in a description as spaces, not as extra rows', async () => {
    const { flat } = await renderedText(
      invoiceDocument([{ description: 'Brake\npads,\tfront\r\nand rear', quantity: 1, unitNetCents: 100, taxRateBasisPoints: 1_900 }]),
    );
    expect(flat).toContain('Brake pads, front and rear 1 €1.00');
  });

  it('keeps a buyer with very many address lines and long notes within their pages', async () => {
    const { pages, flat } = await renderedText(
      invoiceDocument([{ description: 'Chain', quantity: 1, unitNetCents: 1_000, taxRateBasisPoints: 1_900 }], {
        buyer: { name: 'Ada', company: null, addressLines: Array.from({ length: 200 }, (_, index) => `Line ${index}`), vatId: null },
        notes: Array.from({ length: 40 }, (_, index) => `Note ${index}: ${'export '.repeat(300)}`),
      }),
    );
    expect(flat).toContain('Line 0');
    expect(flat).not.toContain('Line 199');
    expect(flat).toContain('Note 39:');
    expect(pages.length).toBeLessThan(20);
    for (const [index, page] of pages.entries()) expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
  });

  it('prints letters the built-in font lacks without their accents', async () => {
    const { flat } = await renderedText(
      invoiceDocument([{ description: 'Łańcuch', quantity: 1, unitNetCents: 100, taxRateBasisPoints: 2_300 }], {
        buyer: { name: 'Tomáš Dvořák', company: null, addressLines: ['Náměstí Míru 1', '120 00 Praha'], vatId: null },
      }),
    );
    expect(flat).toContain('Tomáš Dvorák Námestí Míru 1 120 00 Praha');
    expect(flat).toContain('Lancuch 1 €1.00');
  });
});

describe('the file', () => {
  it('is a PDF of A4 pages', async () => {
    const bytes = await renderInvoicePdf(germanInvoice());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });

  it('is refused when its totals do not add up', async () => {
    await expect(renderInvoicePdf({ ...germanInvoice(), totalCents: 1 })).rejects.toThrow(/INV-2026-000123 cannot be printed/);
  });
});
