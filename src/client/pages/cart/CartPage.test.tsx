// The cart page: lines with their unit price (and quantity break), quantity, line total and what
// changed; the subtotal; changing and removing lines for a customer (through the server, whose
// refusal is told) and for a visitor (in this browser); the empty state; and "Check out".
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_CART_KEY } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { apiError, callsTo, renderWithApi, type FakeProcedure } from '../../testing/api-test-harness';
import { aCart, aCartLine } from '../../testing/cart-fixtures';
import { signedOut } from '../../testing/render-with-auth';
import CartPage from './CartPage';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const headsets = aCartLine();
const chains = aCartLine({
  toolId: '0c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e',
  name: 'Chains',
  quantity: 25,
  available: 100,
  listUnitPriceCents: 39_00,
  unitPriceCents: 35_00,
  priceBreakFrom: 20,
  lineTotalCents: 875_00,
});

function renderCart(procedures: Record<string, FakeProcedure>, auth = {}) {
  return renderWithApi(<CartPage />, { at: '/cart', ...auth, procedures });
}

function lineOf(name: string) {
  return within(screen.getByRole('link', { name }).closest('li')!);
}

beforeEach(() => vi.clearAllMocks());

describe('CartPage', () => {
  it('shows each line’s price, with the quantity break that applies, its total and the subtotal', async () => {
    renderCart({ 'cart.view': () => aCart([headsets, chains]) });

    expect(await screen.findByRole('link', { name: 'Chains' })).toHaveAttribute('href', `/parts/${chains.toolId}`);
    expect(lineOf('Chains').getByText('20+ units: $35.00 each')).toBeInTheDocument();
    expect(lineOf('Chains').getByText('Total for Chains:').parentElement).toHaveTextContent('$875.00');
    expect(lineOf('Bike Headsets').getByText('$39.00 each')).toBeInTheDocument();
    expect(lineOf('Bike Headsets').getByRole('spinbutton', { name: 'Quantity of Bike Headsets' })).toHaveValue(4);
    expect(screen.getByText('Subtotal (29 units)').parentElement).toHaveTextContent('$1,031.00');
  });

  it('sends a customer to the checkout', async () => {
    renderCart({ 'cart.view': () => aCart([headsets]) });
    expect(await screen.findByRole('link', { name: 'Check out' })).toHaveAttribute('href', '/checkout');
  });

  it('tells what changed on a line, leaves a gone part out of the subtotal and holds the checkout back', async () => {
    const gone = aCartLine({ ...chains, problem: 'unavailable' });
    const short = aCartLine({ available: 3, problem: 'overStock' });
    renderCart({ 'cart.view': () => aCart([short, gone]) });

    expect(await screen.findByText(messages.partGone)).toBeInTheDocument();
    expect(lineOf('Bike Headsets').getByRole('alert')).toHaveTextContent(messages.outOfStock(3));
    expect(screen.getByText(/^Subtotal/).parentElement).toHaveTextContent('$156.00');
    expect(screen.getByRole('button', { name: 'Check out' })).toBeDisabled();
  });

  it('changes a quantity with the stepper, sending the steps as one change', async () => {
    const user = userEvent.setup();
    const { calls } = renderCart({
      'cart.view': () => aCart([headsets]),
      'cart.setQuantity': () => aCart([aCartLine({ quantity: 6, lineTotalCents: 234_00 })]),
    });

    await user.click(await screen.findByRole('button', { name: 'More Bike Headsets' }));
    await user.click(screen.getByRole('button', { name: 'More Bike Headsets' }));

    await waitFor(() => expect(callsTo(calls, 'cart.setQuantity')).toEqual([{ toolId: headsets.toolId, quantity: 6 }]));
    await waitFor(() => expect(screen.getByText('Total for Bike Headsets:').parentElement).toHaveTextContent('$234.00'));
  });

  it('keeps the stepper within the minimum order and the stock', async () => {
    renderCart({ 'cart.view': () => aCart([aCartLine({ quantity: 2, available: 2 })]) });
    expect(await screen.findByRole('button', { name: 'Fewer Bike Headsets' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'More Bike Headsets' })).toBeDisabled();
  });

  it('tells the server’s refusal of a typed quantity and shows the quantity kept', async () => {
    const user = userEvent.setup();
    renderCart({
      'cart.view': () => aCart([headsets]),
      'cart.setQuantity': () => {
        throw apiError(409, messages.outOfStock(10));
      },
    });
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity of Bike Headsets' });

    await user.clear(quantity);
    await user.type(quantity, '40{Enter}');

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.outOfStock(10)));
    await waitFor(() => expect(quantity).toHaveValue(4));
  });

  it('removes a line', async () => {
    const user = userEvent.setup();
    const { calls } = renderCart({ 'cart.view': () => aCart([headsets, chains]), 'cart.remove': () => aCart([chains]) });

    await user.click(await screen.findByRole('button', { name: 'Remove Bike Headsets' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Bike Headsets' })).not.toBeInTheDocument());
    expect(callsTo(calls, 'cart.remove')).toEqual([{ toolId: headsets.toolId }]);
  });

  it('shows an empty cart with the way to the shop', async () => {
    renderCart({ 'cart.view': () => aCart([]) });
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the parts' })).toHaveAttribute('href', '/home#parts');
    expect(screen.queryByRole('link', { name: 'Check out' })).not.toBeInTheDocument();
  });
});

describe('CartPage for a visitor', () => {
  const stored = (lines: unknown) => localStorage.setItem(LOCAL_CART_KEY, JSON.stringify({ lines }));

  it('prices the lines this browser keeps through the preview, storing nothing on the server', async () => {
    stored([{ toolId: headsets.toolId, quantity: 4 }]);
    const { calls } = renderCart({ 'cart.preview': () => aCart([headsets]) }, { auth: signedOut });

    expect(await screen.findByText('$39.00 each')).toBeInTheDocument();
    expect(callsTo(calls, 'cart.preview')).toEqual([{ lines: [{ toolId: headsets.toolId, quantity: 4 }] }]);
    expect(callsTo(calls, 'cart.view')).toEqual([]);
  });

  it('refuses a quantity above the stock with Book Now’s sentence and keeps the stored one', async () => {
    const user = userEvent.setup();
    stored([{ toolId: headsets.toolId, quantity: 4 }]);
    renderCart({ 'cart.preview': () => aCart([headsets]) }, { auth: signedOut });
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity of Bike Headsets' });

    await user.clear(quantity);
    await user.type(quantity, '11{Enter}');

    expect(toast.error).toHaveBeenCalledWith(messages.outOfStock(10));
    expect(JSON.parse(localStorage.getItem(LOCAL_CART_KEY)!)).toEqual({ lines: [{ toolId: headsets.toolId, quantity: 4 }] });
  });

  it('changes and removes lines in this browser', async () => {
    const user = userEvent.setup();
    stored([
      { toolId: headsets.toolId, quantity: 4 },
      { toolId: chains.toolId, quantity: 25 },
    ]);
    renderCart({ 'cart.preview': () => aCart([headsets, chains]) }, { auth: signedOut });
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity of Bike Headsets' });

    await user.clear(quantity);
    await user.type(quantity, '7{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove Chains' }));

    expect(JSON.parse(localStorage.getItem(LOCAL_CART_KEY)!)).toEqual({ lines: [{ toolId: headsets.toolId, quantity: 7 }] });
  });

  it('sends a visitor to sign in first, to come back to the checkout', async () => {
    stored([{ toolId: headsets.toolId, quantity: 4 }]);
    renderCart({ 'cart.preview': () => aCart([headsets]) }, { auth: signedOut });

    const checkOut = await screen.findByRole('link', { name: 'Check out' });
    expect(checkOut).toHaveAttribute('href', '/login');
  });

  it('shows an empty cart without asking the server when the browser keeps none', () => {
    const { calls } = renderCart({}, { auth: signedOut });
    expect(screen.getByText('Your cart is empty.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
