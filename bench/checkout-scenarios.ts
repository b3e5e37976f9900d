// The checkout's rows that autocannon drives as it drives the others: adding to a cart, opening
// checkout (the quote of a cart of three lines to Germany) and downloading a paid order's invoice.
// The whole order, cart to paid, is not one request: bench/order-flow-row.ts measures it.
import { cartPartIds, type CheckoutFill } from './checkout-fill';
import { query, type Scenario } from './scenarios';

/** Every checkout row's name, for BENCH_SCENARIOS; order-flow is the whole order. */
export const CHECKOUT_ROW_NAMES = ['cart-add', 'checkout-quote', 'invoice', 'order-flow'];

export interface CheckoutData {
  fill: CheckoutFill;
  /** Session tokens, in the order of the fill's customers. */
  cartTokens: string[];
  quoteTokens: string[];
  buyerTokens: string[];
  invoiceBuyerToken: string;
}

const bearer = (token: string) => `Bearer ${token}`;

/** The rows; the invoice row needs the id of an order of the invoice buyer's that is paid. */
export function checkoutScenarios(data: CheckoutData, paidOrderId: string): Scenario[] {
  return [cartAddScenario(data), quoteScenario(data), invoiceScenario(data, paidOrderId)];
}

/**
 * Each customer's turn is two requests: one more of a part already in the cart (cart.add), then the
 * line set back to one (cart.setQuantity), so the carts stay as filled however long the load runs.
 * Consecutive requests are one customer's, and a customer's turn comes round again only after
 * every other cart's.
 */
function cartAddScenario({ fill, cartTokens }: CheckoutData): Scenario {
  const lines = cartTokens.map((_, index) => JSON.stringify({ 0: { toolId: cartPartIds(index, fill.partIds)[0], quantity: 1 } }));
  return {
    name: 'cart-add',
    title: `Add to cart, then set the line back, in turn, ${cartTokens.length.toLocaleString('en')} carts of 3 lines (tRPC cart.add, cart.setQuantity)`,
    method: 'POST',
    path: '/trpc/cart.add?batch=1',
    paths: ['/trpc/cart.add?batch=1', '/trpc/cart.setQuantity?batch=1'],
    bodies: lines.flatMap((line) => [line, line]),
    authorizations: cartTokens.flatMap((token) => [bearer(token), bearer(token)]),
    expectedStatuses: ['200'],
    // Each answer is another cart: the floor's one fixed answer says little.
    compareWithBare: false,
  };
}

function quoteScenario({ quoteTokens }: CheckoutData): Scenario {
  return {
    name: 'checkout-quote',
    title: `Open checkout: ${quoteTokens.length} carts of 3 lines priced to Germany (tRPC orders.quote)`,
    method: 'GET',
    path: query('orders.quote', { country: 'DE' }),
    authorizations: quoteTokens.map(bearer),
    expectedStatuses: ['200'],
    compareWithBare: true,
  };
}

function invoiceScenario({ invoiceBuyerToken }: CheckoutData, paidOrderId: string): Scenario {
  return {
    name: 'invoice',
    title: 'The invoice of a paid order of 3 lines, printed to PDF each time (tRPC orders.invoice)',
    method: 'GET',
    path: query('orders.invoice', { id: paidOrderId }),
    authorizations: [bearer(invoiceBuyerToken)],
    expectedStatuses: ['200'],
    compareWithBare: true,
  };
}
