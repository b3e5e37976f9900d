// An order's page: number, state, history, lines with their states, where it goes; while unpaid,
// Pay now and a Cancel that says the whole order goes.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { callsTo, renderWithApi, type FakeProcedure } from '../../testing/api-test-harness';
import { aPlacedOrder, ORDER_ID } from './checkout-test-fixtures';
import PlacedOrderPage, { cancelOrderQuestion } from './PlacedOrderPage';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderOrder(procedures: Record<string, FakeProcedure>) {
  return renderWithApi(<PlacedOrderPage />, { at: `/orders/${ORDER_ID}`, routePath: '/orders/:id', procedures });
}

describe('Order page', () => {
  it('shows an unpaid order with its hold, lines, address, and Pay now', async () => {
    renderOrder({ 'orders.byId': () => aPlacedOrder() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Order SP-10023' })).toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'History of order SP-10023' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((step) => step.firstChild?.textContent),
    ).toEqual(['Placed', 'Held until']);
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', `/orders/${ORDER_ID}/pay`);
    expect(screen.getByText('Kettenweg 1')).toBeInTheDocument();
    expect(screen.getByText('Germany')).toBeInTheDocument();
  });

  it('shows a paid business order with its VAT ID, reverse charge and shipped lines, without Pay or Cancel', async () => {
    renderOrder({
      'orders.byId': () =>
        aPlacedOrder({
          status: 'paid',
          paidAt: '2026-11-20T10:05:00.000Z',
          buyerVatId: 'FR40303265045',
          reverseCharge: true,
          lines: aPlacedOrder().lines.map((line) => ({ ...line, status: 'shipped', shippedAt: '2026-11-21T09:00:00.000Z' })),
        }),
    });

    const history = await screen.findByRole('list', { name: 'History of order SP-10023' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((step) => step.firstChild?.textContent),
    ).toEqual(['Placed', 'Paid', 'Bike Headsets shipped']);
    expect(screen.getByText('VAT ID: FR40303265045')).toBeInTheDocument();
    expect(screen.getByText('Reverse charge: no VAT is charged; you account for it in your country.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('cancels the whole order after a confirm that says so', async () => {
    const order = aPlacedOrder();
    const { calls } = renderOrder({
      'orders.byId': () => order,
      'orders.cancel': () => aPlacedOrder({ status: 'cancelled', cancelledAt: new Date().toISOString() }),
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(cancelOrderQuestion(order));
    expect(dialog).toHaveTextContent('The whole order is cancelled');
    await userEvent.click(within(dialog).getByRole('button', { name: messages.cancelOrder }));

    await waitFor(() => expect(callsTo(calls, 'orders.cancel')).toEqual([{ id: ORDER_ID }]));
    expect(await screen.findByText('cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
  });

  it('downloads the invoice of a paid order under its number, and offers none before', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:invoice');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const invoice = () => ({ number: 'INV-2026-000007', fileName: 'INV-2026-000007.pdf', pdfBase64: btoa('%PDF-1.7') });
    const { unmount } = renderOrder({ 'orders.byId': () => aPlacedOrder(), 'orders.invoice': invoice });
    await screen.findByRole('heading', { level: 1, name: 'Order SP-10023' });
    expect(screen.queryByRole('button', { name: 'Download invoice (PDF)' })).not.toBeInTheDocument();
    unmount();

    renderOrder({
      'orders.byId': () => aPlacedOrder({ status: 'paid', paidAt: '2026-11-20T10:05:00.000Z' }),
      'orders.afterSales': () => ({ shipments: [], refunds: [], remainingRefundable: 0 }),
      'orders.invoice': invoice,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download invoice (PDF)' }));

    await waitFor(() => expect(saved).toEqual(['INV-2026-000007.pdf']));
  });
});
