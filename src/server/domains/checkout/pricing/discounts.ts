// Discount codes: what a code takes off the goods (never the shipping), and whether the order
// spends enough for it.
import { shareRoundedHalfUp } from './rounding';

export interface DiscountTerms {
  code: string;
  kind: 'percent' | 'fixed';
  /** percent: basis points (1000 = 10 %); fixed: cents. */
  value: number;
  minSpendCents: number;
}

export type DiscountOutcome = { cents: number } | { refused: 'discount_minimum_spend'; minSpendCents: number };

const BASIS_POINTS = 10_000;

/**
 * The discount on goods whose subtotal (as entered, before any discount) is `subtotalCents`.
 * Below the minimum spend the code is refused. A percentage rounds half up to the cent; a fixed
 * amount larger than the goods takes them to zero and no further, as does a percentage above 100 %.
 */
export function discountFor(terms: DiscountTerms, subtotalCents: number): DiscountOutcome {
  if (subtotalCents < terms.minSpendCents) return { refused: 'discount_minimum_spend', minSpendCents: terms.minSpendCents };
  const cents = terms.kind === 'percent' ? shareRoundedHalfUp(subtotalCents, terms.value, BASIS_POINTS) : terms.value;
  return { cents: Math.min(cents, subtotalCents) };
}
