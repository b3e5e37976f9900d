// The figures and words an invoice prints: money exact to the minor unit in any currency, VAT
// rates as people write them, dates on the shop's calendar, and customer text the built-in font
// can always print on one line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatQuantity, formatRate, printableText } from './invoice-text';

/** The most money the shop's amounts come near, and then some. */
const LARGEST_AMOUNT = 10 ** 12;

describe('money on an invoice', () => {
  it('formats minor units in the currency of the document', () => {
    expect(formatMoney(123_456, 'eur')).toBe('€1,234.56');
    expect(formatMoney(5, 'gbp')).toBe('£0.05');
    expect(formatMoney(-3_590, 'eur')).toBe('-€35.90');
    expect(formatMoney(0, 'usd')).toBe('US$0.00');
    expect(formatMoney(1_235, 'jpy')).toBe('JP¥1,235');
    expect(formatMoney(1_234_567, 'bhd')).toBe('BHD\u00a01,234.567');
  });

  it('shows exactly the digits of any whole amount, with its sign, and never rounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -LARGEST_AMOUNT, max: LARGEST_AMOUNT }), (cents) => {
        const printed = formatMoney(cents, 'eur');
        expect(printed.replace(/\D/g, '')).toBe(String(Math.abs(cents)).padStart(3, '0'));
        expect(printed.startsWith('-')).toBe(cents < 0);
        expect(printed).toMatch(/\.\d\d$/);
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses an amount that is not whole minor units', () => {
    expect(() => formatMoney(10.5, 'eur')).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN, 'eur')).toThrow(RangeError);
  });
});

describe('VAT rates on an invoice', () => {
  it('writes basis points as a percentage without trailing zeros', () => {
    expect(formatRate(1_900)).toBe('19%');
    expect(formatRate(2_550)).toBe('25.5%');
    expect(formatRate(810)).toBe('8.1%');
    expect(formatRate(1_725)).toBe('17.25%');
    expect(formatRate(5)).toBe('0.05%');
    expect(formatRate(0)).toBe('0%');
  });

  it('writes every rate so that it reads back as the same basis points', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), (basisPoints) => {
        const printed = formatRate(basisPoints);
        expect(printed).toMatch(/^\d+(\.\d?[1-9])?%$/);
        const [whole = '', fraction = ''] = printed.slice(0, -1).split('.');
        expect(Number(whole) * 100 + Number(fraction.padEnd(2, '0'))).toBe(basisPoints);
      }),
    );
  });

  it('refuses a rate that is not whole, non-negative basis points', () => {
    expect(() => formatRate(19.5)).toThrow(RangeError);
    expect(() => formatRate(-1)).toThrow(RangeError);
  });
});

describe('dates and quantities on an invoice', () => {
  it("prints the calendar day in the shop's time zone, not the server's", () => {
    const lateEvening = new Date('2026-03-02T23:30:00Z');
    expect(formatDate(lateEvening, 'Europe/Berlin')).toBe('3 March 2026');
    expect(formatDate(lateEvening, 'UTC')).toBe('2 March 2026');
  });

  it('groups thousands in quantities and keeps fractions of a unit', () => {
    expect(formatQuantity(1_000)).toBe('1,000');
    expect(formatQuantity(0.5)).toBe('0.5');
  });
});

describe('customer text in the built-in font', () => {
  it('keeps German, French and Scandinavian letters and the euro sign as they are', () => {
    expect(printableText('Jürgen Weiß, Vélos du Rhône, Øresund, €')).toBe('Jürgen Weiß, Vélos du Rhône, Øresund, €');
  });

  it('drops the accent of a letter the font lacks, and spells Polish and Croatian strokes', () => {
    expect(printableText('Příliš žluťoučký kůň')).toBe('Príliš žlutoucký kun');
    expect(printableText('Łódź, Đakovo')).toBe('Lódz, Dakovo');
  });

  it('prints "?" for a character with no Western European spelling', () => {
    expect(printableText('中文 🚲')).toBe('?? ?');
  });

  it('makes line breaks, tabs and runs of spaces one space, and drops invisible formatting', () => {
    expect(printableText('  Brake\npads\r\n\tfront  \u2028rear ')).toBe('Brake pads front rear');
    expect(printableText('evil\u202Etxt.exe, zero\u200Bwidth, soft\u00ADhyphen')).toBe('eviltxt.exe, zerowidth, softhyphen');
  });

  it('turns any string into a single line of characters the font can print', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const printed = printableText(text);
        for (const character of printed) {
          const code = character.codePointAt(0) ?? 0;
          const winAnsi =
            (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.includes(character);
          expect(winAnsi, `U+${code.toString(16)} in ${JSON.stringify(printed)}`).toBe(true);
        }
        expect(printed).not.toMatch(/^\s|\s$|\s\s|[\n\r\t]/);
      }),
      { numRuns: 2_000 },
    );
  });
});
