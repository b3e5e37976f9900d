// How much of a payment can still be refunded. The caller refuses a refund above it, so the
// refunds of one payment never add up to more than was paid.

/** What was paid less what was refunded, never below zero. */
export function remainingRefundable(paidCents: number, refundedCents: readonly number[]): number {
  const refunded = refundedCents.reduce((sum, cents) => sum + cents, 0);
  return Math.max(0, paidCents - refunded);
}
