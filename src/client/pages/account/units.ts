// Counts in words, so a number says what it counts: a quantity of parts.
export function unitsOf(quantity: number): string {
  return `${quantity.toLocaleString('en-US')} ${quantity === 1 ? 'unit' : 'units'}`;
}
