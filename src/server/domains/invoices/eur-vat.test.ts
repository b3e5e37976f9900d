// The VAT in euros on a document in another currency: converted exactly and rounded half up on the
// euro cent, per rate with the total their sum, stated only by an EU seller invoicing in another
// currency, and left out with a warning when the shop has no euro rate.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { invoiceDocument } from '../../testing/invoice-documents';
import { eurVatFor, eurVatOf, toEuroCents } from './eur-vat';

const dollarInvoice = invoiceDocument(
  [
    { description: 'Cassette', quantity: 1, unitNetCents: 10_000, taxRateBasisPoints: 1_900 },
    { description: 'Manual', quantity: 1, unitNetCents: 1_050, taxRateBasisPoints: 700 },
  ],
  { currency: 'usd' },
);

describe('converting VAT to euro cents', () => {
  it('rounds half up on the euro cent, and a fraction below the half down', () => {
    expect(toEuroCents(1_250, 'usd', 921_200)).toBe(1_152); // €11.515
    expect(toEuroCents(3_800, 'usd', 927_500)).toBe(3_525); // €35.245
    expect(toEuroCents(1_341, 'usd', 921_300)).toBe(1_235); // €12.354633
    expect(toEuroCents(1, 'usd', 499_999)).toBe(0);
    expect(toEuroCents(1, 'usd', 500_000)).toBe(1);
    expect(toEuroCents(0, 'usd', 920_000)).toBe(0);
  });

  it('takes the minor unit of the currency: yen have none, dinars have three decimals', () => {
    expect(toEuroCents(1_000, 'jpy', 6_125)).toBe(613); // ¥1,000 at 0.006125: €6.125
    expect(toEuroCents(1_005, 'bhd', 2_440_000)).toBe(245); // BHD 1.005 at 2.44: €2.4522
  });

  it('is the exact product rounded half up, for any amount and rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 1, max: 100_000_000 }), (cents, rate) => {
        const exactMillionths = BigInt(cents) * BigInt(rate);
        const euroCents = BigInt(toEuroCents(cents, 'usd', rate));
        // Half a cent below the result is at most the exact amount, half a cent above exceeds it.
        expect(2n * exactMillionths >= (2n * euroCents - 1n) * 1_000_000n).toBe(true);
        expect(2n * exactMillionths < (2n * euroCents + 1n) * 1_000_000n).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe("a document's VAT in euros", () => {
  it('converts each rate and adds them up for the total', () => {
    // $19.00 at 19 % and $0.735 → $0.74 at 7 %; at 0.9213: €17.5047 → €17.50 and €0.681762 → €0.68.
    expect(eurVatOf(dollarInvoice, 921_300)).toEqual({
      rateMillionths: 921_300,
      taxLines: [
        { rateBasisPoints: 1_900, taxCents: 1_750 },
        { rateBasisPoints: 700, taxCents: 68 },
      ],
      taxCents: 1_818,
    });
  });

  it('is stated by a German seller invoicing in dollars', () => {
    const log = { warn: vi.fn() };
    expect(eurVatFor(dollarInvoice, { country: 'DE', eurRateMillionths: 921_300 }, log)).toEqual({
      eurVat: eurVatOf(dollarInvoice, 921_300),
    });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('is not stated on a document in euros, nor by a seller outside the EU', () => {
    const log = { warn: vi.fn() };
    expect(eurVatFor({ ...dollarInvoice, currency: 'eur' }, { country: 'DE', eurRateMillionths: 921_300 }, log)).toEqual({});
    expect(eurVatFor(dollarInvoice, { country: 'CH', eurRateMillionths: 921_300 }, log)).toEqual({});
    expect(eurVatFor(dollarInvoice, { country: 'US', eurRateMillionths: null }, log)).toEqual({});
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('is left out with a warning naming the document when an EU seller has no euro rate', () => {
    const log = { warn: vi.fn() };
    expect(eurVatFor(dollarInvoice, { country: 'DE', eurRateMillionths: null }, log)).toEqual({});
    expect(log.warn).toHaveBeenCalledWith(
      { document: dollarInvoice.number, order: dollarInvoice.orderNumber, currency: 'usd' },
      expect.stringContaining('set the euro rate in the shop settings'),
    );
  });
});
