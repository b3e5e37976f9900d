// Closing a PaymentIntent so it can no longer take money, whichever order it belongs to (a booking
// paid alone or a basket): the one place that meets the race of a card confirmed while we close.
import type { PaymentIntentView, PaymentsGateway } from '../../payments/payments-gateway';

/**
 * Cancels the intent unless it already succeeded, and returns it then (the caller settles what it
 * paid). Null once it is closed or the provider does not know it.
 */
export async function closeIntentAtProvider(payments: PaymentsGateway, intentId: string): Promise<PaymentIntentView | null> {
  let intent = await payments.retrieveIntent(intentId);
  if (!intent || intent.status === 'canceled') return null;
  if (intent.status === 'succeeded') return intent;
  try {
    await payments.cancelIntent(intent.id);
    return null;
  } catch (error) {
    // The card was confirmed (or another request cancelled) between our look and our cancel.
    intent = await payments.retrieveIntent(intent.id);
    if (intent?.status === 'canceled') return null;
    if (intent?.status === 'succeeded') return intent;
    throw error;
  }
}
