// <CardPaymentProvider config={runtimeConfig.payments}> around the payment form:
// Stripe mode loads Stripe.js and Elements on first use, as a separate chunk; emulator mode needs
// nothing loaded. Inside it, <CardFields /> renders the card entry and useConfirmCard() confirms.
import { lazy, Suspense, type ReactNode } from 'react';
import type { RuntimeConfig } from '../../shared/payments';
import { Spinner } from '../components/Spinner';
import { EmulatorCardPayment } from './EmulatorCardPayment';

const StripeCardPayment = lazy(() => import('./StripeCardPayment'));

export function CardPaymentProvider({ config, children }: { config: RuntimeConfig['payments']; children: ReactNode }) {
  if (config.mode === 'emulator') return <EmulatorCardPayment endpoint={config}>{children}</EmulatorCardPayment>;
  return (
    <Suspense fallback={<Spinner label="Loading card payments…" />}>
      <StripeCardPayment publishableKey={config.publishableKey}>{children}</StripeCardPayment>
    </Suspense>
  );
}
