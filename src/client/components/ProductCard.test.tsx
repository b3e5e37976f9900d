// The product card: price in dollars, order limits, the 50-character description preview, Book Now and Out of stock.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithAuth, signedInAs, signedOut } from '../testing/render-with-auth';
import { ProductCard, type Tool } from './ProductCard';

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
};

describe('ProductCard', () => {
  it('shows the name, image, price in dollars, minimum order and available stock', () => {
    renderWithAuth(<ProductCard tool={headsets} />, { auth: signedOut, at: '/home' });

    expect(screen.getByRole('heading', { name: 'Bike Headsets' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Bike Headsets' })).toHaveAttribute('src', '/images/parts/bike-headsets.svg');
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('Minimum order').nextElementSibling).toHaveTextContent('5');
    expect(screen.getByText('Available').nextElementSibling).toHaveTextContent('1,200');
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
});
