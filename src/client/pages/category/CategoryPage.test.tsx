// A category page keeps its view in the address: an address opens with its filters applied and
// shown, every change of a filter writes the address (so a link reproduces it), and Back returns to
// the view before. Also its breadcrumb, subcategories and counts.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { apiError, callsTo, renderWithApi } from '../../testing/api-test-harness';
import CategoryPage from './CategoryPage';
import { categoryViewParams, readCategoryView } from './category-view-params';

const part = (n: number, price: number) => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Cassette ${n}`,
  img: '/images/parts/bike-cassettes-freewheels.svg',
  price,
  minimumOrderQuantity: 1,
  available: 10,
  description: 'A cassette.',
  reviewCount: 0,
  averageRating: null,
});

const drivetrain = {
  category: { name: 'Drivetrain', slug: 'drivetrain' },
  trail: [{ name: 'Drivetrain', slug: 'drivetrain' }],
  children: [
    { name: 'Cassettes', slug: 'cassettes', parts: 2 },
    { name: 'Chains', slug: 'chains', parts: 0 },
  ],
  total: 2,
  inStock: 1,
  fourStarsUp: 1,
  priceRange: { min: 19, max: 99 },
  items: [part(1, 49), part(2, 29)],
  nextCursor: null,
};

const gravelBike = {
  id: '5c0c1d1e-8d4b-4c55-9a57-2a0b8f1f1a01',
  name: 'Gravel bike',
  standards: { speeds: '12', freehub: 'sram-xdr' },
};

/** Shows the address the page is at, and a Back button, as the browser's own would. */
function AddressBar() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="Address">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

function renderCategory(at: string, answer: (input: unknown) => unknown = () => drivetrain) {
  return renderWithApi(
    <>
      <CategoryPage />
      <AddressBar />
    </>,
    { procedures: { 'categories.page': answer, 'bikes.list': () => [gravelBike] }, at, routePath: '/categories/:slug' },
  );
}

describe('the category page', () => {
  it('opens an address with its filters applied and shown', async () => {
    const { calls } = renderCategory('/categories/drivetrain?sort=price-asc&inStock=1&min=20&max=60');
    expect(await screen.findByRole('heading', { level: 1, name: 'Drivetrain' })).toBeInTheDocument();
    expect(callsTo(calls, 'categories.page')[0]).toMatchObject({
      slug: 'drivetrain',
      sort: 'price-asc',
      inStock: true,
      minPrice: 20,
      maxPrice: 60,
    });
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-asc');
    expect(screen.getByRole('checkbox', { name: 'In stock only (1)' })).toBeChecked();
    expect(screen.getByLabelText('Lowest price')).toHaveValue(20);
    expect(screen.getByLabelText('Highest price')).toHaveValue(60);
    expect(screen.getByText('2 parts')).toHaveAttribute('role', 'status');
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(within(breadcrumb).getByText('Drivetrain')).toHaveAttribute('aria-current', 'page');
    // A subcategory keeps the filters, so narrowing down does not lose them.
    expect(within(screen.getByRole('navigation', { name: 'Subcategories' })).getByRole('link', { name: /Cassettes/ })).toHaveAttribute(
      'href',
      '/categories/cassettes?sort=price-asc&inStock=1&min=20&max=60',
    );
  });

  it('writes each filter into the address, and Back returns to the view before', async () => {
    const user = userEvent.setup();
    const { calls } = renderCategory('/categories/drivetrain');
    await screen.findByRole('heading', { level: 1, name: 'Drivetrain' });
    const address = screen.getByRole('status', { name: 'Address' });

    await user.selectOptions(screen.getByLabelText('Sort by'), 'price-desc');
    expect(address).toHaveTextContent('/categories/drivetrain?sort=price-desc');
    await user.click(screen.getByRole('checkbox', { name: /In stock only/ }));
    expect(address).toHaveTextContent('/categories/drivetrain?sort=price-desc&inStock=1');
    await user.type(screen.getByLabelText('Highest price'), '50');
    await user.click(screen.getByRole('button', { name: 'Apply price' }));
    expect(address).toHaveTextContent('/categories/drivetrain?sort=price-desc&inStock=1&max=50');
    await waitFor(() =>
      expect(callsTo(calls, 'categories.page').at(-1)).toMatchObject({ sort: 'price-desc', inStock: true, maxPrice: 50 }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(address).toHaveTextContent('/categories/drivetrain?sort=price-desc&inStock=1');
    expect(address.textContent).not.toContain('max=');
    expect(screen.getByLabelText('Highest price')).toHaveValue(null);

    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    expect(address.textContent).toBe('/categories/drivetrain');
  });

  it('filters by "4 stars & up" through the address, and opens a shared link with it ticked', async () => {
    const user = userEvent.setup();
    const { calls } = renderCategory('/categories/drivetrain?inStock=1');
    await screen.findByRole('heading', { level: 1, name: 'Drivetrain' });
    const address = screen.getByRole('status', { name: 'Address' });

    await user.click(screen.getByRole('checkbox', { name: '4 stars & up (1)' }));
    expect(address).toHaveTextContent('/categories/drivetrain?inStock=1&rating=4');
    await waitFor(() => expect(callsTo(calls, 'categories.page').at(-1)).toMatchObject({ inStock: true, minRating: 4 }));
    await user.click(screen.getByRole('checkbox', { name: /4 stars & up/ }));
    expect(address.textContent).toBe('/categories/drivetrain?inStock=1');
  });

  it('says a category does not exist when its address names none', async () => {
    renderCategory('/categories/gone', () => {
      throw apiError(404, messages.categoryNotFound);
    });
    expect(await screen.findByRole('heading', { name: 'Category not found' })).toBeInTheDocument();
    expect(screen.getByText(messages.categoryNotFound)).toBeInTheDocument();
  });
});

describe('the view in the address', () => {
  it('reads junk and a reversed range leniently, and writes only what differs from the default', () => {
    expect(readCategoryView(new URLSearchParams('rating=4'))).toEqual({ sort: 'catalogue', inStock: false, minRating: 4 });
    for (const junk of ['rating=0', 'rating=6', 'rating=4.5', 'rating=', 'rating=four']) {
      expect(readCategoryView(new URLSearchParams(junk))).toEqual({ sort: 'catalogue', inStock: false });
    }
    expect(readCategoryView(new URLSearchParams('sort=cheapest&inStock=yes&min=abc&max=-3'))).toEqual({
      sort: 'catalogue',
      inStock: false,
    });
    expect(readCategoryView(new URLSearchParams('min=80&max=20'))).toEqual({
      sort: 'catalogue',
      inStock: false,
      minPrice: 20,
      maxPrice: 80,
    });
    expect(categoryViewParams({ sort: 'catalogue', inStock: false }).toString()).toBe('');
    expect(categoryViewParams({ sort: 'newest', inStock: true, minPrice: 0 }).toString()).toBe('sort=newest&inStock=1&min=0');
  });

  it('filters to a saved bike, keeps it in the address and on the parts’ links, and removes it', async () => {
    const user = userEvent.setup();
    const { calls } = renderCategory('/categories/drivetrain');
    await user.selectOptions(await screen.findByLabelText('Your bikes'), 'Gravel bike');

    await waitFor(() =>
      expect(screen.getByLabelText('Address')).toHaveTextContent('/categories/drivetrain?fits=speeds.12_freehub.sram-xdr'),
    );
    await waitFor(() => expect(callsTo(calls, 'categories.page').at(-1)).toMatchObject({ fits: gravelBike.standards }));
    expect(screen.getByText(/Showing parts that fit/)).toHaveTextContent('Showing parts that fit your Gravel bike');
    expect(screen.getAllByRole('link', { name: 'Cassette 1' })[0]).toHaveAttribute(
      'href',
      '/parts/00000000-0000-4000-8000-000000000001?fits=speeds.12_freehub.sram-xdr',
    );

    await user.click(screen.getByRole('button', { name: 'Remove bike filter' }));
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveTextContent(/^\/categories\/drivetrain$/));
    expect(callsTo(calls, 'categories.page').at(-1)).not.toHaveProperty('fits');
  });

  it('filters to a bike typed in without saving it', async () => {
    const user = userEvent.setup();
    const { calls } = renderCategory('/categories/drivetrain');
    await user.click(await screen.findByText('Enter a bike'));
    await user.selectOptions(screen.getByLabelText('Wheel size'), '650b / 27.5"');
    await user.click(screen.getByRole('button', { name: 'Show parts that fit' }));
    await waitFor(() => expect(callsTo(calls, 'categories.page').at(-1)).toMatchObject({ fits: { wheelSize: '584' } }));
    expect(screen.getByLabelText('Address')).toHaveTextContent('fits=wheelSize.584');
    expect(screen.getByText(/Showing parts that fit/)).toHaveTextContent('Showing parts that fit this bike: Wheel size 650b / 27.5"');
  });
});
