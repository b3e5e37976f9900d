// The parts grid on home: the first page of parts, then the next page on Load more, asked for with nextCursor.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedOut } from '../../testing/render-with-auth';
import { messages } from '../../../shared/messages';
import { apiError, callsTo, renderWithApi } from '../../testing/api-test-harness';
import { ProductGrid } from './ProductGrid';

function part(n: number) {
  return {
    _id: `00000000-0000-4000-8000-00000000000${n}`,
    name: `Part ${n}`,
    img: '/images/parts/placeholder.svg',
    price: 10 * n,
    minimumOrderQuantity: 1,
    available: 100,
    description: `Description of part ${n}`,
  };
}

const pages: Record<string, { items: ReturnType<typeof part>[]; nextCursor: string | null }> = {
  first: { items: [1, 2, 3, 4, 5, 6].map(part), nextCursor: '6' },
  '6': { items: [part(7)], nextCursor: null },
};

describe('ProductGrid', () => {
  it('shows the first page, then appends the next one on Load more until there is no next cursor', async () => {
    const { calls } = renderWithApi(<ProductGrid />, {
      procedures: { 'tools.list': (input) => pages[(input as { cursor?: string }).cursor ?? 'first'] },
      auth: signedOut,
      at: '/home',
    });

    expect(await screen.findByRole('heading', { name: 'Part 6' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Part 7' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('heading', { name: 'Part 7' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Book Now' })).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const [firstPage, secondPage, ...more] = callsTo(calls, 'tools.list');
    expect(firstPage).toMatchObject({ limit: 6 });
    expect(firstPage).not.toHaveProperty('cursor');
    expect(secondPage).toMatchObject({ limit: 6, cursor: '6' });
    expect(more).toEqual([]);
  });

  it('shows the stock left on the card and in the booking modal after a booking is refused for stock', async () => {
    const user = userEvent.setup();
    let available = 100;
    renderWithApi(<ProductGrid />, {
      procedures: {
        'tools.list': () => ({ items: [{ ...part(1), available }], nextCursor: null }),
        'bookings.create': () => {
          available = 7;
          throw apiError(409, messages.outOfStock(available));
        },
      },
      at: '/home',
    });

    await user.click(await screen.findByRole('button', { name: 'Book Now' }));
    // The modal's code loads on first use, which takes a while on a cold test run.
    const dialog = await screen.findByRole('dialog', { name: 'Book Part 1' }, { timeout: 10_000 });
    await user.type(within(dialog).getByLabelText('Phone'), '+1 555 0100');
    await user.type(within(dialog).getByLabelText('Address'), '1 Chain Street');
    await user.clear(within(dialog).getByLabelText('Quantity'));
    await user.type(within(dialog).getByLabelText('Quantity'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm booking' }));

    await waitFor(() => expect(screen.getByText('Available').nextElementSibling).toHaveTextContent('7'));
    expect(within(dialog).getByText('Minimum 1, available 7')).toBeInTheDocument();
  });
});
