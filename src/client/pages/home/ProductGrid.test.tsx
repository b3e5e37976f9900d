// The parts grid on home: the first page of parts, then the next page on Load more, asked for with nextCursor.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedOut } from '../../testing/render-with-auth';
import { callsTo, renderWithApi } from '../../testing/api-test-harness';
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
});
