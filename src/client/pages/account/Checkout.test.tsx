// The basket's payment page: the orders and the one total, Pay waiting for the checkout's intent, a
// refused card showing the provider's message with nothing marked paid, a good card marking the
// whole basket paid, and a paid or closed basket shown as such without a card form.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { apiError, callsTo, renderWithApi, type FakeProcedure } from '../../testing/api-test-harness';
import { cardDeclined, payWithCard, stubPaymentsEmulator } from '../../testing/card-payment-page';
import { anOrder, aPaidOrder } from '../../testing/order-fixtures';
import Checkout from './Checkout';
import type { CheckoutView } from '../dashboard-shell/order-types';

const headsets = anOrder();
const handlebars = anOrder({ _id: '0c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e', orderNumber: 1043, toolsName: 'Handlebars', price: 708 });
const checkout: CheckoutView = {
  _id: '6d1f3a2b-9c8e-4f7a-8b6c-5d4e3f2a1b0c',
  status: 'open',
  total: 903,
  transaction: null,
  items: [headsets, handlebars],
};
const intent = { clientSecret: 'pi_777_secret_abc', paymentIntentId: 'pi_777', total: 903 };

const emulator = stubPaymentsEmulator('pi_777');

function renderCheckout(procedures: Record<string, FakeProcedure> = {}) {
  return renderWithApi(<Checkout />, {
    at: `/dashboard/checkout/${checkout._id}`,
    routePath: '/dashboard/checkout/:id',
    procedures: { 'checkouts.byId': () => checkout, 'checkouts.intent': () => intent, ...procedures },
  });
}

describe('Checkout page', () => {
  it('lists every order with the one total, and keeps Pay disabled until the intent exists', async () => {
    let giveIntent: (value: typeof intent) => void = () => {};
    const { calls } = renderCheckout({ 'checkouts.intent': () => new Promise((resolve) => (giveIntent = resolve)) });

    expect(await screen.findByRole('heading', { name: 'Pay for 2 orders' })).toBeInTheDocument();
    expect(screen.getByText('Bike Headsets')).toBeInTheDocument();
    expect(screen.getByText('Handlebars')).toBeInTheDocument();
    expect(screen.getByText('$903.00')).toBeInTheDocument();
    const pay = await screen.findByRole('button', { name: 'Pay $903.00' });
    expect(pay).toBeDisabled();
    await waitFor(() => expect(callsTo(calls, 'checkouts.intent')).toEqual([{ id: checkout._id }]));

    giveIntent(intent);
    await waitFor(() => expect(pay).toBeEnabled());
  });

  it('shows the provider’s message for a declined card and marks nothing paid', async () => {
    emulator.answer = cardDeclined;
    const { calls } = renderCheckout();

    await payWithCard('4000 0000 0000 0002');

    expect(await screen.findByText('Your card was declined.')).toHaveClass('text-error');
    expect(callsTo(calls, 'checkouts.confirm')).toEqual([]);
  });

  it('confirms the whole basket with the PaymentIntent id and shows the success message with it', async () => {
    const paid = {
      ...checkout,
      status: 'paid',
      transaction: 'pi_777',
      items: checkout.items.map((item) => aPaidOrder({ ...item, transaction: 'pi_777' })),
    };
    const { calls } = renderCheckout({ 'checkouts.confirm': () => paid });

    await payWithCard('4242 4242 4242 4242');

    expect(await screen.findByText(messages.paymentSucceeded)).toBeInTheDocument();
    expect(screen.getByText('pi_777')).toBeInTheDocument();
    expect(callsTo(calls, 'checkouts.confirm')).toEqual([{ id: checkout._id, transactionId: 'pi_777' }]);
  });

  it('shows a basket whose order was cancelled as closed, with the way back and no card form', async () => {
    const { calls } = renderCheckout({ 'checkouts.byId': () => ({ ...checkout, status: 'closed' }) });

    expect(await screen.findByText(messages.checkoutClosed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your basket' })).toHaveAttribute('href', '/dashboard/basket');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(callsTo(calls, 'checkouts.intent')).toEqual([]);
  });

  it('shows the closed basket when the server refuses its intent because an order went meanwhile', async () => {
    let status: CheckoutView['status'] = 'open';
    renderCheckout({
      'checkouts.byId': () => ({ ...checkout, status }),
      'checkouts.intent': () => {
        status = 'closed';
        throw apiError(409, messages.checkoutClosed);
      },
    });

    // The refusal is followed by a fresh look at the basket, which now says what happened.
    expect(await screen.findByRole('link', { name: 'Back to your basket' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText(messages.checkoutClosed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('shows a paid basket as paid with its transaction id', async () => {
    renderCheckout({ 'checkouts.byId': () => ({ ...checkout, status: 'paid', transaction: 'pi_3Earlier' }) });

    expect(await screen.findByText(messages.checkoutPaid)).toBeInTheDocument();
    expect(screen.getByText('pi_3Earlier')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });
});
