// My Orders rows that are lines of a checkout order: Pay goes to the order's payment page, and
// Cancel warns that the whole order is cancelled; a booking made on its own keeps SPEC's paths.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { orderMessages } from '../../../shared/order-messages';
import { callsTo, renderWithApi } from '../../testing/api-test-harness';
import { anOrder } from '../../testing/order-fixtures';
import MyOrders from './MyOrders';
import type { Order } from '../dashboard-shell/order-types';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const CHECKOUT_ORDER_ID = '5f0c2a1e-8b3d-4c7e-9a6f-2d1b0e9c8a71';

const BOOK_NOW_ORDER_ID = '7c1d3b2f-9e4a-4b8c-8d7e-3f2a1b0c9d82';

function renderRows(line: Pick<Order, 'orderId' | 'orderChannel'>) {
  return renderWithApi(<MyOrders />, {
    procedures: { 'bookings.mine': () => ({ items: [anOrder(line)], nextCursor: null }), 'bookings.cancel': () => ({}) },
  });
}

const checkoutLine = { orderId: CHECKOUT_ORDER_ID, orderChannel: 'checkout' } as const;

describe('My Orders row of a checkout order', () => {
  it('sends Pay to the whole order’s payment page', async () => {
    renderRows(checkoutLine);

    const row = (await screen.findByText('Bike Headsets')).closest('tr');
    if (!row) throw new Error('No row');
    expect(within(row).getByRole('link', { name: /^Pay/ })).toHaveAttribute('href', `/orders/${CHECKOUT_ORDER_ID}/pay`);
  });

  it('warns that Cancel cancels the whole order', async () => {
    const { calls } = renderRows(checkoutLine);

    await userEvent.click(await screen.findByRole('button', { name: /^Cancel the order/ }));

    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(orderMessages.cancelWholeOrder);
    expect(dialog).not.toHaveTextContent(messages.confirmDelete);
    await userEvent.click(within(dialog).getByRole('button', { name: messages.keepOrder }));
    expect(callsTo(calls, 'bookings.cancel')).toEqual([]);
  });

  it.each([
    ['Book Now’s one-line order', { orderId: BOOK_NOW_ORDER_ID, orderChannel: 'book_now' } as const],
    ['a booking made before Book Now placed orders', { orderId: null, orderChannel: null }],
  ])('keeps SPEC’s payment page and confirm for %s', async (_, line) => {
    const { calls } = renderRows(line);

    const row = (await screen.findByText('Bike Headsets')).closest('tr');
    if (!row) throw new Error('No row');
    expect(within(row).getByRole('link', { name: /^Pay/ })).toHaveAttribute('href', `/dashboard/payment/${anOrder()._id}`);
    await userEvent.click(within(row).getByRole('button', { name: /^Cancel the order/ }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(messages.confirmDelete);
    expect(callsTo(calls, 'bookings.cancel')).toEqual([]);
  });
});
