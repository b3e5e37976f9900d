// The navbar's cart: a customer sees how many parts their account's cart holds, a visitor how many
// this browser keeps, both linking to /cart; nothing is counted while sign-in loads.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LOCAL_CART_KEY } from '../../shared/constants';
import { callsTo, renderWithApi } from '../testing/api-test-harness';
import { aCart, aCartLine } from '../testing/cart-fixtures';
import { loading, signedOut } from '../testing/render-with-auth';
import { CartLink } from './CartLink';

describe('CartLink', () => {
  it('shows a customer the number of parts in their cart, linking to the cart', async () => {
    renderWithApi(<CartLink />, {
      procedures: { 'cart.view': () => aCart([aCartLine(), aCartLine({ toolId: '0c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e' })]) },
    });

    const link = await screen.findByRole('link', { name: 'Cart, 2 parts' });
    expect(link).toHaveAttribute('href', '/cart');
    expect(link).toHaveTextContent('2');
  });

  it('counts a visitor’s parts from this browser at once, without asking the server', () => {
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify({ lines: [{ toolId: aCartLine().toolId, quantity: 2 }] }));
    const { calls } = renderWithApi(<CartLink />, { auth: signedOut, procedures: {} });

    expect(screen.getByRole('link', { name: 'Cart, 1 part' })).toHaveTextContent('1');
    expect(calls).toEqual([]);
  });

  it('shows an empty cart without a count', async () => {
    const { calls } = renderWithApi(<CartLink />, { procedures: { 'cart.view': () => aCart([]) } });

    await waitFor(() => expect(callsTo(calls, 'cart.view')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveTextContent('');
  });

  it('counts nothing and asks nothing while sign-in loads', () => {
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify({ lines: [{ toolId: aCartLine().toolId, quantity: 2 }] }));
    const { calls } = renderWithApi(<CartLink />, { auth: loading, procedures: {} });

    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(calls).toEqual([]);
  });
});
