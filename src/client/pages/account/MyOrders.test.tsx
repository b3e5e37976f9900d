// My Orders: Pay while unpaid, the paid label and transaction id after, Cancel only while unpaid, sign-out on 401/403.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { apiError, callsTo, customer, renderWithApi } from '../../testing/api-test-harness';
import MyOrders from './MyOrders';
import { anOrder, aPaidOrder } from '../../testing/order-fixtures';
import type { Order } from '../dashboard-shell/order-types';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function page(items: Order[]) {
  return { items, nextCursor: null };
}

async function findRow(partName: string): Promise<HTMLElement> {
  const row = (await screen.findByText(partName)).closest('tr');
  if (!row) throw new Error(`No row for ${partName}`);
  return row;
}

/** The row's cell under a column (each cell carries its column name for the phone layout). */
function cellOf(row: HTMLElement, column: string): HTMLElement {
  const cell = row.querySelector<HTMLElement>(`td[data-label="${column}"]`);
  if (!cell) throw new Error(`No ${column} cell`);
  return cell;
}

describe('My Orders', () => {
  beforeEach(() => vi.clearAllMocks());

  it('offers Pay (to the payment page) and Cancel for an unpaid order with a price', async () => {
    const order = anOrder();
    renderWithApi(<MyOrders />, { procedures: { 'bookings.mine': () => page([order]) } });

    const row = await findRow('Bike Headsets');
    expect(within(row).getByRole('link', { name: /^Pay/ })).toHaveAttribute('href', `/dashboard/payment/${order._id}`);
    expect(within(row).getByText('$195.00')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^Cancel/ })).toBeInTheDocument();
    expect(within(row).queryByText('paid')).not.toBeInTheDocument();
  });

  it('shows a paid order as paid with its transaction id and receipt, without Pay or Cancel', async () => {
    const order = aPaidOrder();
    renderWithApi(<MyOrders />, { procedures: { 'bookings.mine': () => page([order]) } });

    const row = await findRow('Handlebars');
    const pay = cellOf(row, 'Pay');
    expect(within(pay).getByText('paid')).toBeInTheDocument();
    expect(within(pay).getByText('pi_3PaidOrder123')).toBeInTheDocument();
    expect(within(pay).getByRole('link', { name: 'Receipt for order 1042' })).toHaveAttribute(
      'href',
      `/dashboard/receipt/${order._id}`,
    );
    expect(within(row).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
  });

  it('shows a refunded order as refunded, with its date, its transaction id and receipt', async () => {
    const order = aPaidOrder({ status: 'refunded', state: 'refunded', paid: false, refundedAt: '2025-01-04T09:00:00.000Z' });
    renderWithApi(<MyOrders />, { procedures: { 'bookings.mine': () => page([order]) } });

    const row = await findRow('Handlebars');
    expect(within(cellOf(row, 'Pay')).getByText('refunded')).toBeInTheDocument();
    expect(within(cellOf(row, 'Pay')).getByText('pi_3PaidOrder123')).toBeInTheDocument();
    expect(within(cellOf(row, 'Pay')).getByRole('link', { name: 'Receipt for order 1042' })).toBeInTheDocument();
    expect(cellOf(row, 'Status')).toHaveTextContent('Refunded Jan 4, 2025');
    expect(within(row).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
  });

  it('shows the order number, the day it was placed, the quantity in units and each change of state', async () => {
    renderWithApi(<MyOrders />, {
      procedures: {
        'bookings.mine': () => page([aPaidOrder({ status: 'shipped', state: 'shipped', shippedAt: '2025-01-03T09:00:00.000Z' })]),
      },
    });

    const row = await findRow('Handlebars');
    expect(cellOf(row, 'Order')).toHaveTextContent('#1042Jan 1, 2025');
    expect(cellOf(row, 'Amount')).toHaveTextContent('12 units');
    const status = cellOf(row, 'Status');
    expect(within(status).getByText('shipped')).toBeInTheDocument();
    expect(
      within(within(status).getByRole('list', { name: 'History of order 1042' }))
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Ordered Jan 1, 2025', 'Paid Jan 1, 2025', 'Shipped Jan 3, 2025']);
  });

  it('shows a shipped order as shipped with its transaction id and no Cancel', async () => {
    renderWithApi(<MyOrders />, {
      procedures: {
        'bookings.mine': () => page([aPaidOrder({ status: 'shipped', state: 'shipped', transaction: 'pi_3Shipped456' })]),
      },
    });

    const row = await findRow('Handlebars');
    expect(within(cellOf(row, 'Status')).getByText('shipped')).toBeInTheDocument();
    expect(within(row).getByText('pi_3Shipped456')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
  });

  it('shows an order whose stock hold ran out as expired, with the day, without Pay or Cancel', async () => {
    renderWithApi(<MyOrders />, {
      procedures: {
        'bookings.mine': () =>
          page([anOrder({ status: 'cancelled', state: 'expired', cancelReason: 'expired', cancelledAt: '2025-01-02T10:00:00.000Z' })]),
      },
    });

    const row = await findRow('Bike Headsets');
    const status = cellOf(row, 'Status');
    expect(within(status).getByText('expired')).toBeInTheDocument();
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Ordered Jan 1, 2025', 'Expired Jan 2, 2025']);
    expect(within(status).getByText('The hold ran out before payment')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
  });

  it('has no Pay button for an unpaid order without a price', async () => {
    renderWithApi(<MyOrders />, { procedures: { 'bookings.mine': () => page([anOrder({ price: 0 })]) } });

    const row = await findRow('Bike Headsets');
    expect(within(row).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^Cancel/ })).toBeInTheDocument();
  });

  it('cancels an unpaid order after the confirm dialog, says so and reloads the list', async () => {
    const order = anOrder();
    let remaining = [order];
    const { calls } = renderWithApi(<MyOrders />, {
      procedures: {
        'bookings.mine': () => page(remaining),
        'bookings.cancel': () => {
          remaining = [];
          return { deletedCount: 1 };
        },
      },
    });

    await userEvent.click(await screen.findByRole('button', { name: /^Cancel the order/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(messages.confirmDelete);
    await userEvent.click(within(dialog).getByRole('button', { name: messages.cancelOrder }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.deleted));
    expect(callsTo(calls, 'bookings.cancel')).toEqual([{ id: order._id }]);
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
  });

  it('keeps the order when the confirm dialog is answered Cancel', async () => {
    const { calls } = renderWithApi(<MyOrders />, { procedures: { 'bookings.mine': () => page([anOrder()]) } });

    await userEvent.click(await screen.findByRole('button', { name: /^Cancel the order/ }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: messages.keepOrder }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(calls, 'bookings.cancel')).toEqual([]);
  });

  it.each([401, 403])('signs the user out and goes to /home when loading the orders answers %i', async (status) => {
    const signOut = vi.fn(async () => {});
    renderWithApi(<MyOrders />, {
      auth: { ...customer, signOut },
      procedures: {
        'bookings.mine': () => {
          throw apiError(status, messages.sessionExpired);
        },
      },
    });

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('shows other load failures with a retry, without signing out', async () => {
    const signOut = vi.fn(async () => {});
    renderWithApi(<MyOrders />, {
      auth: { ...customer, signOut },
      procedures: {
        'bookings.mine': () => {
          throw apiError(503, messages.databaseUnavailable);
        },
      },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.databaseUnavailable);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('points to the parts when there are no orders', async () => {
    renderWithApi(<MyOrders />, { procedures: { 'bookings.mine': () => page([]) } });

    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the parts' })).toHaveAttribute('href', '/home');
  });
});
