// What the checkout and its orders say to a customer or an admin, word for word, on both sides.
import { centsToDollars, formatDollars } from './money';

export const orderMessages = {
  discountCodeTooLong: 'A discount code has at most 40 characters.',
  phoneTooShort: 'Enter a phone number the carrier can call.',
  phoneTooLong: 'A phone number has at most 40 characters.',
  phoneCharacters: 'A phone number has digits, spaces and + ( ) - . / only.',
  chooseLinesToShip: 'Choose at least one line to ship.',
  refundAmountMissing: 'Enter the amount to refund.',
  orderStatusInvalid: 'Choose one of the order states.',
  cartEmpty: 'Your cart is empty. Add parts to it before you check out.',
  shopNotReady: 'The shop cannot take orders yet: an admin has to enter its legal name and address first.',
  noShippingTo: (country: string) => `Sorry, we do not ship to ${country}.`,
  shippingRateUnknown: 'Choose one of the shipping methods offered for your country.',
  noTaxRate: (country: string) => `The shop has no tax rate for ${country} yet, so it cannot sell there. Please contact us.`,
  discountUnknown: 'This discount code does not exist.',
  discountInactive: 'This discount code is no longer valid.',
  discountNotYet: 'This discount code is not valid yet.',
  discountExpired: 'This discount code has expired.',
  discountUsedUp: 'This discount code has been used as often as it may be.',
  discountUsedByYou: 'You have already used this discount code as often as you may.',
  discountMinimumSpend: (minSpendCents: number) =>
    `This discount code needs an order of at least ${formatDollars(centsToDollars(minSpendCents))}.`,
  partUnavailable: (name: string) => `${name} is no longer sold. Remove it from your cart to check out.`,
  quantityUnavailable: (name: string, available: number) =>
    available === 0 ? `${name} is out of stock.` : `Only ${available} of ${name} are left in stock.`,
  belowMinimumOrder: (name: string, minimum: number) => `${name} is sold in quantities of at least ${minimum}.`,
  totalChanged: 'The total has changed since you looked. Please review your order again.',
  orderTooLarge: 'This order is more than a card payment can be. Please order fewer parts.',
  holdLimitOrders: (most: number) =>
    `You already have ${most} unpaid orders, the most one customer may hold. Pay or cancel one in My Orders, then check out again.`,
  holdLimitUnits: (most: number) =>
    `Your unpaid orders would hold more than ${most} parts, the most one customer may hold. Pay or cancel an unpaid order first.`,
  holdLimitValue: (mostCents: number) =>
    `Your unpaid orders would be worth more than ${formatDollars(centsToDollars(mostCents))}, the most one customer may hold. Pay or cancel an unpaid order first.`,
  orderNotFound: 'This order does not exist.',
  variantNotOfPart: 'This variant is not one of the part’s options.',
  orderNotYours: 'This order belongs to another customer.',
  orderPaid: 'This order is already paid.',
  orderClosed: (state: 'cancelled' | 'expired') =>
    state === 'expired'
      ? 'This order was not paid in time, so its parts were released and nothing was charged. Your cart can be checked out again.'
      : 'This order was cancelled, so it can no longer be paid and nothing was charged.',
  payLineWithOrder: 'This part was ordered with others: pay for the whole order from its order page.',
  invoiceNotYet: 'The invoice is issued once the order is paid.',
  cancelWholeOrder: 'Cancelling this line cancels its whole order, with every part in it.',
  shipNeedsPaidOrder: 'Only a paid order can be shipped.',
  shipNothingLeft: 'Every paid line of this order has shipped already.',
  shipLineNotInOrder: 'One of the chosen lines is not a line of this order.',
  shipLineNotPaid: (name: string) => `${name} is not paid, so it cannot be shipped.`,
  shipLineShipped: (name: string) => `${name} has shipped already.`,
  refundNeedsPaidOrder: 'Only a paid order can be refunded.',
  refundLineNotInOrder: 'This line is not a line of this order.',
  refundLineNotPaid: (name: string) => `${name} is not paid, so there is nothing of it to refund.`,
  refundLineRefunded: (name: string) => `${name} was refunded already.`,
  refundShippingNone: 'This order was shipped free: there is no shipping charge to refund.',
  refundShippingRefunded: 'The shipping of this order was refunded already.',
  refundAmountPositive: 'Enter an amount above zero to refund.',
  refundAmountCents: 'An amount has at most two decimal places.',
  refundAboveRemaining: (remainingCents: number) =>
    remainingCents === 0
      ? 'The whole payment of this order has been refunded already.'
      : `At most ${formatDollars(centsToDollars(remainingCents))} of this order's payment is left to refund.`,
  documentNotFound: 'This order has no such invoice or credit note.',
} as const;
