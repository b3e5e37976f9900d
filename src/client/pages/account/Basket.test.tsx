// The basket: every unpaid order chosen at first with their total, leaving one out changes the
// total and the button, "Pay for N orders" opens a checkout of the chosen ones and goes to it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { apiError, callsTo, renderWithApi, type FakeProcedure } from '../../testing/api-test-harness';
import { anOrder } from '../../testing/order-fixtures';
import Basket from './Basket';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const headsets = anOrder();
const handlebars = anOrder({ _id: '0c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e', orderNumber: 1043, toolsName: 'Handlebars', price: 708 });
const basket = { items: [headsets, handlebars], total: 903, more: false };

function renderBasket(procedures: Record<string, FakeProcedure> = {}) {
  return renderWithApi(<Basket />, {
    at: '/dashboard/basket',
    procedures: { 'checkouts.basket': () => basket, 'checkouts.create': () => ({ checkoutId: 'c1', total: 903 }), ...procedures },
  });
}

describe('Basket', () => {
  it('chooses every unpaid order at first and shows their total', async () => {
    renderBasket();

    const orders = within(await screen.findByRole('group', { name: 'Orders to pay' }));
    expect(orders.getByRole('checkbox', { name: /Bike Headsets/ })).toBeChecked();
    expect(orders.getByRole('checkbox', { name: /Handlebars/ })).toBeChecked();
    expect(screen.getByText('Total for 2 orders').parentElement).toHaveTextContent('Total for 2 orders$903.00');
  });

  it('pays for the orders still chosen in one checkout and goes to its payment page', async () => {
    const user = userEvent.setup();
    const { calls } = renderBasket();

    await user.click(await screen.findByRole('checkbox', { name: /Bike Headsets/ }));
    expect(screen.getByText('Total for 1 order').parentElement).toHaveTextContent('Total for 1 order$708.00');
    await user.click(screen.getByRole('button', { name: 'Pay for 1 order' }));

    await waitFor(() => expect(callsTo(calls, 'checkouts.create')).toEqual([{ bookingIds: [handlebars._id] }]));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('cannot pay for no orders', async () => {
    const user = userEvent.setup();
    renderBasket();
    await user.click(await screen.findByRole('checkbox', { name: /Bike Headsets/ }));
    await user.click(screen.getByRole('checkbox', { name: /Handlebars/ }));

    expect(screen.getByRole('button', { name: 'Pay for 0 orders' })).toBeDisabled();
  });

  it('shows the server’s refusal and stays on the basket', async () => {
    const user = userEvent.setup();
    renderBasket({
      'checkouts.create': () => {
        throw apiError(409, messages.basketOrderNotUnpaid);
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Pay for 2 orders' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.basketOrderNotUnpaid));
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
  });

  it('says when there is nothing to pay, with a way to the parts', async () => {
    renderBasket({ 'checkouts.basket': () => ({ items: [], total: 0, more: false }) });

    expect(await screen.findByText('Your basket is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the parts' })).toHaveAttribute('href', '/home');
  });
});
