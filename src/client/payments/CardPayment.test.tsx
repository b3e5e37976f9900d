// The card-payment module in emulator mode: labelled card fields, and a confirm that posts what
// Stripe.js would post to the emulator and passes on its answer. Only fetch is faked here; the
// emulator's side is proven by src/emulators/payments's tests.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { loadStripe } from '@stripe/stripe-js';
import { CardFields } from './CardFields';
import { CardPaymentProvider } from './CardPaymentProvider';
import { useConfirmCard } from './useConfirmCard';

vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn() }));

const config = { mode: 'emulator', publishableKey: 'pk_test_emulator', apiBase: 'http://127.0.0.1:12111' } as const;

function PaymentForm() {
  const confirm = useConfirmCard();
  const [outcome, setOutcome] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void confirm({ clientSecret: 'pi_123_secret_abc', billingName: 'Ada Lovelace', email: 'ada@example.com' }).then((result) =>
          setOutcome(result.ok ? `Paid ${result.paymentIntentId}` : result.message),
        );
      }}
    >
      <CardFields />
      <button type="submit">Pay</button>
      <p>{outcome}</p>
    </form>
  );
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
function emulatorAnswers(status: number, body: unknown) {
  fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function payWith(card: { number: string; expiry: string; cvc: string }) {
  const user = userEvent.setup();
  render(
    <CardPaymentProvider config={config}>
      <PaymentForm />
    </CardPaymentProvider>,
  );
  if (card.number) await user.type(screen.getByLabelText('Card number'), card.number);
  if (card.expiry) await user.type(screen.getByLabelText('Expiry (MM/YY)'), card.expiry);
  if (card.cvc) await user.type(screen.getByLabelText('CVC'), card.cvc);
  await user.click(screen.getByRole('button', { name: 'Pay' }));
}

it('posts the card to the emulator as Stripe.js would: publishable key, client secret, form-encoded', async () => {
  emulatorAnswers(200, { id: 'pi_123', object: 'payment_intent', status: 'succeeded' });

  await payWith({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });

  expect(await screen.findByText('Paid pi_123')).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  expect(url).toBe('http://127.0.0.1:12111/v1/payment_intents/pi_123/confirm');
  expect(init).toMatchObject({
    method: 'POST',
    headers: { authorization: 'Bearer pk_test_emulator', 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(Object.fromEntries(new URLSearchParams(await new Response(init?.body).text()))).toEqual({
    client_secret: 'pi_123_secret_abc',
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': '4242424242424242',
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '2034',
    'payment_method_data[card][cvc]': '123',
    'payment_method_data[billing_details][name]': 'Ada Lovelace',
    'payment_method_data[billing_details][email]': 'ada@example.com',
  });
  expect(loadStripe).not.toHaveBeenCalled();
});

it('formats the card number and expiry as they are typed, and posts the digits the emulator expects', async () => {
  emulatorAnswers(200, { id: 'pi_123', object: 'payment_intent', status: 'succeeded' });

  await payWith({ number: '4242424242424242', expiry: '434', cvc: '123' });

  expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
  expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('04 / 34');
  expect(await screen.findByText('Paid pi_123')).toBeInTheDocument();
  const [, init] = fetchMock.mock.calls[0] ?? [];
  expect(Object.fromEntries(new URLSearchParams(await new Response(init?.body).text()))).toMatchObject({
    'payment_method_data[card][number]': '4242424242424242',
    'payment_method_data[card][exp_month]': '04',
    'payment_method_data[card][exp_year]': '2034',
  });
});

it('shows the emulator’s message for a refused card (HTTP 402)', async () => {
  emulatorAnswers(402, {
    error: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  });

  await payWith({ number: '4000 0000 0000 9995', expiry: '12/34', cvc: '123' });

  expect(await screen.findByText('Your card has insufficient funds.')).toBeInTheDocument();
});

it('asks for a complete expiry date before posting anything', async () => {
  await payWith({ number: '4242 4242 4242 4242', expiry: '', cvc: '123' });

  expect(await screen.findByText("Your card's expiration date is incomplete.")).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

it('says payments are unavailable when the emulator cannot be reached', async () => {
  fetchMock.mockRejectedValue(new TypeError('fetch failed'));

  await payWith({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });

  expect(await screen.findByText('Card payments are unavailable right now. Please try again in a moment.')).toBeInTheDocument();
});
