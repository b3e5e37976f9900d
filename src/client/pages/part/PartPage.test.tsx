// A part's page: everything about the part, plain words when its stock is below the minimum order,
// its rating and reviews, its own title and description, and a clear state for a missing part.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  // The figures kept on the part, which the top of the page shows (the default reviews below).
  reviewCount: 2,
  averageRating: 4.5,
  images: [{ path: '/images/parts/bike-headsets.svg', alt: 'Bike Headsets' }],
  specifications: [] as Array<{ name: string; value: string }>,
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

/** A part as tools.byId answers it: without options given, it is its one variant. */
function withVariants(part: object): object {
  if ('variants' in part) return part;
  const own = part as typeof headsets;
  return {
    variantCount: 1,
    ...own,
    variants: [
      {
        id: own._id,
        sku: null,
        optionValues: {},
        price: own.price,
        available: own.available,
        minimumOrderQuantity: own.minimumOrderQuantity,
        img: own.img,
      },
    ],
  };
}

function renderPart(
  part: object | Error,
  reviews: PartReviewsPage = { items: [review(2, 5), review(1, 4)], nextCursor: null, total: 2, averageRating: 4.5 },
  at = `/parts/${partId}`,
  related: object[] = [],
) {
  return renderWithApi(<PartPage />, {
    procedures: {
      'tools.byId': () => {
        if (part instanceof Error) throw part;
        return withVariants(part);
      },
      'reviews.forPart': () => reviews,
      'tools.related': () => related,
      'categories.trailOfPart': () => [
        { name: 'Cockpit', slug: 'cockpit' },
        { name: 'Headsets', slug: 'headsets' },
      ],
      'tools.compatibility': () => ({ steerer: ['straight-1-1-8', 'tapered'] }),
      'bikes.list': () => [],
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
  meta.setAttribute('data-site-description', '');
  document.head.append(meta);
});
afterEach(() => {
  // Unmounted first: a page still showing holds the site description aside, and puts it back on unmount.
  cleanup();
  document.head.querySelector('meta[data-site-description]')?.remove();
});

describe('PartPage', () => {
  it('switches the main picture from a thumbnail named by its alt text, and shows the specifications as a table', async () => {
    const user = userEvent.setup();
    renderPart({
      ...headsets,
      images: [
        { path: '/images/parts/bike-headsets.svg', alt: 'The headset’s cups and bearings' },
        { path: '/images/uploads/side.png', alt: 'The headset fitted to a frame' },
      ],
      specifications: [
        { name: 'Steerer', value: '1 1/8" or tapered' },
        { name: 'Bearings', value: 'Sealed cartridge' },
      ],
    });

    const pictures = await screen.findByRole('list', { name: 'Pictures of the part' });
    const second = within(pictures).getByRole('button', { name: 'The headset fitted to a frame' });
    expect(within(pictures).getByRole('button', { name: 'The headset’s cups and bearings' })).toHaveAttribute('aria-pressed', 'true');
    /** The page's main picture: the one loaded first, not a thumbnail. */
    const mainPicture = (name: string) =>
      screen.getAllByRole('img', { name }).find((image) => image.getAttribute('loading') === 'eager');
    expect(mainPicture('The headset’s cups and bearings')).toHaveAttribute('src', '/images/parts/bike-headsets.svg');
    await user.click(second);
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(mainPicture('The headset fitted to a frame')).toHaveAttribute('src', '/images/uploads/side.png');

    const table = within(screen.getByRole('region', { name: 'Specifications' })).getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Steerer' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Steerer1 1/8" or tapered', 'BearingsSealed cartridge']);
  });

  it('shows no thumbnails and no specifications for a part with one picture and none', async () => {
    renderPart(headsets);
    await screen.findByRole('heading', { name: 'Bike Headsets', level: 1 });
    expect(screen.queryByRole('list', { name: 'Pictures of the part' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Specifications' })).not.toBeInTheDocument();
  });

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

  it('leads back through the part’s categories in its breadcrumb', async () => {
    renderPart(headsets);
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(await within(breadcrumb).findByRole('link', { name: 'Headsets' })).toHaveAttribute('href', '/categories/headsets');
    expect(
      within(breadcrumb)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Parts', 'Cockpit', 'Headsets']);
    expect(within(breadcrumb).getByText('Bike Headsets')).toHaveAttribute('aria-current', 'page');
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

  it('offers its options as a radio group, shows the variant the address names and follows the one chosen', async () => {
    const twelveId = '00000000-0000-4000-8000-000000000012';
    const cassette = {
      ...headsets,
      name: 'Cassette',
      price: 49,
      available: 65,
      variantCount: 2,
      variants: [
        {
          id: partId,
          sku: 'CS-11',
          optionValues: { speeds: '11' },
          price: 49,
          available: 40,
          minimumOrderQuantity: 5,
          img: headsets.img,
        },
        {
          id: twelveId,
          sku: 'CS-12',
          optionValues: { speeds: '12' },
          price: 69,
          available: 25,
          minimumOrderQuantity: 2,
          img: headsets.img,
        },
      ],
    };
    renderPart(cassette, undefined, `/parts/${partId}?variant=cs-12`);

    const speeds = await screen.findByRole('group', { name: 'Speeds: 12' });
    expect(within(speeds).getByRole('radio', { name: '12' })).toBeChecked();
    expect(screen.getByText('$69.00')).toBeInTheDocument();
    expect(screen.getByText('SKU CS-12')).toBeInTheDocument();
    expect(screen.getByText('Ready to ship: book from 2 to 25.')).toBeInTheDocument();

    within(speeds).getByRole('radio', { name: '11' }).click();
    expect(await screen.findByText('SKU CS-11')).toBeInTheDocument();
    expect(screen.getByText('$49.00')).toBeInTheDocument();
    expect(screen.getByText('Ready to ship: book from 5 to 40.')).toBeInTheDocument();
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
    // Readers take the first description: the page's is the only one while it shows.
    const descriptions = () =>
      [...document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]')].map((meta) => meta.content);
    expect(descriptions()).toHaveLength(1);
    expect(descriptions()[0]).toMatch(/^Bike Headsets, \$39\.00: Sealed cartridge bearings/);
    expect(descriptions()[0]!.length).toBeLessThanOrEqual(155);
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `/parts/${partId}`);

    view.unmount();
    expect(descriptions()).toEqual([siteDescription]);
  });

  it('shows related parts with their price and rating, each linking to its own page', async () => {
    const stem = {
      ...headsets,
      _id: '00000000-0000-4000-8000-0000000000a1',
      name: 'Quill Bike Stems',
      price: 19,
      reviewCount: 3,
      averageRating: 4.7,
    };
    const bar = {
      ...headsets,
      _id: '00000000-0000-4000-8000-0000000000a2',
      name: 'Handlebars',
      price: 59,
      reviewCount: 0,
      averageRating: null,
    };
    renderPart(headsets, undefined, `/parts/${partId}`, [stem, bar]);

    const section = await screen.findByRole('region', { name: 'Related parts' });
    expect(
      within(section)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Quill Bike Stems', `/parts/${stem._id}`],
      ['Handlebars', `/parts/${bar._id}`],
    ]);
    expect(within(section).getByText('$19.00')).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: 'Rated 4.7 out of 5 from 3 reviews' })).toBeInTheDocument();
    expect(within(section).getAllByRole('img', { name: /^Rated/ })).toHaveLength(1);
  });

  it('leaves the related parts out when there are none', async () => {
    renderPart(headsets);
    await screen.findByRole('heading', { level: 1, name: 'Bike Headsets' });
    expect(screen.queryByRole('region', { name: 'Related parts' })).not.toBeInTheDocument();
  });

  it('says when a part has no reviews yet', async () => {
    renderPart({ ...headsets, reviewCount: 0, averageRating: null }, { items: [], nextCursor: null, total: 0, averageRating: null });

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
