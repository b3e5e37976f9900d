// A quantity of parts in words, so a column of numbers says what it counts.
export function unitsOf(quantity: number): string {
  return `${quantity.toLocaleString('en-US')} ${quantity === 1 ? 'unit' : 'units'}`;
}
