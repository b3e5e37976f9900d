// Quantity price breaks: buying more of a part can lower its unit price, never raise it.

export interface PriceBreak {
  minQuantity: number;
  unitCents: number;
}

/**
 * The unit price for a quantity: the break with the largest `minQuantity` the quantity reaches
 * (the cheaper one if two share it), else the list price. The lower of that break and the list
 * price wins, so a break entered above the list price by mistake never charges a customer more.
 * Breaks may come in any order.
 */
export function unitPriceFor(quantity: number, listUnitCents: number, breaks: readonly PriceBreak[]): number {
  let reached: PriceBreak | undefined;
  for (const priceBreak of breaks) {
    if (priceBreak.minQuantity > quantity) continue;
    if (
      reached === undefined ||
      priceBreak.minQuantity > reached.minQuantity ||
      (priceBreak.minQuantity === reached.minQuantity && priceBreak.unitCents < reached.unitCents)
    ) {
      reached = priceBreak;
    }
  }
  return reached === undefined ? listUnitCents : Math.min(listUnitCents, reached.unitCents);
}
