// The one rounding rule of the money engine: a share of an amount, rounded half up to the cent.
// Amounts here are never negative, so half up and half away from zero are the same rule.
//
// Products are taken in BigInt: a line of 10,000 parts at €10,000 is 10^10 cents, and that times
// a share of an order's total no longer fits the 2^53 a JavaScript number holds exactly.

/** amount × numerator / denominator, rounded half up to a whole number. All three whole, ≥ 0, denominator > 0. */
export function shareRoundedHalfUp(amount: number, numerator: number, denominator: number): number {
  const product = BigInt(amount) * BigInt(numerator);
  const divisor = BigInt(denominator);
  return Number((2n * product + divisor) / (2n * divisor));
}

/** amount × numerator / denominator split into its whole part and what is left over (in 1/denominator). */
export function shareWithRemainder(amount: number, numerator: number, denominator: number): { whole: number; remainder: bigint } {
  const product = BigInt(amount) * BigInt(numerator);
  const divisor = BigInt(denominator);
  return { whole: Number(product / divisor), remainder: product % divisor };
}
