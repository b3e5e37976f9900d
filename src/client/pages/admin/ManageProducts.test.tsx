// Manage product: hidden parts stay listed with a badge and a Show action; a picture that fails to
// load is replaced by the placeholder, never shown broken.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ManageProducts from './ManageProducts';
import { admin, callsTo, renderWithApi } from '../../testing/api-test-harness';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const part = (name: string, hidden: boolean, img = '/images/parts/handlebars.svg') => ({
  _id: `id-${name}`,
  name,
  price: 10,
  img,
  description: 'A part.',
  minimumOrderQuantity: 1,
  available: 5,
  hidden,
  version: 1,
});

function renderPage() {
  return renderWithApi(<ManageProducts />, {
    auth: admin,
    procedures: {
      'tools.adminList': () => ({
        items: [part('Shown crank', false), part('Hidden crank', true, '/images/uploads/missing.png')],
        nextCursor: null,
      }),
      'tools.setHidden': (input) => ({ ...part('Hidden crank', false), ...(input as object) }),
    },
  });
}

describe('Manage product', () => {
  it('badges a hidden part and offers to show it, and to hide a shown one', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();

    const hiddenRow = (await screen.findByText('Hidden crank')).closest('tr')!;
    expect(within(hiddenRow).getByText('Hidden')).toBeInTheDocument();
    expect(within(screen.getByText('Shown crank').closest('tr')!).queryByText('Hidden')).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit Hidden crank' })).toHaveAttribute(
      'href',
      '/dashboard/manageproducts/id-Hidden crank/edit',
    );

    await user.click(screen.getByRole('button', { name: 'Show Hidden crank' }));
    await waitFor(() => expect(callsTo(calls, 'tools.setHidden')).toEqual([{ id: 'id-Hidden crank', hidden: false }]));
    expect(screen.getByRole('button', { name: 'Hide Shown crank' })).toBeInTheDocument();
  });

  it('shows the placeholder instead of a picture that fails to load', async () => {
    renderPage();
    const row = (await screen.findByText('Hidden crank')).closest('tr')!;
    const picture = row.querySelector('img')!;
    fireEvent.error(picture);
    expect(picture.getAttribute('src')).toBe('/images/parts/placeholder.svg');
  });
});
