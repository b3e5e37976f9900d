// Manage orders: every customer's orders with their state; Ship (confirmed) only for paid ones, Refund
// (confirmed) for paid and shipped ones, Cancel (confirmed) only for unpaid ones; the state, search and
// order come from the address and go back to it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { admin, callsTo, renderWithApi } from '../../testing/api-test-harness';
import ManageOrders from './ManageOrders';
import { anOrder, aPaidOrder } from '../../testing/order-fixtures';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const unpaid = anOrder();
const paid = aPaidOrder({ personName: 'Pat Paid', email: 'pat@example.com' });
const shipped = aPaidOrder({
  _id: '5c1e8f7a-2b3d-4e6f-9a0b-1c2d3e4f5a6b',
  toolsName: 'Bike Derailleurs',
  status: 'shipped',
  state: 'shipped',
});

function rowOf(partName: string): HTMLElement {
  const row = screen.getByText(partName).closest('tr');
  if (!row) throw new Error(`No row for ${partName}`);
  return row;
}

function renderOrders(procedures = {}, at = '/dashboard/manageorders') {
  return renderWithApi(<ManageOrders />, {
    auth: admin,
    at,
    routePath: '/dashboard/manageorders',
    procedures: { 'bookings.all': () => ({ items: [unpaid, paid, shipped], nextCursor: null }), ...procedures },
  });
}

describe('Manage orders', () => {
  beforeEach(() => vi.clearAllMocks());

  it('offers Ship only for paid orders and Cancel only for unpaid ones', async () => {
    renderOrders();

    await screen.findByText('Bike Headsets');
    expect(within(rowOf('Bike Headsets')).getByRole('button', { name: /^Cancel/ })).toBeInTheDocument();
    expect(within(rowOf('Bike Headsets')).queryByRole('button', { name: /^Ship/ })).not.toBeInTheDocument();
    expect(within(rowOf('Handlebars')).getByRole('button', { name: /^Ship/ })).toBeInTheDocument();
    expect(within(rowOf('Handlebars')).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
    expect(within(rowOf('Bike Headsets')).queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    expect(within(rowOf('Handlebars')).getByRole('button', { name: /^Refund/ })).toBeInTheDocument();
    expect(
      within(rowOf('Bike Derailleurs'))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Refund']);
    expect(within(rowOf('Bike Derailleurs')).getByText('shipped')).toBeInTheDocument();
  });

  it('refunds a shipped order after a dialog naming what the refund does', async () => {
    const { calls } = renderOrders({ 'bookings.refund': () => ({ ...shipped, status: 'refunded', state: 'refunded' }) });

    await screen.findByText('Bike Derailleurs');
    await userEvent.click(within(rowOf('Bike Derailleurs')).getByRole('button', { name: /^Refund/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(`Refund $708.00 to ${shipped.personName} for Bike Derailleurs?`);
    expect(dialog).not.toHaveTextContent('back into stock');
    await userEvent.click(within(dialog).getByRole('button', { name: messages.refundOrder }));

    await waitFor(() => expect(callsTo(calls, 'bookings.refund')).toEqual([{ id: shipped._id }]));
    expect(toast.success).toHaveBeenCalledWith(messages.refunded({ toolName: 'Bike Derailleurs', personName: shipped.personName }));
  });

  it('tells that a paid order’s parts go back into stock, and refunds nothing when the payment is kept', async () => {
    const { calls } = renderOrders({ 'bookings.refund': () => ({ ...paid, status: 'refunded', state: 'refunded' }) });

    await screen.findByText('Handlebars');
    await userEvent.click(within(rowOf('Handlebars')).getByRole('button', { name: /^Refund/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('its parts go back into stock');
    await userEvent.click(within(dialog).getByRole('button', { name: messages.keepPayment }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(calls, 'bookings.refund')).toEqual([]);
  });

  it('ships a paid order once the admin confirms', async () => {
    const { calls } = renderOrders({ 'bookings.ship': () => ({ ...paid, status: 'shipped', state: 'shipped' }) });

    await screen.findByText('Handlebars');
    await userEvent.click(within(rowOf('Handlebars')).getByRole('button', { name: /^Ship/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(messages.confirmShip);
    expect(callsTo(calls, 'bookings.ship')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: messages.shipOrder }));

    await waitFor(() => expect(callsTo(calls, 'bookings.ship')).toEqual([{ id: paid._id }]));
    expect(toast.success).toHaveBeenCalled();
  });

  it('leaves a paid order unshipped when the admin answers Not yet', async () => {
    const { calls } = renderOrders({ 'bookings.ship': () => ({ ...paid, status: 'shipped', state: 'shipped' }) });

    await screen.findByText('Handlebars');
    await userEvent.click(within(rowOf('Handlebars')).getByRole('button', { name: /^Ship/ }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: messages.keepUnshipped }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(calls, 'bookings.ship')).toEqual([]);
  });

  it('links each order to its own page by order number', async () => {
    renderOrders();

    await screen.findByText('Handlebars');
    expect(within(rowOf('Handlebars')).getByRole('link', { name: 'Order #1042' })).toHaveAttribute(
      'href',
      `/dashboard/orders/${paid._id}`,
    );
  });

  it('asks for the state, search and order the address carries', async () => {
    const { calls } = renderOrders({}, '/dashboard/manageorders?q=pat%40example.com&status=paid&sort=oldest');

    await screen.findByText('Handlebars');
    expect(callsTo(calls, 'bookings.all')).toEqual([
      { direction: 'forward', limit: 50, q: 'pat@example.com', status: 'paid', sort: 'oldest' },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('pat@example.com');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('paid');
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('oldest');
  });

  it('reads an unknown state or order in the address as none', async () => {
    const { calls } = renderOrders({}, '/dashboard/manageorders?status=lost&sort=random');

    await screen.findByText('Handlebars');
    expect(callsTo(calls, 'bookings.all')).toEqual([{ direction: 'forward', limit: 50 }]);
  });

  it('searches on submit, then narrows by state and order at once', async () => {
    const { calls } = renderOrders();

    await screen.findByText('Handlebars');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search orders' }), '  #1042 {Enter}');
    await waitFor(() => expect(callsTo(calls, 'bookings.all').at(-1)).toEqual({ direction: 'forward', limit: 50, q: '#1042' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'expired');
    await waitFor(() =>
      expect(callsTo(calls, 'bookings.all').at(-1)).toEqual({ direction: 'forward', limit: 50, q: '#1042', status: 'expired' }),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'Oldest first');
    await waitFor(() =>
      expect(callsTo(calls, 'bookings.all').at(-1)).toEqual({
        direction: 'forward',
        limit: 50,
        q: '#1042',
        status: 'expired',
        sort: 'oldest',
      }),
    );
  });

  it('says when no order matches the search', async () => {
    renderOrders({ 'bookings.all': () => ({ items: [], nextCursor: null }) }, '/dashboard/manageorders?q=nobody');

    expect(await screen.findByText('No orders match this search.')).toBeInTheDocument();
  });

  it('cancels an unpaid order after the confirm dialog', async () => {
    const { calls } = renderOrders({ 'bookings.cancel': () => ({ deletedCount: 1 }) });

    await screen.findByText('Bike Headsets');
    await userEvent.click(within(rowOf('Bike Headsets')).getByRole('button', { name: /^Cancel/ }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: messages.cancelOrder }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.deleted));
    expect(callsTo(calls, 'bookings.cancel')).toEqual([{ id: unpaid._id }]);
  });
});
