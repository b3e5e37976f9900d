// A customer's own orders over the public API: with a key holding orders:read / orders:write, or
// a signed-in customer's session. Another customer's order answers 404, as if it did not exist:
// an integration learns nothing about orders it may not read.
import { TRPCError } from '@trpc/server';
import { orderMessages } from '../../shared/order-messages';
import {
  orderPageSchema,
  orderQuoteSchema,
  orderSchema,
  placedOrderSchema,
  placeOrderFromLinesSchema,
  quoteOrderRequestSchema,
} from '../../shared/public-api/order';
import { idParamsSchema, pageQuerySchema } from '../../shared/public-api/requests';
import { apiRoute, withId } from './api-route';

/** An order view as the API names its fields: `id`, and each line's `partId` and `variantId`. */
function apiOrder<Order extends { _id: string; lines: Array<{ toolsId: string; variantOf: string | null }> }>(order: Order) {
  return {
    ...withId(order),
    lines: order.lines.map((line) => ({
      ...line,
      partId: line.variantOf ?? line.toolsId,
      variantId: line.variantOf === null ? null : line.toolsId,
    })),
  };
}

/** Another customer's order is refused as missing, not as forbidden. */
async function ownOrder<Answer>(read: () => Promise<Answer>): Promise<Answer> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'FORBIDDEN') {
      throw new TRPCError({ code: 'NOT_FOUND', message: orderMessages.orderNotFound });
    }
    throw error;
  }
}

const signInRefusal = 'No key or session, or one that is not valid.';

export const orderRoutes = [
  apiRoute({
    method: 'GET',
    path: '/api/v1/orders',
    operationId: 'listOrders',
    summary: 'List the caller’s orders',
    description: 'The orders of the customer the key or session belongs to, newest first.',
    tag: 'Orders',
    scope: 'orders:read',
    requiresCaller: true,
    query: pageQuerySchema,
    output: orderPageSchema,
    refusals: { 401: signInRefusal },
    handle: async ({ caller, query }) => {
      const page = await caller.orders.mine(query);
      return { ...page, items: page.items.map(apiOrder) };
    },
  }),
  apiRoute({
    method: 'POST',
    path: '/api/v1/orders/quote',
    operationId: 'quoteOrder',
    summary: 'Price an order before placing it',
    description:
      'Prices the lines for the country as placing them now would: the shipping methods offered there with their prices ' +
      '(`shippingOptions`, whose `id` is the `shippingRateId` to place with), tax, discount and total. Nothing is held. ' +
      'It takes the orders:write scope, as the first step of placing an order.',
    tag: 'Orders',
    scope: 'orders:write',
    requiresCaller: true,
    body: quoteOrderRequestSchema,
    output: orderQuoteSchema,
    refusals: {
      401: signInRefusal,
      404: 'A part is not in the catalogue, or a variant is not one of its part’s.',
      409: 'A part cannot be sold now or has fewer units in stock.',
    },
    handle: async ({ caller, body }) => {
      const quote = await caller.orders.quoteFromLines(body);
      const named = new Map(body.lines.map((line) => [line.variantId ?? line.partId, line]));
      return {
        ...quote,
        lines: quote.lines.map(({ toolsId, ...line }) => ({
          ...line,
          partId: named.get(toolsId)?.partId ?? toolsId,
          variantId: named.get(toolsId)?.variantId ?? null,
        })),
      };
    },
  }),
  apiRoute({
    method: 'POST',
    path: '/api/v1/orders',
    operationId: 'placeOrder',
    summary: 'Place an order',
    description:
      'Places an unpaid order of the lines given, priced and held as the shop’s checkout would (its cart is left alone). ' +
      'The customer pays it by card on the shop page at `paymentUrl`, also linked from the order email, before `heldUntil`; ' +
      'card data never passes through the API. Choose `shippingRateId` from the shipping methods the shop offers.',
    tag: 'Orders',
    scope: 'orders:write',
    requiresCaller: true,
    body: placeOrderFromLinesSchema,
    status: 201,
    output: placedOrderSchema,
    refusals: {
      401: signInRefusal,
      404: 'A part is not in the catalogue, or a variant is not one of its part’s.',
      409: 'A part cannot be sold now or has fewer units in stock, or the total is not `expectedTotal`.',
      412: 'The customer’s unpaid orders would hold more than the shop allows.',
    },
    handle: async ({ caller, body }) => apiOrder(await caller.orders.placeFromLines(body)),
  }),
  apiRoute({
    method: 'GET',
    path: '/api/v1/orders/{id}',
    operationId: 'getOrder',
    summary: 'Read one of the caller’s orders',
    tag: 'Orders',
    scope: 'orders:read',
    requiresCaller: true,
    params: idParamsSchema,
    output: orderSchema,
    refusals: { 401: signInRefusal, 404: 'No order of the caller’s has this id.' },
    handle: async ({ caller, params }) => apiOrder(await ownOrder(() => caller.orders.byId(params))),
  }),
  apiRoute({
    method: 'POST',
    path: '/api/v1/orders/{id}/cancel',
    operationId: 'cancelOrder',
    summary: 'Cancel an unpaid order',
    description: 'Releases its held stock; nothing was charged.',
    tag: 'Orders',
    scope: 'orders:write',
    requiresCaller: true,
    params: idParamsSchema,
    output: orderSchema,
    refusals: { 401: signInRefusal, 404: 'No order of the caller’s has this id.', 409: 'The order is paid, cancelled or expired.' },
    handle: async ({ caller, params }) => apiOrder(await ownOrder(() => caller.orders.cancel(params))),
  }),
];
