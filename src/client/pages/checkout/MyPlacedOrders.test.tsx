// The customer's checkout orders: each with its number, state and total linking to its page;
// cancelled and expired ones only when asked for.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../../testing/api-test-harness';
import { aPlacedOrder } from './checkout-test-fixtures';
import MyPlacedOrders from './MyPlacedOrders';

const open = aPlacedOrder();
const expired = aPlacedOrder({ _id: '0c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e', number: 'SP-10022', status: 'expired', total: 12.5 });

describe('Orders list', () => {
  it('lists open and paid orders linking to their pages, and the closed ones only when asked', async () => {
    renderWithApi(<MyPlacedOrders />, {
      at: '/dashboard/orders',
      procedures: { 'orders.mine': () => ({ items: [open, expired], nextCursor: null }) },
    });

    expect(await screen.findByRole('link', { name: 'SP-10023' })).toHaveAttribute('href', `/orders/${open._id}`);
    expect(screen.getByText('$82.90')).toBeInTheDocument();
    expect(screen.queryByText('SP-10022')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Show cancelled and expired' }));

    expect(screen.getByRole('link', { name: 'SP-10022' })).toHaveAttribute('href', `/orders/${expired._id}`);
    expect(screen.getByText('expired')).toBeInTheDocument();
  });
});
