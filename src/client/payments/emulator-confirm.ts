// Confirms a card with the payments emulator the way Stripe.js confirms with Stripe: a form-encoded
// POST to /v1/payment_intents/{id}/confirm with the publishable key, the client secret and the card.
// Returns the provider's own message when the card is refused.
import { messages } from '../../shared/messages';
import type { ConfirmCardInput, ConfirmCardResult } from './card-payment-context';

export interface EmulatorCard {
  number: string;
  /** As typed: MM/YY. */
  expiry: string;
  cvc: string;
}

export interface EmulatorEndpoint {
  apiBase: string;
  publishableKey: string;
}

/** Stripe.js's own messages for a card that is not filled in completely. */
const INCOMPLETE = {
  number: 'Your card number is incomplete.',
  expiry: "Your card's expiration date is incomplete.",
  cvc: "Your card's security code is incomplete.",
};

function parseExpiry(expiry: string): { month: string; year: string } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match?.[1] || !match[2]) return null;
  return { month: match[1], year: match[2].length === 2 ? `20${match[2]}` : match[2] };
}

function paymentIntentId(clientSecret: string): string {
  const id = /^(pi_[A-Za-z0-9]+)_secret_/.exec(clientSecret)?.[1];
  if (id === undefined) throw new Error('This is not a PaymentIntent client secret.');
  return id;
}

export async function confirmWithEmulator(
  endpoint: EmulatorEndpoint,
  card: EmulatorCard,
  { clientSecret, billingName, email }: ConfirmCardInput,
): Promise<ConfirmCardResult> {
  const number = card.number.replace(/\D/g, '');
  const expiry = parseExpiry(card.expiry);
  const cvc = card.cvc.trim();
  if (number.length < 12) return { ok: false, message: INCOMPLETE.number };
  if (expiry === null) return { ok: false, message: INCOMPLETE.expiry };
  if (cvc.length < 3) return { ok: false, message: INCOMPLETE.cvc };

  const id = paymentIntentId(clientSecret);
  const body = new URLSearchParams({
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': expiry.month,
    'payment_method_data[card][exp_year]': expiry.year,
    'payment_method_data[card][cvc]': cvc,
    'payment_method_data[billing_details][name]': billingName,
    'payment_method_data[billing_details][email]': email,
  });
  let answer: { status?: string; error?: { message?: string } };
  try {
    const response = await fetch(`${endpoint.apiBase}/v1/payment_intents/${encodeURIComponent(id)}/confirm`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${endpoint.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body,
    });
    answer = (await response.json()) as typeof answer;
  } catch {
    return { ok: false, message: messages.paymentsUnavailable };
  }
  if (answer.error) return { ok: false, message: answer.error.message ?? messages.paymentsUnavailable };
  if (answer.status !== 'succeeded') return { ok: false, message: messages.paymentNotSucceeded };
  return { ok: true, paymentIntentId: id };
}
