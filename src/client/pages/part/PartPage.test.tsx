// A part's page: everything about the part, plain words when its stock is below the minimum order,
// its rating and reviews, its own title and description, and a clear state for a missing part.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { apiError, renderWithApi } from '../../testing/api-test-harness';
import PartPage from './PartPage';

const partId = '00000000-0000-4000-8000-000000000001';
const description =
  'Sealed cartridge bearings for smooth, tight steering on every threadless fork, with a lifetime of adjustment in each cup.';
const headsets = {
  _id: partId,
  name: 'Bike Headsets',
  img: '/images/parts/bike-headsets.svg',
  price: 39,
  minimumOrderQuantity: 5,
  available: 43,
  description,
};
const review = (n: number, rating: number) => ({
  _id: `r${n}`,
  name: `Rider ${n}`,
  img: '/images/avatars/default.svg',
  rating,
  text: `Review ${n} of the headset.`,
  createdAt: '2026-11-01T00:00:00.000Z',
});

interface PartReviewsPage {
  items: ReturnType<typeof review>[];
  nextCursor: string | null;
  total: number;
  averageRating: number | null;
}

function renderPart(
  part: object | Error,
  reviews: PartReviewsPage = { items: [review(2, 5), review(1, 4)], nextCursor: null, total: 2, averageRating: 4.5 },
  at = `/parts/${partId}`,
) {
  return renderWithApi(<PartPage />, {
    procedures: {
      'tools.byId': () => {
        if (part instanceof Error) throw part;
        return part;
      },
      'reviews.forPart': () => reviews,
    },
    at,
    routePath: '/parts/:id',
  });
}

const siteDescription = 'Sprocket makes bicycle parts.';
beforeEach(() => {
  const meta = document.createElement('meta');
  meta.name = 'description';
  meta.content = siteDescription;
  document.head.append(meta);
});
afterEach(() => document.head.querySelector('meta[name="description"]')?.remove());

describe('PartPage', () => {
  it('shows the large picture, name, price, the whole description, order limits, rating and reviews', async () => {
    renderPart(headsets);

    expect(await screen.findByRole('heading', { level: 1, name: 'Bike Headsets' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Bike Headsets' })).toHaveAttribute('src', headsets.img);
    expect(screen.getByText('$39.00')).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(screen.getByText('Minimum order').nextElementSibling).toHaveTextContent('5');
    expect(screen.getByText('In stock').nextElementSibling).toHaveTextContent('43');
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeEnabled();
    expect(await screen.findByText('4.5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2 reviews' })).toHaveAttribute('href', '#part-reviews');
    const reviews = screen.getByRole('region', { name: 'Reviews of Bike Headsets' });
    expect(
      within(reviews)
        .getAllByRole('blockquote')
        .map((quote) => quote.textContent),
    ).toEqual(['Review 2 of the headset.', 'Review 1 of the headset.']);
    expect(within(reviews).getByRole('link', { name: 'Review this part' })).toHaveAttribute(
      'href',
      `/dashboard/addreview?part=${partId}`,
    );
  });

  it('opens the booking modal when a customer comes back from signing in through Book Now', async () => {
    renderPart(headsets, undefined, `/parts/${partId}#book`);

    // The modal's code loads lazily; under a busy test run that can take more than a second.
    expect(await screen.findByRole('dialog', { name: 'Book Bike Headsets' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('leaves the booking modal closed on an ordinary visit', async () => {
    renderPart(headsets);

    await screen.findByRole('heading', { level: 1, name: 'Bike Headsets' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says plainly that it cannot be booked when the stock left is below the minimum order', async () => {
    renderPart({ ...headsets, available: 3 });

    expect(await screen.findByRole('status')).toHaveTextContent(messages.belowMinimumOrder);
    expect(screen.getByRole('button', { name: 'Out of stock' })).toBeDisabled();
  });

  it('gives the page its own title and description, and puts the site description back on leaving', async () => {
    const view = renderPart(headsets);

    await screen.findByRole('heading', { level: 1, name: 'Bike Headsets' });
    expect(document.title).toBe('Bike Headsets | Sprocket');
    const meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    expect(meta?.content).toMatch(/^Bike Headsets, \$39\.00: Sealed cartridge bearings/);
    expect(meta?.content.length).toBeLessThanOrEqual(155);

    view.unmount();
    expect(meta?.content).toBe(siteDescription);
  });

  it('says when a part has no reviews yet', async () => {
    renderPart(headsets, { items: [], nextCursor: null, total: 0, averageRating: null });

    expect(await screen.findByText('No one has reviewed this part yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'No reviews yet' })).toBeInTheDocument();
  });

  it.each([
    [404, messages.partNotFound],
    [400, messages.idInvalid],
  ])('shows a clear not-found state when the server answers %i', async (status, message) => {
    renderPart(apiError(status, message));

    expect(await screen.findByRole('heading', { name: 'Part not found' })).toBeInTheDocument();
    expect(screen.getByText(messages.partGone)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all parts' })).toHaveAttribute('href', '/home#parts');
  });
});
