// The states and kinds of the checkout's records: orders, discount codes and their uses, invoices.

/** unpaid: placed, its stock held until its deadline; paid; cancelled by the customer or an admin; expired unpaid. */
export const orderStatuses = ['unpaid', 'paid', 'cancelled', 'expired'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * How an order was placed: at checkout from the cart, or by SPEC's Book Now (and its REST path),
 * which makes a one-line order with no shipping, paid through the booking's own payment page.
 */
export const orderChannels = ['checkout', 'book_now'] as const;
export type OrderChannel = (typeof orderChannels)[number];

/** percent: value in basis points (1000 = 10 %); fixed: value in minor units. */
export const discountKinds = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof discountKinds)[number];

/** held with an unpaid order, spent when it is paid, released when it lapses or is cancelled. */
export const discountUseStatuses = ['held', 'spent', 'released'] as const;

export const invoiceKinds = ['invoice', 'credit_note'] as const;

/** What an order refund gives back: one line's charge, the shipping charge, or an amount of the order. */
export const orderRefundKinds = ['line', 'shipping', 'amount'] as const;
export type OrderRefundKind = (typeof orderRefundKinds)[number];
