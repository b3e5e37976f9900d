// The words and figures an invoice PDF prints: money from integer minor units, VAT rates from
// basis points, calendar dates, and any text from customers or admins made printable in the
// built-in Helvetica, whose encoding (WinAnsi) holds Western European letters only.

/**
 * Letters outside WinAnsi that do not decompose into a letter and an accent (NFD), spelt as a
 * reader of the name would expect.
 */
const SPELLINGS: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  ẞ: 'SS',
  '\u2010': '-',
  '\u2011': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
};

/** Characters 0x80–0x9F of Windows-1252, which WinAnsi shares; the rest is Latin-1 itself. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function isWinAnsi(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(character);
}

function printableCharacter(character: string): string {
  if (isWinAnsi(character)) return character;
  const spelt = SPELLINGS[character];
  if (spelt !== undefined) return spelt;
  const withoutAccents = character.normalize('NFD').replace(/\p{M}/gu, '');
  return [...withoutAccents].every(isWinAnsi) && withoutAccents !== '' ? withoutAccents : '?';
}

/**
 * One line of text as the PDF can print it: line breaks, tabs and other spacing become one
 * space (a table cell or an address line is laid out as one paragraph), invisible formatting
 * characters (zero-width, bidirectional overrides, soft hyphens) go, and letters the font lacks
 * lose their accent ("ř" → "r") or become "?". Markup means nothing in a PDF, so nothing else
 * needs escaping.
 */
export function printableText(text: string): string {
  return [...text.normalize('NFC').replace(/\p{Cf}/gu, '')]
    .map((character) => (/[\s\p{Cc}\p{Zl}\p{Zp}]/u.test(character) ? ' ' : printableCharacter(character)))
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
}

function currencyFormat(currency: string): Intl.NumberFormat {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() });
}

/**
 * "€1,234.56" from 123456 cents of 'eur' ("¥1,235" from 1235 of 'jpy'): the decimal is built
 * from the integer as text, so no float ever holds the amount.
 */
export function formatMoney(minorUnits: number, currency: string): string {
  if (!Number.isSafeInteger(minorUnits)) throw new RangeError(`An amount of money must be whole minor units, not ${minorUnits}.`);
  const format = currencyFormat(currency);
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  const digits = String(Math.abs(minorUnits)).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  const sign = minorUnits < 0 ? '-' : '';
  return format.format(`${sign}${whole}${decimals > 0 ? `.${fraction}` : ''}` as Intl.StringNumericLiteral);
}

/** "19%" from 1900 basis points, "25.5%" from 2550, "0%" from 0. */
export function formatRate(basisPoints: number): string {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0)
    throw new RangeError(`A VAT rate must be whole basis points, not ${basisPoints}.`);
  const hundredths = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${Math.trunc(basisPoints / 100)}${hundredths === '' ? '' : `.${hundredths}`}%`;
}

/** "3 March 2026": the calendar day of an instant in the given time zone. */
export function formatDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(instant);
}

/** "2", "1,000", "0.5": a quantity as printed. */
export function formatQuantity(quantity: number): string {
  return new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 }).format(quantity);
}
