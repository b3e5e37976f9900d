// The columns a shipping rate read selects, and the shape the API shows (amounts in dollars).
import { centsToDollars } from '../../../shared/money';
import { shippingRates } from '../../db/schema';

export const shippingRateColumns = {
  id: shippingRates.id,
  name: shippingRates.name,
  priceCents: shippingRates.priceCents,
  freeAboveCents: shippingRates.freeAboveCents,
};

export interface ShippingRateView {
  id: string;
  name: string;
  price: number;
  /** The goods' total from which this rate costs nothing; null when it is never free. */
  freeAbove: number | null;
}

export function toShippingRateView(row: Pick<typeof shippingRates.$inferSelect, keyof typeof shippingRateColumns>): ShippingRateView {
  return {
    id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    freeAbove: row.freeAboveCents === null ? null : centsToDollars(row.freeAboveCents),
  };
}
