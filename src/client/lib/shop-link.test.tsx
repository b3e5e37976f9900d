// The browser's tRPC link: a shop that cannot be reached is told as a sentence on the page.
import { screen } from '@testing-library/react';
import getPort from 'get-port';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages';
import { ProductGrid } from '../pages/home/ProductGrid';
import { renderWithApi } from '../testing/api-test-harness';
import { signedOut } from '../testing/render-with-auth';
import { shopLink } from './shop-link';

describe('shopLink', () => {
  it('says the shop could not be reached, not "Failed to fetch", when nothing answers', async () => {
    const closedPort = await getPort();
    renderWithApi(<ProductGrid />, {
      procedures: {},
      link: shopLink(`http://127.0.0.1:${closedPort}/trpc`),
      auth: signedOut,
      at: '/home',
    });

    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent(messages.shopUnreachable);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
