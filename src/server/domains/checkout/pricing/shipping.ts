// The shipping charge, as entered: free once the goods after their discount reach the rate's threshold.

export interface ShippingRate {
  name: string;
  priceCents: number;
  /** Shipping costs nothing when the goods after discount (as entered) reach this; null: never free. */
  freeAboveCents: number | null;
}

/** The discount counts: a code that takes the goods below the threshold brings the charge back. */
export function shippingCentsFor(rate: ShippingRate, goodsAfterDiscountCents: number): number {
  return rate.freeAboveCents !== null && goodsAfterDiscountCents >= rate.freeAboveCents ? 0 : rate.priceCents;
}
