// The thank-you page: the thanks with the order number, what happens next, the summary and the links on.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '../../testing/api-test-harness';
import { aPlacedOrder, ORDER_ID } from './checkout-test-fixtures';
import ThankYouPage from './ThankYouPage';

describe('Thank-you page', () => {
  it('thanks the customer for the order by number, says what happens next and links on', async () => {
    renderWithApi(<ThankYouPage />, {
      at: `/orders/${ORDER_ID}/thank-you`,
      routePath: '/orders/:id/thank-you',
      procedures: { 'orders.byId': () => aPlacedOrder({ status: 'paid', paidAt: new Date().toISOString() }) },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order SP-10023' })).toBeInTheDocument();
    expect(screen.getByText(/We have sent a confirmation to/)).toHaveTextContent('customer@example.com');
    expect(screen.getByText('We pack your parts and email you again when they ship.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Order summary' })).getByText('Total:').nextSibling).toHaveTextContent('$82.90');
    expect(screen.getByRole('link', { name: 'See your order' })).toHaveAttribute('href', `/orders/${ORDER_ID}`);
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/home');
  });
});
