// The card a confirmation pays with, read from `payment_method_data` (what Stripe.js sends from the
// browser) or from a Stripe test PaymentMethod id, and the PaymentMethod object Stripe creates for it.
import { TEST_PAYMENT_METHOD_CARDS, cardBrand, fullYear, type Card } from './cards';
import { invalidRequest } from './errors';
import { newId } from './ids';
import { optionalObject, optionalString, requiredInteger, requiredString, type Params } from './params';

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'unspecified';
  billing_details: {
    address: Record<'city' | 'country' | 'line1' | 'line2' | 'postal_code' | 'state', null>;
    email: string | null;
    name: string | null;
    phone: string | null;
  };
  card: {
    brand: string;
    country: string;
    exp_month: number;
    exp_year: number;
    funding: 'credit';
    last4: string;
  };
  created: number;
  customer: null;
  livemode: false;
  metadata: Record<string, string>;
  type: 'card';
}

export interface CardPayment {
  card: Card;
  paymentMethod: PaymentMethod;
  /** Where the card's fields came from, to name the parameter at fault (`payment_method_data[card]`). */
  param: string;
}

interface BillingDetails {
  email: string | null;
  name: string | null;
  phone: string | null;
}

function paymentMethodFor(card: Card, billing: BillingDetails, created: number): PaymentMethod {
  return {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: {
      address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
      ...billing,
    },
    card: {
      brand: cardBrand(card.number),
      country: 'US',
      exp_month: card.expMonth,
      exp_year: fullYear(card.expYear),
      funding: 'credit',
      last4: card.number.slice(-4),
    },
    created,
    customer: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

function fromPaymentMethodData(data: Params, created: number): CardPayment {
  const type = requiredString(data, 'type', 'payment_method_data[type]');
  if (type !== 'card') {
    throw invalidRequest(`Invalid payment_method_data[type]: must be card`, { param: 'payment_method_data[type]' });
  }
  const param = 'payment_method_data[card]';
  const fields = optionalObject(data, 'card', param);
  if (fields === undefined) throw invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
  const card: Card = {
    number: requiredString(fields, 'number', `${param}[number]`).replace(/[\s-]/g, ''),
    expMonth: requiredInteger(fields, 'exp_month', `${param}[exp_month]`),
    expYear: requiredInteger(fields, 'exp_year', `${param}[exp_year]`),
    cvc: optionalString(fields, 'cvc', `${param}[cvc]`),
  };
  const billingParam = 'payment_method_data[billing_details]';
  const billing = optionalObject(data, 'billing_details', billingParam) ?? {};
  const details: BillingDetails = {
    email: optionalString(billing, 'email', `${billingParam}[email]`) ?? null,
    name: optionalString(billing, 'name', `${billingParam}[name]`) ?? null,
    phone: optionalString(billing, 'phone', `${billingParam}[phone]`) ?? null,
  };
  return { card, paymentMethod: paymentMethodFor(card, details, created), param };
}

function fromTestPaymentMethod(id: string, created: number): CardPayment {
  const number = TEST_PAYMENT_METHOD_CARDS[id];
  if (number === undefined) {
    throw invalidRequest(`No such PaymentMethod: '${id}'`, { code: 'resource_missing', param: 'payment_method' });
  }
  const card: Card = { number, expMonth: 12, expYear: new Date(created * 1000).getUTCFullYear() + 3, cvc: undefined };
  return { card, paymentMethod: paymentMethodFor(card, { email: null, name: null, phone: null }, created), param: 'payment_method' };
}

/** The card given to a confirmation, or `undefined` when it names none. */
export function cardPaymentFrom(params: Params, created: number): CardPayment | undefined {
  const data = optionalObject(params, 'payment_method_data');
  const id = optionalString(params, 'payment_method');
  if (data !== undefined && id !== undefined) {
    throw invalidRequest('You cannot provide both payment_method and payment_method_data.', { param: 'payment_method_data' });
  }
  if (data !== undefined) return fromPaymentMethodData(data, created);
  if (id !== undefined) return fromTestPaymentMethod(id, created);
  return undefined;
}
