// Refunds in Stripe's shape: a refund of a succeeded PaymentIntent's charge, for an amount that
// defaults to what is left unrefunded, and the Charge object Stripe's charge.refunded event
// carries. Card refunds succeed at once here, as they do in Stripe's test mode.
import { invalidRequest } from './errors';
import { newId } from './ids';
import type { PaymentIntent } from './intents';
import { metadataParam, optionalString, rejectUnknown, requiredInteger, requiredString, type Params } from './params';

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  destination_details: {
    card: { reference_status: 'pending'; reference_type: 'acquirer_reference_number'; type: 'refund' };
    type: 'card';
  };
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'succeeded';
  transfer_reversal: null;
}

/** The charge of a succeeded intent, as charge.refunded carries it. */
export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: true;
  created: number;
  currency: string;
  livemode: false;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  payment_method: string | null;
  receipt_email: string | null;
  refunded: boolean;
  status: 'succeeded';
}

const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** The intent named by `payment_intent`, for the caller to look up, once the params are all known ones. */
export function refundIntentId(params: Params): string {
  rejectUnknown(params, ['payment_intent', 'amount', 'reason', 'metadata']);
  return requiredString(params, 'payment_intent');
}

/**
 * A new refund of `intent`, of which `alreadyRefunded` cents were refunded before; Stripe's
 * refusals for an intent without a succeeded charge, one refunded in full, and an amount larger
 * than what is left.
 */
export function createRefund(intent: PaymentIntent, alreadyRefunded: number, params: Params, now: Date): Refund {
  const reason = optionalString(params, 'reason');
  if (reason !== undefined && !REFUND_REASONS.includes(reason)) {
    throw invalidRequest(`Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`, { param: 'reason' });
  }
  const charge = intent.latest_charge;
  if (intent.status !== 'succeeded' || charge === null) {
    throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
      param: 'payment_intent',
    });
  }
  const remaining = intent.amount_received - alreadyRefunded;
  if (remaining <= 0) {
    throw invalidRequest(`Charge ${charge} has already been refunded.`, { code: 'charge_already_refunded' });
  }
  const amount = params.amount === undefined ? remaining : requiredInteger(params, 'amount');
  if (amount < 1) throw invalidRequest('Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' });
  if (amount > remaining) {
    throw invalidRequest(`Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`, {
      code: 'amount_too_large',
      param: 'amount',
    });
  }
  return {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: newId('txn'),
    charge,
    created: Math.floor(now.getTime() / 1000),
    currency: intent.currency,
    destination_details: {
      card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
      type: 'card',
    },
    metadata: metadataParam(params),
    payment_intent: intent.id,
    reason: reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

export function chargeOf(intent: PaymentIntent & { latest_charge: string }, amountRefunded: number): Charge {
  return {
    id: intent.latest_charge,
    object: 'charge',
    amount: intent.amount,
    amount_captured: intent.amount_received,
    amount_refunded: amountRefunded,
    captured: true,
    created: intent.created,
    currency: intent.currency,
    livemode: false,
    metadata: intent.metadata,
    paid: true,
    payment_intent: intent.id,
    payment_method: intent.payment_method,
    receipt_email: intent.receipt_email,
    refunded: amountRefunded >= intent.amount_received,
    status: 'succeeded',
  };
}
