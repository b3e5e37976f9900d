// An order's page for admins: every field of the order, its payment ids and history, and Ship or
// Cancel only after the confirm dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { admin, apiError, callsTo, renderWithApi } from '../../testing/api-test-harness';
import { anOrder, aPaidOrder } from '../../testing/order-fixtures';
import OrderDetail from './OrderDetail';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const paid = {
  ...aPaidOrder({ personName: 'Pat Paid', email: 'pat@example.com' }),
  customerId: '7d1f2e3a-4b5c-4d6e-8f90-a1b2c3d4e5f6',
  paymentIntentId: 'pi_3PaidOrder123',
};

function renderDetail(order: object, procedures = {}) {
  return renderWithApi(<OrderDetail />, {
    auth: admin,
    at: `/dashboard/orders/${paid._id}`,
    routePath: '/dashboard/orders/:id',
    procedures: { 'bookings.detail': () => order, ...procedures },
  });
}

describe('Order page', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the customer, the order, the payment ids and the history', async () => {
    const { calls } = renderDetail(paid);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order #1042' })).toBeInTheDocument();
    expect(callsTo(calls, 'bookings.detail')).toEqual([{ id: paid._id }]);
    const customer = screen.getByRole('region', { name: 'Customer' });
    for (const text of ['Pat Paid', 'pat@example.com', '+1 555 0100', '1 Chain Street, Springfield', paid.customerId]) {
      expect(within(customer).getByText(text)).toBeInTheDocument();
    }
    const order = screen.getByRole('region', { name: 'Order' });
    expect(within(order).getByRole('link', { name: 'Handlebars' })).toHaveAttribute('href', `/parts/${paid.toolsId}`);
    expect(within(order).getByText('$708.00')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Payment' })).getAllByText('pi_3PaidOrder123')).toHaveLength(2);
    const history = within(screen.getByRole('region', { name: 'History' })).getByRole('list', { name: 'History of order 1042' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ordered Jan 1, 2025', 'Paid Jan 1, 2025']);
  });

  it('ships the order once the admin confirms, and not before', async () => {
    const { calls } = renderDetail(paid, { 'bookings.ship': () => ({ ...paid, status: 'shipped', state: 'shipped' }) });

    await userEvent.click(await screen.findByRole('button', { name: 'Ship' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: messages.keepUnshipped })).toHaveFocus();
    expect(callsTo(calls, 'bookings.ship')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: messages.shipOrder }));

    await waitFor(() => expect(callsTo(calls, 'bookings.ship')).toEqual([{ id: paid._id }]));
    expect(toast.success).toHaveBeenCalledWith('Handlebars for Pat Paid is shipped');
  });

  it('offers Cancel order for an unpaid order and nothing for a shipped one', async () => {
    const unpaid = { ...anOrder({ _id: paid._id }), customerId: paid.customerId, paymentIntentId: null };
    const { unmount } = renderDetail(unpaid);
    expect(await screen.findByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(screen.getByText('None yet')).toBeInTheDocument();
    unmount();

    renderDetail({ ...paid, status: 'shipped', state: 'shipped', shippedAt: '2025-01-02T09:00:00.000Z' });
    await screen.findByRole('heading', { level: 1, name: 'Order #1042' });
    expect(screen.queryByRole('button', { name: /Ship|Cancel/ })).not.toBeInTheDocument();
  });

  it('says when the order cannot be found, with the way back', async () => {
    renderWithApi(<OrderDetail />, {
      auth: admin,
      at: '/dashboard/orders/nope',
      routePath: '/dashboard/orders/:id',
      procedures: {
        'bookings.detail': () => {
          throw apiError(404, messages.orderNotFound);
        },
      },
    });

    expect(await screen.findByText(messages.orderNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Manage orders' })).toHaveAttribute('href', '/dashboard/manageorders');
  });
});
