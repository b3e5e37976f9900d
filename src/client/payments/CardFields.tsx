// The card entry of the payment form: Stripe's CardElement, or labelled inputs for the emulator.
import { useCardPayment } from './card-payment-context';

export function CardFields() {
  const { Fields } = useCardPayment();
  return <Fields />;
}
