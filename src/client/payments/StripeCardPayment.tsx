// Card payments through Stripe: Stripe.js (loaded on first use) with Elements' CardElement, and
// stripe.confirmCardPayment with the billing details. Loaded as its own chunk, only in stripe mode.
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useMemo, type ReactNode } from 'react';
import { messages } from '../../shared/messages';
import { CardPaymentContext, type CardPayment, type ConfirmCardResult } from './card-payment-context';

/** One Stripe.js instance per key for the life of the page, as Stripe recommends. */
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (stripe === undefined) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

function StripeCardFields() {
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">Card details</legend>
      <CardElement className="input w-full items-center" options={{ hidePostalCode: true }} />
    </fieldset>
  );
}

function StripeConfirm({ children }: { children: ReactNode }) {
  const stripe = useStripe();
  const elements = useElements();
  const cardPayment = useMemo<CardPayment>(
    () => ({
      Fields: StripeCardFields,
      async confirm({ clientSecret, billingName, email }): Promise<ConfirmCardResult> {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) return { ok: false, message: messages.paymentsUnavailable };
        const { paymentIntent, error } = await stripe.confirmCardPayment(clientSecret, {
          payment_method: { card, billing_details: { name: billingName, email } },
        });
        if (error) return { ok: false, message: error.message ?? messages.paymentsUnavailable };
        if (paymentIntent.status !== 'succeeded') return { ok: false, message: messages.paymentNotSucceeded };
        return { ok: true, paymentIntentId: paymentIntent.id };
      },
    }),
    [stripe, elements],
  );
  return <CardPaymentContext value={cardPayment}>{children}</CardPaymentContext>;
}

export default function StripeCardPayment({ publishableKey, children }: { publishableKey: string; children: ReactNode }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeConfirm>{children}</StripeConfirm>
    </Elements>
  );
}
