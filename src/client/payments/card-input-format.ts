// How the emulator's card form shows what is typed, as Stripe's card field does: the number in
// groups of four ("4242 4242 4242 4242") and the expiry as "MM / YY". emulator-confirm.ts reads
// both back (digits only; month and year around the slash).

const CARD_NUMBER_MAX_DIGITS = 19;

export function formatCardNumber(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX_DIGITS);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function formatExpiry(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  // A first digit above 1 can only be a one-digit month: 4 is April, "04".
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}
