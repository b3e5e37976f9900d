// Shares an amount among lines in proportion to their weights, in whole cents that add up to the
// amount exactly (the largest-remainder method): each line gets the whole cents of its exact share,
// and the cents left over go one each to the lines whose shares lost the most, the earlier line
// first when two lost the same.
import { shareWithRemainder } from './rounding';

/**
 * `amount` shared by `weights` (whole, ≥ 0). When the amount is at most the weights' sum, no
 * share is larger than its weight. Weights summing to zero can only share zero.
 */
export function allocateByLargestRemainder(amount: number, weights: readonly number[]): number[] {
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  if (totalWeight === 0) {
    if (amount !== 0) throw new RangeError(`Cannot share ${amount} among weights that sum to zero.`);
    return weights.map(() => 0);
  }
  const shares = weights.map((weight) => shareWithRemainder(amount, weight, totalWeight));
  const leftOver = amount - shares.reduce((sum, share) => sum + share.whole, 0);
  const byRemainder = shares
    .map((share, index) => ({ index, remainder: share.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const allocated = shares.map((share) => share.whole);
  for (const { index } of byRemainder.slice(0, leftOver)) {
    allocated[index] = (allocated[index] ?? 0) + 1;
  }
  return allocated;
}
