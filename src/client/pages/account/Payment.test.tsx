// The payment page: Pay waits for the client secret, a refused card shows the provider's message,
// a good card marks the order paid and shows the success message with the transaction id.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { apiError, callsTo, renderWithApi, type FakeProcedure } from '../../testing/api-test-harness';
import { cardDeclined, payWithCard, stubPaymentsEmulator } from '../../testing/card-payment-page';
import { anOrder, aPaidOrder } from '../../testing/order-fixtures';
import Payment from './Payment';

const order = anOrder();
const intent = { clientSecret: 'pi_123_secret_abc', paymentIntentId: 'pi_123', amount: order.price };

const emulator = stubPaymentsEmulator('pi_123');

function renderPayment(procedures: Record<string, FakeProcedure>) {
  return renderWithApi(<Payment />, {
    at: `/dashboard/payment/${order._id}`,
    routePath: '/dashboard/payment/:id',
    procedures: { 'bookings.byId': () => order, 'payments.createIntent': () => intent, ...procedures },
  });
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
    emulator.answer = cardDeclined;
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

  it('offers to try again when the intent request fails, and asks once more on the click', async () => {
    let refuse = true;
    const { calls } = renderPayment({
      'payments.createIntent': () => {
        if (refuse) throw apiError(503, 'The card provider is not answering.');
        return intent;
      },
    });

    expect(await screen.findByText('The card provider is not answering.')).toBeInTheDocument();
    refuse = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(screen.getByRole('button', { name: /^Pay/ })).toBeEnabled());
    expect(callsTo(calls, 'payments.createIntent')).toHaveLength(2);
  });

  it('shows an already paid order as paid, without the card form or a payment intent', async () => {
    const { calls } = renderPayment({ 'bookings.byId': () => aPaidOrder({ transaction: 'pi_3Earlier' }) });

    expect(await screen.findByText('This order is paid.')).toBeInTheDocument();
    expect(screen.getByText('pi_3Earlier')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(callsTo(calls, 'payments.createIntent')).toEqual([]);
  });
});
