// The product card: price in dollars, order limits, the 50-character description preview, Book Now,
// Out of stock, and Add to cart from the minimum order.
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_CART_KEY } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { trpc } from '../lib/trpc';
import { callsTo, customer, renderWithApi } from '../testing/api-test-harness';
import { aCart, aCartLine } from '../testing/cart-fixtures';
import { renderWithAuth as renderShell, signedInAs, signedOut } from '../testing/render-with-auth';
import { ProductCard, type Tool } from './ProductCard';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** The shell's render, with the API the card's cart reads (it asks nothing of a visitor with an empty cart). */
function renderWithAuth(element: ReactElement, options: Parameters<typeof renderShell>[1]) {
  const queryClient = new QueryClient();
  const client = trpc.createClient({ links: [] });
  return renderShell(
    <trpc.Provider client={client} queryClient={queryClient}>
      {element}
    </trpc.Provider>,
    options,
  );
}

vi.mock('./booking/BookingModal', () => ({
  BookingModal: ({ tool }: { tool: Tool }) => <div role="dialog" aria-label={`Book ${tool.name}`} />,
}));

const description = 'Sealed cartridge bearings for smooth, tight steering on every threadless fork.';

const headsets: Tool = {
  _id: '1e0c8c8e-3d3b-4f59-b4a4-6c2b7f0f9e21',
  name: 'Bike Headsets',
  img: '/images/parts/bike-headsets.svg',
  price: 1234.5,
  minimumOrderQuantity: 5,
  available: 1200,
  description,
  reviewCount: 0,
  averageRating: null,
  variantCount: 1,
};

beforeEach(() => vi.clearAllMocks());

describe('ProductCard', () => {
  it('shows the name, image, price in dollars, minimum order and available stock', () => {
    renderWithAuth(<ProductCard tool={headsets} />, { auth: signedOut, at: '/home' });

    expect(screen.getByRole('heading', { name: 'Bike Headsets' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Bike Headsets' })).toHaveAttribute('src', '/images/parts/bike-headsets.svg');
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('Minimum order').nextElementSibling).toHaveTextContent('5');
    expect(screen.getByText('Available').nextElementSibling).toHaveTextContent('1,200');
  });

  it('shows a part with options from its lowest price, and leads to its page to choose one', () => {
    renderWithAuth(<ProductCard tool={{ ...headsets, variantCount: 2 }} />, { auth: signedOut, at: '/home' });

    expect(screen.getByText('from').parentElement).toHaveTextContent('from $1,234.50');
    expect(screen.getByRole('link', { name: 'Choose options of Bike Headsets' })).toHaveAttribute('href', `/parts/${headsets._id}`);
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('shows its stars and review count, read out as one sentence', () => {
    renderWithAuth(<ProductCard tool={{ ...headsets, reviewCount: 12, averageRating: 4.5 }} />, { auth: signedOut, at: '/home' });

    const rating = screen.getByRole('img', { name: 'Rated 4.5 out of 5 from 12 reviews' });
    expect(rating).toHaveTextContent('4.5 (12)');
    expect(rating.querySelectorAll('svg.fill-amber-500')).toHaveLength(5);
  });

  it('says "1 review" for a single one, with its stars rounded', () => {
    renderWithAuth(<ProductCard tool={{ ...headsets, reviewCount: 1, averageRating: 3 }} />, { auth: signedOut, at: '/home' });

    const rating = screen.getByRole('img', { name: 'Rated 3 out of 5 from 1 review' });
    expect(rating.querySelectorAll('svg.fill-amber-500')).toHaveLength(3);
  });

  it('shows no rating at all for a part without reviews', () => {
    renderWithAuth(<ProductCard tool={headsets} />, { auth: signedOut, at: '/home' });

    expect(screen.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/\(0\)/)).not.toBeInTheDocument();
  });

  it('shows only the first 50 characters of the description', () => {
    renderWithAuth(<ProductCard tool={headsets} />, { auth: signedOut, at: '/home' });

    const preview = screen.getByText(/^Sealed cartridge/);
    expect(preview).toHaveTextContent(`${description.slice(0, 50).trimEnd()}…`, { normalizeWhitespace: false });
    expect(preview.textContent).not.toContain(description.slice(50));
  });

  it('shows a short description whole, without an ellipsis', () => {
    renderWithAuth(<ProductCard tool={{ ...headsets, description: 'Short and sweet.' }} />, { auth: signedOut, at: '/home' });

    expect(screen.getByText('Short and sweet.')).toBeInTheDocument();
  });

  it('opens the booking modal for a signed-in customer', async () => {
    renderWithAuth(<ProductCard tool={headsets} />, { auth: signedInAs('user'), at: '/home' });

    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));

    expect(await screen.findByRole('dialog', { name: 'Book Bike Headsets' })).toBeInTheDocument();
  });

  it("sends a signed-out visitor to /login, to come back to the part's page and its booking modal", async () => {
    renderWithAuth(<ProductCard tool={headsets} />, { auth: signedOut, at: '/home' });

    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));

    expect(screen.getByText(`Login page, returning to /parts/${headsets._id}#book`)).toBeInTheDocument();
  });

  it('disables booking with "Out of stock" when less than the minimum order is available', () => {
    renderWithAuth(<ProductCard tool={{ ...headsets, available: 4 }} />, { auth: signedInAs('user'), at: '/home' });

    expect(screen.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Book Now' })).not.toBeInTheDocument();
  });

  it('adds the minimum order to a visitor’s cart in this browser, and says so', async () => {
    const user = userEvent.setup();
    renderWithAuth(<ProductCard tool={headsets} />, { auth: signedOut, at: '/home' });

    expect(screen.getByRole('spinbutton', { name: 'Quantity of Bike Headsets' })).toHaveValue(5);
    await user.click(screen.getByRole('button', { name: /^Add to cart/ }));

    expect(JSON.parse(localStorage.getItem(LOCAL_CART_KEY)!)).toEqual({ lines: [{ toolId: headsets._id, quantity: 5 }] });
    expect(toast.success).toHaveBeenCalledWith(messages.addedToCart);
  });

  it('refuses to add less than the minimum order, with Book Now’s sentence', async () => {
    const user = userEvent.setup();
    renderWithAuth(<ProductCard tool={headsets} />, { auth: signedOut, at: '/home' });

    const quantity = screen.getByRole('spinbutton', { name: 'Quantity of Bike Headsets' });
    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.click(screen.getByRole('button', { name: /^Add to cart/ }));

    expect(toast.error).toHaveBeenCalledWith(messages.quantityOutOfRange);
    expect(localStorage.getItem(LOCAL_CART_KEY)).toBeNull();
  });

  it('adds to a customer’s cart on the server', async () => {
    const user = userEvent.setup();
    const { calls } = renderWithApi(<ProductCard tool={headsets} />, {
      auth: customer,
      at: '/home',
      procedures: { 'cart.view': () => aCart([]), 'cart.add': () => aCart([aCartLine({ toolId: headsets._id, quantity: 5 })]) },
    });

    await user.click(screen.getByRole('button', { name: /^Add to cart/ }));

    await waitFor(() => expect(callsTo(calls, 'cart.add')).toEqual([{ toolId: headsets._id, quantity: 5 }]));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.addedToCart));
  });

  it('cannot add a part with less than the minimum order in stock', () => {
    renderWithAuth(<ProductCard tool={{ ...headsets, available: 4 }} />, { auth: signedOut, at: '/home' });
    expect(screen.getByRole('button', { name: /^Add to cart/ })).toBeDisabled();
  });
});
