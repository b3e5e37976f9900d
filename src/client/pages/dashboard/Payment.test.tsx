// The payment page: Pay waits for the client secret, a refused card shows the provider's message,
// a good card marks the order paid and shows the success message with the transaction id.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { callsTo, renderWithApi, type FakeProcedure } from '../../testing/api-test-harness';
import { anOrder, aPaidOrder } from '../../testing/order-fixtures';
import Payment from './Payment';

const emulator = { mode: 'emulator', publishableKey: 'pk_test_emulator', apiBase: 'http://127.0.0.1:12111' } as const;
const order = anOrder();
const intent = { clientSecret: 'pi_123_secret_abc', paymentIntentId: 'pi_123', amount: order.price };

let emulatorAnswer: { status: number; body: unknown };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  emulatorAnswer = { status: 200, body: { id: 'pi_123', object: 'payment_intent', status: 'succeeded' } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/config.json'
        ? json(200, { firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-sprocket' }, payments: emulator })
        : json(emulatorAnswer.status, emulatorAnswer.body),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderPayment(procedures: Record<string, FakeProcedure>) {
  return renderWithApi(<Payment />, {
    at: `/dashboard/payment/${order._id}`,
    routePath: '/dashboard/payment/:id',
    procedures: { 'bookings.byId': () => order, 'payments.createIntent': () => intent, ...procedures },
  });
}

async function payWithCard(number: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.type(screen.getByLabelText('CVC'), '123');
  await waitFor(() => expect(screen.getByRole('button', { name: /^Pay/ })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: /^Pay/ }));
}

describe('Payment page', () => {
  it('shows the summary and keeps Pay disabled until the client secret exists', async () => {
    let giveIntent: (value: typeof intent) => void = () => {};
    const { calls } = renderPayment({
      'payments.createIntent': () => new Promise((resolve) => (giveIntent = resolve)),
    });

    expect(await screen.findByRole('heading', { name: 'Pay for Bike Headsets' })).toBeInTheDocument();
    expect(screen.getByText('Casey Customer')).toBeInTheDocument();
    expect(screen.getByText('$195.00')).toBeInTheDocument();
    const pay = await screen.findByRole('button', { name: /^Pay/ });
    expect(pay).toBeDisabled();
    await waitFor(() => expect(callsTo(calls, 'payments.createIntent')).toEqual([{ bookingId: order._id, price: 195 }]));

    giveIntent(intent);
    await waitFor(() => expect(pay).toBeEnabled());
  });

  it('shows the card provider’s message for a declined card and does not mark the order paid', async () => {
    emulatorAnswer = {
      status: 402,
      body: {
        error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
      },
    };
    const { calls } = renderPayment({});

    await payWithCard('4000 0000 0000 0002');

    const message = await screen.findByText('Your card was declined.');
    expect(message).toHaveClass('text-error');
    expect(callsTo(calls, 'bookings.markPaid')).toEqual([]);
  });

  it('marks the order paid with the PaymentIntent id and shows the success message with it', async () => {
    const { calls } = renderPayment({ 'bookings.markPaid': () => aPaidOrder({ _id: order._id, transaction: 'pi_123' }) });

    await payWithCard('4242 4242 4242 4242');

    expect(await screen.findByText(messages.paymentSucceeded)).toBeInTheDocument();
    expect(screen.getByText('pi_123')).toBeInTheDocument();
    expect(callsTo(calls, 'bookings.markPaid')).toEqual([{ id: order._id, transactionId: 'pi_123' }]);
  });

  it('shows an already paid order as paid, without the card form or a payment intent', async () => {
    const { calls } = renderPayment({ 'bookings.byId': () => aPaidOrder({ transaction: 'pi_3Earlier' }) });

    expect(await screen.findByText('This order is paid.')).toBeInTheDocument();
    expect(screen.getByText('pi_3Earlier')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(callsTo(calls, 'payments.createIntent')).toEqual([]);
  });
});
