// useConfirmCard(): confirms the PaymentIntent with the card in <CardFields />, resolving to the
// intent's id or the provider's message for a refused card (it does not throw for one).
import { useCardPayment, type ConfirmCardInput, type ConfirmCardResult } from './card-payment-context';

export type { ConfirmCardInput, ConfirmCardResult } from './card-payment-context';

export function useConfirmCard(): (input: ConfirmCardInput) => Promise<ConfirmCardResult> {
  return useCardPayment().confirm;
}
