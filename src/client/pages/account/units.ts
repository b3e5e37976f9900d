// Counts in words, so a number says what it counts: a quantity of parts, a number of orders.
export function unitsOf(quantity: number): string {
  return `${quantity.toLocaleString('en-US')} ${quantity === 1 ? 'unit' : 'units'}`;
}

export function ordersLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'order' : 'orders'}`;
}
