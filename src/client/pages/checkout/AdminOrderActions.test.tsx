// The order page's admin actions: ship chosen lines with a carrier and tracking number, refund a
// line, the shipping or an amount, each after a confirmation; customers see the parcels' tracking
// links and the credit notes, and none of the actions.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { admin, callsTo, renderWithApi, type FakeProcedure } from '../../testing/api-test-harness';
import type { AfterSalesView } from './AfterSales';
import { refundQuestion, shipQuestion } from './AdminOrderActions';
import { aPlacedOrder, ORDER_ID } from './checkout-test-fixtures';
import PlacedOrderPage from './PlacedOrderPage';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const HEADSETS = '8a4f7a52-5b7c-4a7e-9d43-1c3f0f6b2a10';
const PEDALS = '8a4f7a52-5b7c-4a7e-9d43-1c3f0f6b2a11';

function aPaidOrder() {
  const [headsets] = aPlacedOrder().lines;
  return aPlacedOrder({
    status: 'paid',
    paidAt: new Date().toISOString(),
    transaction: 'pi_123',
    lines: [
      { ...headsets!, status: 'paid' },
      { ...headsets!, bookingId: PEDALS, name: 'Pedals', quantity: 1, charged: 20, status: 'paid' },
    ],
  });
}

function afterSales(overrides: Partial<AfterSalesView> = {}): AfterSalesView {
  return { shipments: [], refunds: [], remainingRefundable: 102.9, ...overrides };
}

function renderOrder(procedures: Record<string, FakeProcedure>, asAdmin = true) {
  return renderWithApi(<PlacedOrderPage />, {
    at: `/orders/${ORDER_ID}`,
    routePath: '/orders/:id',
    procedures,
    ...(asAdmin ? { auth: admin } : {}),
  });
}

async function confirmWith(label: string, question: string) {
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent(question);
  await userEvent.click(within(dialog).getByRole('button', { name: label }));
}

describe('Order page, admin actions', () => {
  it('ships the chosen lines with the carrier and tracking number after a confirmation', async () => {
    const order = aPaidOrder();
    const { calls } = renderOrder({ 'orders.byId': () => order, 'orders.afterSales': () => afterSales(), 'orders.ship': () => order });

    const form = await screen.findByRole('form', { name: 'Ship' });
    await userEvent.click(within(form).getByRole('checkbox', { name: '1 × Pedals' }));
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Carrier' }), 'UPS');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Tracking number' }), '1Z999AA10123456784');
    await userEvent.click(within(form).getByRole('button', { name: 'Ship 1 line' }));
    await confirmWith('Ship', shipQuestion(order, ['Bike Headsets'], 'ups', '1Z999AA10123456784'));

    await waitFor(() =>
      expect(callsTo(calls, 'orders.ship')).toEqual([
        { id: ORDER_ID, bookingIds: [HEADSETS], carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
      ]),
    );
  });

  it('ships nothing while the admin keeps the order as it is', async () => {
    const { calls } = renderOrder({ 'orders.byId': () => aPaidOrder(), 'orders.afterSales': () => afterSales() });

    const form = await screen.findByRole('form', { name: 'Ship' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Tracking number' }), '00340434161094042557');
    await userEvent.click(within(form).getByRole('button', { name: 'Ship all lines' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Not yet' }));

    expect(callsTo(calls, 'orders.ship')).toEqual([]);
  });

  it('refunds a line, the shipping and an amount, each after its confirmation', async () => {
    const order = aPaidOrder();
    const { calls } = renderOrder({
      'orders.byId': () => order,
      'orders.afterSales': () => afterSales(),
      'orders.refundLine': () => afterSales(),
      'orders.refundShipping': () => afterSales(),
      'orders.refundAmount': () => afterSales(),
    });

    expect(await screen.findByText('Left to refund: $102.90')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refund line Pedals' }));
    await confirmWith('Refund', refundQuestion(order, 'Pedals', 20));
    await waitFor(() => expect(callsTo(calls, 'orders.refundLine')).toEqual([{ id: ORDER_ID, bookingId: PEDALS }]));

    await userEvent.click(screen.getByRole('button', { name: 'Refund shipping' }));
    await confirmWith('Refund', refundQuestion(order, 'the shipping', 4.9));
    await waitFor(() => expect(callsTo(calls, 'orders.refundShipping')).toEqual([{ id: ORDER_ID }]));

    const amountForm = screen.getByRole('form', { name: 'Refund an amount' });
    await userEvent.type(within(amountForm).getByRole('textbox', { name: 'Amount to refund' }), '12.50');
    await userEvent.click(within(amountForm).getByRole('button', { name: 'Refund an amount' }));
    await confirmWith('Refund', refundQuestion(order, 'an amount', 12.5));
    await waitFor(() => expect(callsTo(calls, 'orders.refundAmount')).toEqual([{ id: ORDER_ID, amount: 12.5 }]));
  });

  it('will not refund an amount above what is left', async () => {
    renderOrder({ 'orders.byId': () => aPaidOrder(), 'orders.afterSales': () => afterSales({ remainingRefundable: 10 }) });

    const amountForm = await screen.findByRole('form', { name: 'Refund an amount' });
    await userEvent.type(within(amountForm).getByRole('textbox', { name: 'Amount to refund' }), '10.01');
    expect(within(amountForm).getByRole('button', { name: 'Refund an amount' })).toBeDisabled();
  });

  it('shows a customer the tracking link and the credit note, and none of the actions', async () => {
    renderOrder(
      {
        'orders.byId': () => aPaidOrder(),
        'orders.afterSales': () =>
          afterSales({
            shipments: [
              {
                _id: 'c1a0d1e2-0000-4000-8000-000000000001',
                carrier: 'dhl',
                carrierName: 'DHL',
                trackingNumber: '00340434161094042557',
                trackingUrl: 'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557',
                createdAt: new Date().toISOString(),
                lines: ['Bike Headsets'],
              },
            ],
            refunds: [
              {
                _id: 'c1a0d1e2-0000-4000-8000-000000000002',
                kind: 'amount',
                amount: 5,
                tax: 0.8,
                line: null,
                createdAt: new Date().toISOString(),
                done: true,
                creditNote: { _id: 'c1a0d1e2-0000-4000-8000-000000000003', number: 'CN-2026-000001' },
              },
            ],
          }),
      },
      false,
    );

    expect(await screen.findByRole('link', { name: 'Track 00340434161094042557' })).toHaveAttribute(
      'href',
      'https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=00340434161094042557',
    );
    expect(screen.getByRole('button', { name: 'Credit note CN-2026-000001' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Ship' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund shipping' })).not.toBeInTheDocument();
  });
});
