// The tax a refund of part of an order's payment gives back: the amount holds tax at the order's
// rate, reversed pro rata with the money engine's one rounding rule (half up to the cent); an
// order that charged no tax (reverse charge, export) reverses none.
import { shareRoundedHalfUp } from '../checkout/pricing/rounding';
import type { TaxTreatment } from '../checkout/pricing/tax-treatment';

/** The tax in a gross `amountCents` refunded of an order taxed at `rateBasisPoints` under `treatment`. */
export function taxInRefund(amountCents: number, rateBasisPoints: number, treatment: TaxTreatment): number {
  if (treatment === 'reverse_charge' || treatment === 'export') return 0;
  return shareRoundedHalfUp(amountCents, rateBasisPoints, 10_000 + rateBasisPoints);
}
