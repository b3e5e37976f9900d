// An order's payment page: an unpaid order held until a time with the card form that pays it and
// goes on to the thank-you page; a paid order shown as paid; a closed or overdue one without a form.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderMessages } from '../../../shared/order-messages';
import { callsTo, renderWithApi, type FakeProcedure } from '../../testing/api-test-harness';
import { cardDeclined, payWithCard, stubPaymentsEmulator } from '../../testing/card-payment-page';
import { aPlacedOrder, ORDER_ID, pageAt } from './checkout-test-fixtures';
import { formatHeldUntil } from './held-until';
import OrderPaymentPage, { HOLD_ENDED_MESSAGE } from './OrderPaymentPage';

const intent = { clientSecret: 'pi_888_secret_abc', paymentIntentId: 'pi_888', total: 82.9 };
const emulator = stubPaymentsEmulator('pi_888');

function renderPayment(procedures: Record<string, FakeProcedure> = {}) {
  return renderWithApi(pageAt('/orders/:id/pay', <OrderPaymentPage />), {
    at: `/orders/${ORDER_ID}/pay`,
    routePath: '/*',
    procedures: { 'orders.byId': () => aPlacedOrder(), 'orders.intent': () => intent, ...procedures },
  });
}

describe('Order payment page', () => {
  it('shows an unpaid order’s number, how long it is held and its total on Pay', async () => {
    const order = aPlacedOrder();
    const { calls } = renderPayment({ 'orders.byId': () => order });

    expect(await screen.findByRole('heading', { name: 'Pay for order SP-10023' })).toBeInTheDocument();
    expect(screen.getByText(formatHeldUntil(order.heldUntil))).toHaveAttribute('dateTime', order.heldUntil);
    expect(await screen.findByRole('button', { name: 'Pay $82.90' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'orders.intent')).toEqual([{ id: ORDER_ID }]));
  });

  it('confirms the card payment for the order and opens the thank-you page', async () => {
    const { calls } = renderPayment({
      'orders.confirm': () => aPlacedOrder({ status: 'paid', paidAt: new Date().toISOString(), transaction: 'pi_888' }),
    });

    await payWithCard('4242 4242 4242 4242');

    expect(await screen.findByText(`Now at /orders/${ORDER_ID}/thank-you`)).toBeInTheDocument();
    expect(callsTo(calls, 'orders.confirm')).toEqual([{ id: ORDER_ID, transactionId: 'pi_888' }]);
  });

  it('shows the card’s message when it is declined and records nothing', async () => {
    emulator.answer = cardDeclined;
    const { calls } = renderPayment();

    await payWithCard('4000 0000 0000 0002');

    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(callsTo(calls, 'orders.confirm')).toEqual([]);
  });

  it('shows a paid order as paid, with its transaction and no card form', async () => {
    const { calls } = renderPayment({
      'orders.byId': () => aPlacedOrder({ status: 'paid', paidAt: new Date().toISOString(), transaction: 'pi_paid_42' }),
    });

    expect(await screen.findByText(orderMessages.orderPaid)).toBeInTheDocument();
    expect(screen.getByText('pi_paid_42')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(callsTo(calls, 'orders.intent')).toEqual([]);
  });

  it('says an expired order was released, links to the cart and offers no card form', async () => {
    renderPayment({ 'orders.byId': () => aPlacedOrder({ status: 'expired', cancelledAt: new Date().toISOString() }) });

    expect(await screen.findByText(orderMessages.orderClosed('expired'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('says a cancelled order can no longer be paid', async () => {
    renderPayment({ 'orders.byId': () => aPlacedOrder({ status: 'cancelled', cancelledAt: new Date().toISOString() }) });

    expect(await screen.findByText(orderMessages.orderClosed('cancelled'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('says so when the hold has passed before the order was marked expired', async () => {
    renderPayment({ 'orders.byId': () => aPlacedOrder({ heldUntil: new Date(Date.now() - 60_000).toISOString() }) });

    expect(await screen.findByText(HOLD_ENDED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });
});
