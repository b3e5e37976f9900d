// The parts grid on home: the first page of parts, then the next page on Load more, asked for with nextCursor;
// a search from the form or from a shared address asks for the parts it finds instead.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { signedOut } from '../../testing/render-with-auth';
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
    reviewCount: 0,
    averageRating: null,
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

  it('searches with the words typed, then with the order and the in-stock filter as they change', async () => {
    const { calls } = renderWithApi(<ProductGrid />, {
      procedures: { 'tools.list': () => pages.first, 'tools.search': () => ({ items: [part(3)], nextCursor: null }) },
      auth: signedOut,
      at: '/home',
    });
    const user = userEvent.setup();

    await user.type(await screen.findByRole('searchbox', { name: 'Search parts' }), '  headset {enter}');
    expect(await screen.findByRole('button', { name: 'Show all parts' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: low to high');
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));

    expect(await screen.findByRole('heading', { name: 'Part 3' })).toBeInTheDocument();
    expect(callsTo(calls, 'tools.search')).toMatchObject([
      { q: 'headset', sort: 'relevance', inStock: false, limit: 6 },
      { q: 'headset', sort: 'price-asc', inStock: false, limit: 6 },
      { q: 'headset', sort: 'price-asc', inStock: true, limit: 6 },
    ]);
  });

  it('opens a shared search from the address at its results, says when nothing matches, and goes back to all parts', async () => {
    const scrolledTo: string[] = [];
    // jsdom lays nothing out, so it has no scrolling of its own.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this.id);
    };
    const { calls } = renderWithApi(<ProductGrid />, {
      procedures: { 'tools.list': () => pages.first, 'tools.search': () => ({ items: [], nextCursor: null }) },
      auth: signedOut,
      at: '/home?q=titanium&sort=price-desc&inStock=1&junk=1',
      routePath: '/home',
    });

    expect(await screen.findByText(messages.noSearchResults)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search parts' })).toHaveValue('titanium');
    expect(callsTo(calls, 'tools.search')).toMatchObject([{ q: 'titanium', sort: 'price-desc', inStock: true, limit: 6 }]);
    expect(scrolledTo).toEqual(['parts']);
    expect(callsTo(calls, 'tools.list')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Show all parts' }));

    expect(await screen.findByRole('heading', { name: 'Part 6' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search parts' })).toHaveValue('');
  });
});
