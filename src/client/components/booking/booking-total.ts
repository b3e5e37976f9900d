// A booking's total for a quantity of a part, computed in cents as the server does, so the total
// the customer sees before booking is the one the server charges.
import { centsToDollars, dollarsToCents } from '../../../shared/money';

export function bookingTotal(unitPrice: number, amount: number): number {
  return centsToDollars(dollarsToCents(unitPrice) * amount);
}
