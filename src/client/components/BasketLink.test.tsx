// The navbar's basket: a customer sees how many orders wait to be paid and reaches the Basket page;
// an admin has no basket.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, callsTo, renderWithApi } from '../testing/api-test-harness';
import { anOrder } from '../testing/order-fixtures';
import { BasketLink } from './BasketLink';

describe('BasketLink', () => {
  it('shows a customer the number of unpaid orders, linking to the basket', async () => {
    renderWithApi(<BasketLink />, {
      procedures: { 'checkouts.basket': () => ({ items: [anOrder(), anOrder({ _id: 'b2' })], total: 390, more: false }) },
    });

    const link = await screen.findByRole('link', { name: 'Basket, 2 unpaid orders' });
    expect(link).toHaveAttribute('href', '/dashboard/basket');
    expect(link).toHaveTextContent('2');
  });

  it('shows an empty basket without a count', async () => {
    const { calls } = renderWithApi(<BasketLink />, {
      procedures: { 'checkouts.basket': () => ({ items: [], total: 0, more: false }) },
    });

    await waitFor(() => expect(callsTo(calls, 'checkouts.basket')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Basket' })).toHaveTextContent('');
  });

  it('shows an admin nothing and asks for no basket', () => {
    const { calls } = renderWithApi(<BasketLink />, { auth: admin, procedures: {} });

    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
