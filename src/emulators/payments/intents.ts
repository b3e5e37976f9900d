// The PaymentIntent object in Stripe's shape and its life cycle: created in
// requires_payment_method, then succeeded by a good card or canceled; a failed card leaves it in
// requires_payment_method with last_payment_error, ready for another attempt.
import { chargeCard } from './cards';
import { docUrl, invalidRequest, missingParam, unexpectedState, type StripeErrorBody } from './errors';
import { newId, randomBase62 } from './ids';
import {
  metadataParam,
  optionalBoolean,
  optionalObject,
  optionalString,
  optionalStringList,
  rejectUnknown,
  requiredInteger,
  requiredString,
  type Params,
} from './params';
import { cardPaymentFrom, type PaymentMethod } from './payment-methods';

type PaymentIntentStatus = 'requires_payment_method' | 'succeeded' | 'canceled';

interface LastPaymentError extends StripeErrorBody {
  type: 'card_error';
  payment_method: PaymentMethod;
  payment_method_type: 'card';
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_details: { tip: Record<string, never> };
  amount_received: number;
  application: null;
  application_fee_amount: null;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: 'always' | 'never' } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: null;
  customer_account: null;
  description: string | null;
  excluded_payment_method_types: null;
  last_payment_error: LastPaymentError | null;
  latest_charge: string | null;
  livemode: false;
  managed_payments: null;
  metadata: Record<string, string>;
  next_action: null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_configuration_details: null;
  payment_method_options: { card: { installments: null; mandate_options: null; network: null; request_three_d_secure: 'automatic' } };
  payment_method_types: string[];
  payment_record: null;
  processing: null;
  receipt_email: string | null;
  review: null;
  setup_future_usage: null;
  shipping: null;
  source: null;
  statement_descriptor: null;
  statement_descriptor_suffix: null;
  status: PaymentIntentStatus;
  transfer_data: null;
  transfer_group: null;
}

/** Stripe's largest amount (eight digits); the smallest is per currency, e.g. 50 cents for USD. */
const MAXIMUM_AMOUNT = 99_999_999;
const MINIMUM_AMOUNTS: Record<string, { amount: number; label: string }> = {
  usd: { amount: 50, label: '$0.50 usd' },
};
const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];

function unixTime(now: Date): number {
  return Math.floor(now.getTime() / 1000);
}

function checkAmount(amount: number, currency: string): void {
  if (amount < 1) throw invalidRequest('This value must be greater than or equal to 1.', { param: 'amount' });
  const minimum = MINIMUM_AMOUNTS[currency];
  if (minimum && amount < minimum.amount) {
    throw invalidRequest(`Amount must be at least ${minimum.label}`, { code: 'amount_too_small', param: 'amount' });
  }
  if (amount > MAXIMUM_AMOUNT) {
    throw invalidRequest(`Amount must be no more than ${MAXIMUM_AMOUNT} ${currency} in its smallest unit`, {
      code: 'amount_too_large',
      param: 'amount',
    });
  }
}

function paymentMethodTypesParam(params: Params): Pick<PaymentIntent, 'automatic_payment_methods' | 'payment_method_types'> {
  const automatic = optionalObject(params, 'automatic_payment_methods');
  const types = optionalStringList(params, 'payment_method_types');
  if (automatic !== undefined && types !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: automatic_payment_methods, payment_method_types.', {
      param: 'automatic_payment_methods',
    });
  }
  if (types !== undefined) {
    const unsupported = types.find((type) => type !== 'card');
    if (unsupported !== undefined) {
      throw invalidRequest(`The payment method type "${unsupported}" is invalid. The payments emulator supports only "card".`, {
        code: 'payment_intent_invalid_parameter',
        param: 'payment_method_types',
      });
    }
    return { automatic_payment_methods: null, payment_method_types: ['card'] };
  }
  if (automatic === undefined) return { automatic_payment_methods: { enabled: true }, payment_method_types: ['card'] };
  const path = 'automatic_payment_methods';
  rejectUnknown(automatic, ['enabled', 'allow_redirects'], path);
  const enabled = optionalBoolean(automatic, 'enabled', `${path}[enabled]`);
  if (enabled === undefined) throw missingParam(`${path}[enabled]`);
  const allowRedirects = optionalString(automatic, 'allow_redirects', `${path}[allow_redirects]`);
  if (allowRedirects !== undefined && allowRedirects !== 'always' && allowRedirects !== 'never') {
    throw invalidRequest(`Invalid ${path}[allow_redirects]: must be one of always or never`, {
      param: `${path}[allow_redirects]`,
    });
  }
  return {
    automatic_payment_methods: { ...(allowRedirects ? { allow_redirects: allowRedirects } : {}), enabled },
    payment_method_types: ['card'],
  };
}

export function createPaymentIntent(params: Params, now: Date): PaymentIntent {
  rejectUnknown(params, [
    'amount',
    'currency',
    'metadata',
    'description',
    'receipt_email',
    'automatic_payment_methods',
    'payment_method_types',
  ]);
  const amount = requiredInteger(params, 'amount');
  const currency = requiredString(params, 'currency').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, { param: 'currency' });
  checkAmount(amount, currency);
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    ...paymentMethodTypesParam(params),
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${randomBase62(25)}`,
    confirmation_method: 'automatic',
    created: unixTime(now),
    currency,
    customer: null,
    customer_account: null,
    description: optionalString(params, 'description') ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: metadataParam(params),
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_record: null,
    processing: null,
    receipt_email: optionalString(params, 'receipt_email') ?? null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

export interface ConfirmOutcome {
  intent: PaymentIntent;
  /** The card error to answer with (HTTP 402) when the payment failed. */
  failure: StripeErrorBody | null;
}

/** `params` without `client_secret`, which the caller has already checked. */
export function confirmPaymentIntent(intent: PaymentIntent, params: Params, now: Date): ConfirmOutcome {
  rejectUnknown(params, ['payment_method', 'payment_method_data', 'return_url']);
  if (intent.status === 'succeeded') {
    throw unexpectedState('You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.');
  }
  if (intent.status === 'canceled') {
    throw unexpectedState(
      'You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method.',
    );
  }
  const payment = cardPaymentFrom(params, unixTime(now));
  if (payment === undefined) {
    throw unexpectedState(
      "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
    );
  }
  const failure = chargeCard(payment.card, now);
  if (failure === null) {
    const succeeded: PaymentIntent = {
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: newId('ch'),
      payment_method: payment.paymentMethod.id,
      last_payment_error: null,
    };
    return { intent: succeeded, failure: null };
  }
  const charge = failure.charged ? newId('ch') : undefined;
  const error: LastPaymentError = {
    type: 'card_error',
    code: failure.code,
    ...(failure.declineCode === undefined ? {} : { decline_code: failure.declineCode }),
    message: failure.message,
    ...(failure.field === undefined ? {} : { param: `${payment.param}[${failure.field}]` }),
    doc_url: docUrl(failure.code),
    ...(charge === undefined ? {} : { charge }),
    payment_method: payment.paymentMethod,
    payment_method_type: 'card',
  };
  const failed: PaymentIntent = {
    ...intent,
    status: 'requires_payment_method',
    last_payment_error: error,
    latest_charge: charge ?? intent.latest_charge,
    payment_method: null,
  };
  return { intent: failed, failure: { ...error, payment_intent: failed } };
}

export function cancelPaymentIntent(intent: PaymentIntent, params: Params, now: Date): PaymentIntent {
  rejectUnknown(params, ['cancellation_reason']);
  const reason = optionalString(params, 'cancellation_reason');
  if (reason !== undefined && !CANCELLATION_REASONS.includes(reason)) {
    throw invalidRequest(`Invalid cancellation_reason: must be one of ${CANCELLATION_REASONS.join(', ')}`, {
      param: 'cancellation_reason',
    });
  }
  if (intent.status !== 'requires_payment_method') {
    throw unexpectedState(
      `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
    );
  }
  return { ...intent, status: 'canceled', canceled_at: unixTime(now), cancellation_reason: reason ?? null };
}
