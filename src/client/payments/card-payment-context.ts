// What <CardPaymentProvider> gives the payment page, whichever provider confirms the card: the
// fields to render and the confirm call. Free of Stripe's code, so the emulator path stays small.
import { createContext, useContext, type ComponentType } from 'react';

export interface ConfirmCardInput {
  clientSecret: string;
  billingName: string;
  email: string;
}

export type ConfirmCardResult = { ok: true; paymentIntentId: string } | { ok: false; message: string };

export interface CardPayment {
  Fields: ComponentType;
  confirm: (input: ConfirmCardInput) => Promise<ConfirmCardResult>;
}

export const CardPaymentContext = createContext<CardPayment | null>(null);

export function useCardPayment(): CardPayment {
  const cardPayment = useContext(CardPaymentContext);
  if (cardPayment === null) throw new Error('<CardFields> and useConfirmCard() must be used inside <CardPaymentProvider>');
  return cardPayment;
}
