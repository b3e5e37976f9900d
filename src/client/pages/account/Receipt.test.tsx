// The receipt page: a paid order's seller, buyer, items, total, payment id and date, printable;
// an unpaid order has no receipt yet, and an order of someone else's is refused.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { seller } from '../../../shared/seller';
import { apiError, renderWithApi } from '../../testing/api-test-harness';
import { anOrder, aPaidOrder } from '../../testing/order-fixtures';
import type { Order } from '../dashboard-shell/order-types';
import Receipt from './Receipt';

function renderReceipt(order: Order | Error) {
  return renderWithApi(<Receipt />, {
    procedures: {
      'bookings.byId': () => {
        if (order instanceof Error) throw order;
        return order;
      },
    },
    at: '/dashboard/receipt/3b9d2c41-7e1a-4f0b-8c55-2d6e9a7b4c30',
    routePath: '/dashboard/receipt/:id',
  });
}

afterEach(() => vi.restoreAllMocks());

describe('Receipt', () => {
  it('shows the seller, the buyer, the items with quantity and unit price, the total, payment id and date', async () => {
    renderReceipt(aPaidOrder({ personName: 'Casey <b>Customer</b>' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt for order #1042' })).toBeInTheDocument();
    expect(screen.getByText('Jan 1, 2025, 10:05 AM UTC')).toBeInTheDocument();
    expect(screen.getByText(seller.name)).toBeInTheDocument();
    expect(screen.getByText(seller.address)).toBeInTheDocument();
    // Customer-supplied text is shown as text, never as markup.
    expect(screen.getByText('Casey <b>Customer</b>')).toBeInTheDocument();
    expect(screen.getByText('customer@example.com')).toBeInTheDocument();
    const items = screen.getByRole('table', { name: 'Items' });
    const [item] = within(items).getAllByRole('row').slice(1, 2);
    expect(
      within(item!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Handlebars', '12 unitsat $59.00', '$59.00', '$708.00']);
    expect(within(items).getByRole('rowheader', { name: 'Total paid' }).closest('tr')).toHaveTextContent('Total paid$708.00');
    expect(screen.getByText('pi_3PaidOrder123')).toBeInTheDocument();
  });

  it('keeps the receipt of a refunded order and says when it was refunded', async () => {
    renderReceipt(aPaidOrder({ status: 'refunded', state: 'refunded', paid: false, refundedAt: '2025-01-04T09:30:00.000Z' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt for order #1042' })).toBeInTheDocument();
    expect(screen.getByText('Jan 4, 2025, 9:30 AM UTC').closest('p')).toHaveTextContent('Refunded Jan 4, 2025, 9:30 AM UTC');
    expect(screen.getByText('$708.00 to the card')).toBeInTheDocument();
  });

  it('prints the page when Print is pressed', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderReceipt(aPaidOrder());

    await userEvent.click(await screen.findByRole('button', { name: 'Print' }));

    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says a receipt comes with payment for an order not paid yet', async () => {
    renderReceipt(anOrder());

    expect(await screen.findByText('A receipt is issued once the order is paid.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows the refusal for an order of someone else', async () => {
    renderReceipt(apiError(403, messages.notYourOrder));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.notYourOrder);
    expect(screen.queryByText(seller.name)).not.toBeInTheDocument();
  });
});
