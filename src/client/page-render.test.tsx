// The server's render and the browser's hydration agree: the HTML page-render.tsx makes for a
// part's page, a category's page and for home, hydrated by the browser's app from the data sent with it, gives no
// mismatch, no recoverable error and no read of its own (React's development build reports every
// difference, which the production build would pass over).
import { act, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../shared/messages';
import type { SharedRead } from '../shared/page-render';
import { pageComposer } from '../server/http/page-template';
import { loadFirebaseAuth } from './auth/firebase';
import { BrowserApp, readPageData } from './browser-app';
import { renderPage } from './page-render';
import { fakeFirebaseKit } from './testing/fake-firebase';

vi.mock('./auth/firebase', () => ({ loadFirebaseAuth: vi.fn() }));

const partId = '00000000-0000-4000-8000-000000000007';
const part = {
  _id: partId,
  name: 'Bike Headsets',
  img: '/images/parts/bike-headsets.svg',
  price: 39,
  minimumOrderQuantity: 5,
  available: 43,
  description: 'Sealed cartridge bearings.',
  reviewCount: 1,
  averageRating: 4,
  variantCount: 1,
};
const relatedPart = {
  ...part,
  _id: '00000000-0000-4000-8000-000000000008',
  name: 'Quill Bike Stems',
  reviewCount: 0,
  averageRating: null,
};
/** What tools.byId adds to the part for its page: its gallery, specifications and one variant. */
const partPage = {
  ...part,
  images: [{ path: part.img, alt: 'A sealed cartridge headset' }],
  specifications: [{ name: 'Bearings', value: 'Sealed cartridge' }],
  variants: [{ id: partId, sku: null, optionValues: {}, price: 39, img: part.img, minimumOrderQuantity: 5, available: 43 }],
};
const review = {
  _id: 'r1',
  name: 'Rider',
  img: '/images/avatars/default.svg',
  rating: 4,
  text: 'Smooth.',
  createdAt: '2026-11-01T00:00:00.000Z',
};

const categoryId = '00000000-0000-4000-8000-000000000009';

const read: SharedRead = async (path, input) => {
  switch (path) {
    case 'tools.byId':
      return (input as { id: string }).id === partId
        ? { ok: true, data: partPage }
        : { ok: false, httpStatus: 404, message: 'Part not found.' };
    case 'reviews.forPart':
      return { ok: true, data: { items: [review], nextCursor: null, total: 1, averageRating: 4 } };
    case 'tools.list':
      return { ok: true, data: { items: [part], nextCursor: null } };
    case 'reviews.list':
      return { ok: true, data: { items: [review], nextCursor: null, total: 1 } };
    case 'categories.tree':
      return { ok: true, data: [{ id: categoryId, name: 'Drivetrain', slug: 'drivetrain', children: [] }] };
    case 'categories.page':
      return (input as { slug: string }).slug === 'drivetrain'
        ? {
            ok: true,
            data: {
              category: { name: 'Drivetrain', slug: 'drivetrain' },
              trail: [{ name: 'Drivetrain', slug: 'drivetrain' }],
              children: [{ name: 'Cassettes', slug: 'cassettes', parts: 0 }],
              total: 1,
              inStock: 1,
              priceRange: { min: 39, max: 39 },
              items: [part],
              nextCursor: null,
            },
          }
        : { ok: false, httpStatus: 404, message: messages.categoryNotFound };
    case 'tools.related':
      return { ok: true, data: [relatedPart] };
    case 'tools.compatibility':
      return { ok: true, data: { speeds: ['11', '12'] } };
    case 'categories.trailOfPart':
      return { ok: true, data: [{ name: 'Drivetrain', slug: 'drivetrain' }] };
    default:
      return { ok: false, httpStatus: 404, message: `no ${path}` };
  }
};

const template =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Shell</title></head><body><div id="root"></div></body></html>';

let root: Root | undefined;
beforeEach(() => {
  vi.mocked(loadFirebaseAuth).mockResolvedValue(fakeFirebaseKit(null).kit);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('the hydrated page asked the server'))),
  );
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Loads the server's page into the document at `url` and hydrates it as boot.tsx does. */
async function hydrateServerPage(url: string) {
  const page = await renderPage({ url, shopUrl: 'https://shop.test', read });
  if (!page) throw new Error(`${url} is not rendered`);
  const html = pageComposer(template)(page);
  // The document's own head and body elements keep their identity (screen queries document.body).
  document.head.innerHTML = html.slice(html.indexOf('<head>') + '<head>'.length, html.indexOf('</head>'));
  document.body.innerHTML = html.slice(html.indexOf('<body>') + '<body>'.length, html.indexOf('</body>'));
  window.history.replaceState(null, '', url);
  const consoleErrors = vi.spyOn(console, 'error');
  const recoverableErrors: unknown[] = [];
  const container = document.getElementById('root')!;
  await act(async () => {
    root = hydrateRoot(container, <BrowserApp container={container} pageData={readPageData()} />, {
      onRecoverableError: (error) => recoverableErrors.push(error),
    });
  });
  return { consoleErrors, recoverableErrors };
}

describe('a page rendered by the server, hydrated by the browser', () => {
  it("takes a part's page over as it is, without asking for the part again", async () => {
    const { consoleErrors, recoverableErrors } = await hydrateServerPage(`/parts/${partId}`);

    expect(screen.getByRole('heading', { level: 1, name: 'Bike Headsets' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeEnabled();
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(document.title).toBe('Bike Headsets | Sprocket');
    expect(document.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Quill Bike Stems' })).toHaveAttribute('href', `/parts/${relatedPart._id}`);
    expect(screen.getByText('11, 12')).toBeInTheDocument();
    expect(recoverableErrors).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("takes a category's page over as it is, filters and all, without asking again", async () => {
    const { consoleErrors, recoverableErrors } = await hydrateServerPage('/categories/drivetrain?sort=price-asc&inStock=1');

    expect(screen.getByRole('heading', { level: 1, name: 'Drivetrain' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Bike Headsets' })[0]).toHaveAttribute('href', `/parts/${partId}`);
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-asc');
    expect(await screen.findByRole('button', { name: 'Book Now' })).toBeEnabled();
    expect(document.title).toBe('Drivetrain | Sprocket');
    expect(document.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(recoverableErrors).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('takes home over as it is, with its parts and reviews', async () => {
    const { consoleErrors, recoverableErrors } = await hydrateServerPage('/home');

    expect(screen.getAllByText('Bike Headsets').length).toBeGreaterThan(0);
    expect(screen.getByText('Smooth.')).toBeInTheDocument();
    expect(recoverableErrors).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['a part not in the shop', '/parts/00000000-0000-4000-8000-00000000dead', 'Part not found'],
    ['a category not in the shop', '/categories/no-such-category', 'Category not found'],
    ['an address with no page', '/no/such/page', messages.notFoundPage],
  ])('takes the not-found page of %s over as it is, without asking again', async (_case, url, heading) => {
    const { consoleErrors, recoverableErrors } = await hydrateServerPage(url);

    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Login|Open menu/ })).toBeInTheDocument();
    expect(recoverableErrors).toEqual([]);
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });
});
