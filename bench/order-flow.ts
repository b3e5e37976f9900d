// One whole order over HTTP, as a customer's browser makes it: three parts added to the cart, the
// order placed to Germany, its PaymentIntent asked for, the card confirmed at the payments emulator
// exactly as Stripe.js posts it, and the payment recorded with orders.confirm.
import { cardFields, confirmFromBrowser } from '../src/emulators/payments/testing/emulator';
import { TEST_STRIPE_KEYS } from '../src/server/testing/test-keys';

/** Stripe's test card that always succeeds. */
const GOOD_CARD = '4242424242424242';

const shipTo = { name: 'Bench Buyer', line1: 'Kettenweg 12', city: 'Berlin', postalCode: '10115', country: 'DE' };

export interface Shop {
  storefrontUrl: string;
  paymentsUrl: string;
  /** The shipping rate the order is placed with. */
  shippingRateId: string;
}

export interface Buyer {
  /** The Authorization header of the buyer's session. */
  authorization: string;
  /** The parts put in the cart, one of each. */
  partIds: string[];
}

/** A step that did not answer as the browser expects: which, and what it answered. */
export class FlowStepFailed extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
    body: string,
  ) {
    super(`${step} answered ${status}: ${body.slice(0, 300)}`);
  }
}

interface OrderAnswer {
  _id: string;
  status: string;
}

/** Places and pays one order for the buyer; the paid order's id. */
export async function orderAndPay(shop: Shop, buyer: Buyer): Promise<string> {
  for (const toolId of buyer.partIds) await mutate(shop, buyer, 'cart.add', { toolId, quantity: 1 });
  const placed = await mutate<OrderAnswer>(shop, buyer, 'orders.place', {
    address: shipTo,
    phone: '+49 30 1234567',
    shippingRateId: shop.shippingRateId,
  });
  const intent = await mutate<{ clientSecret: string; paymentIntentId: string }>(shop, buyer, 'orders.intent', { id: placed._id });
  const confirmed = await confirmFromBrowser(
    shop.paymentsUrl,
    intent.paymentIntentId,
    cardFields(intent.clientSecret, GOOD_CARD),
    TEST_STRIPE_KEYS.publishableKey,
  );
  const card = await confirmed.text();
  if (confirmed.status !== 200 || (JSON.parse(card) as { status?: string }).status !== 'succeeded') {
    throw new FlowStepFailed('card confirmation', confirmed.status, card);
  }
  const paid = await mutate<OrderAnswer>(shop, buyer, 'orders.confirm', { id: placed._id, transactionId: intent.paymentIntentId });
  if (paid.status !== 'paid') throw new FlowStepFailed('orders.confirm', 200, `the order is ${paid.status}`);
  return placed._id;
}

/** A mutation as httpBatchLink sends it: a batch of one, the answer's data read back. */
async function mutate<Data>(shop: Shop, buyer: Buyer, procedure: string, input: unknown): Promise<Data> {
  const response = await fetch(`${shop.storefrontUrl}/trpc/${procedure}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: buyer.authorization },
    body: JSON.stringify({ 0: input }),
  });
  const body = await response.text();
  if (response.status !== 200) throw new FlowStepFailed(procedure, response.status, body);
  const [answer] = JSON.parse(body) as Array<{ result: { data: Data } }>;
  if (!answer) throw new FlowStepFailed(procedure, response.status, body);
  return answer.result.data;
}
