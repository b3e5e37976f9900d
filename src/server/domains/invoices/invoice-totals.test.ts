// An invoice that contradicts itself is never printed: its totals must be the sums it shows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceDocument } from '../../testing/invoice-documents';
import { assertTotalsAddUp } from './invoice-totals';

const sampleLine = fc.record({
  description: fc.constant('Brake pads'),
  quantity: fc.integer({ min: 1, max: 50 }),
  unitNetCents: fc.integer({ min: 1, max: 500_000 }),
  taxRateBasisPoints: fc.constantFrom(0, 700, 1_900, 2_000, 2_550),
});
const sampleDocument = fc.array(sampleLine, { minLength: 1, maxLength: 12 }).map((lines) => invoiceDocument(lines));

describe('totals that add up', () => {
  it('lets through any document whose totals are the sums of its lines and rates', () => {
    fc.assert(
      fc.property(sampleDocument, (doc) => {
        expect(() => assertTotalsAddUp(doc)).not.toThrow();
      }),
    );
  });

  it('refuses a document whose total, net or VAT is off by any amount', () => {
    const field = fc.constantFrom('netCents', 'taxCents', 'totalCents');
    const error = fc.integer({ min: -1_000, max: 1_000 }).filter((cents) => cents !== 0);
    fc.assert(
      fc.property(sampleDocument, field, error, (doc, name, cents) => {
        expect(() => assertTotalsAddUp({ ...doc, [name]: doc[name] + cents })).toThrow(/cannot be printed/);
      }),
    );
  });

  it('refuses a document whose VAT per rate does not add up to its VAT', () => {
    const doc = invoiceDocument([{ description: 'Chain', quantity: 1, unitNetCents: 3_000, taxRateBasisPoints: 1_900 }]);
    const [taxLine] = doc.taxLines;
    if (taxLine === undefined) throw new Error('the sample has one rate');
    expect(() => assertTotalsAddUp({ ...doc, taxLines: [{ ...taxLine, taxCents: taxLine.taxCents + 1 }] })).toThrow(
      /VAT per rate does not add up/,
    );
  });

  it('refuses a document whose VAT in euros does not add up, or lists other rates', () => {
    const doc = invoiceDocument([{ description: 'Chain', quantity: 1, unitNetCents: 3_000, taxRateBasisPoints: 1_900 }], {
      currency: 'usd',
    });
    const eurVat = { rateMillionths: 920_000, taxLines: [{ rateBasisPoints: 1_900, taxCents: 524 }], taxCents: 524 };
    expect(() => assertTotalsAddUp({ ...doc, eurVat })).not.toThrow();
    expect(() => assertTotalsAddUp({ ...doc, eurVat: { ...eurVat, taxCents: 525 } })).toThrow(/VAT in euros per rate does not add up/);
    expect(() => assertTotalsAddUp({ ...doc, eurVat: { ...eurVat, taxLines: [{ rateBasisPoints: 700, taxCents: 524 }] } })).toThrow(
      /does not list the rates/,
    );
  });

  it("refuses a document whose lines' net amounts do not add up to its net", () => {
    const doc = invoiceDocument([{ description: 'Chain', quantity: 1, unitNetCents: 3_000, taxRateBasisPoints: 1_900 }]);
    const [line] = doc.lines;
    if (line === undefined) throw new Error('the sample has one line');
    expect(() => assertTotalsAddUp({ ...doc, lines: [{ ...line, netCents: line.netCents - 1 }] })).toThrow(/lines' net amounts/);
  });
});
