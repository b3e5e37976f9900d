// Edit product: the form opens on the saved part, saves the edit from its version and the stock it
// showed, and, when another admin saved first, shows why and their values instead.
import { TRPCClientError } from '@trpc/client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import EditProduct from './EditProduct';
import { admin, callsTo, renderWithApi } from '../../testing/api-test-harness';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const saved = {
  _id: '7f0c1d1e-8d4b-4c55-9a57-2a0b8f1f1a11',
  name: 'Chainrings',
  price: 24.5,
  img: '/images/parts/placeholder.svg',
  description: 'Narrow-wide teeth.',
  minimumOrderQuantity: 10,
  available: 80,
  hidden: false,
  version: 3,
  categoryId: null,
  compatibility: { speeds: ['11'], brakeType: ['disc'] },
  images: [
    { path: '/images/parts/placeholder.svg', alt: 'Chainring from the front' },
    { path: '/images/parts/handlebars.svg', alt: 'Chainring teeth close up' },
  ],
  specifications: [{ name: 'Teeth', value: '42' }],
};

const tree = [
  {
    id: '3c0c1d1e-8d4b-4c55-9a57-2a0b8f1f1a01',
    name: 'Drivetrain',
    slug: 'drivetrain',
    children: [{ id: '3c0c1d1e-8d4b-4c55-9a57-2a0b8f1f1a02', name: 'Chainrings', slug: 'chainrings', children: [] }],
  },
];

function renderForm(update: (input: unknown) => unknown) {
  return renderWithApi(<EditProduct />, {
    auth: admin,
    at: `/dashboard/manageproducts/${saved._id}/edit`,
    routePath: '/dashboard/manageproducts/:id/edit',
    procedures: {
      'tools.adminById': () => saved,
      'tools.update': update,
      'tools.priceBreaks': () => [],
      'tools.adminVariants': () => [],
      'categories.tree': () => tree,
    },
  });
}

describe('Edit product', () => {
  beforeEach(() => vi.clearAllMocks());

  it('saves the edit, the category and compatibility chosen included, with the version and the stock the form showed', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm((input) => ({ ...saved, ...(input as object), version: 4 }));

    const price = await screen.findByLabelText('Price (USD)');
    expect(price).toHaveValue(24.5);
    await user.clear(price);
    await user.type(price, '30');
    await user.clear(screen.getByLabelText('Available'));
    await user.type(screen.getByLabelText('Available'), '95');
    await user.selectOptions(
      screen.getByLabelText('Category'),
      await screen.findByRole('option', { name: 'Drivetrain › Chainrings' }),
    );
    // Ticking 12 adds a value; unticking disc leaves brakes as a standard the part does not depend on.
    const speeds = screen.getByRole('group', { name: /^Speeds/ });
    expect(within(speeds).getByLabelText('11')).toBeChecked();
    await user.click(within(speeds).getByLabelText('12'));
    await user.click(within(screen.getByRole('group', { name: /^Brakes/ })).getByLabelText('Disc'));
    expect(screen.getByRole('group', { name: /^Brakes\s*— does not depend$/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.partSaved));
    expect(callsTo(calls, 'tools.update')).toEqual([
      {
        id: saved._id,
        version: 3,
        availableWas: 80,
        name: 'Chainrings',
        price: 30,
        img: '/images/parts/placeholder.svg',
        description: 'Narrow-wide teeth.',
        minimumOrderQuantity: 10,
        available: 95,
        categoryId: tree[0]!.children[0]!.id,
        compatibility: { speeds: ['11', '12'] },
        images: saved.images,
        specifications: saved.specifications,
      },
    ]);
  });

  it('shows why a save was refused and the values another admin saved, then saves from them', async () => {
    const user = userEvent.setup();
    const theirs = { ...saved, price: 26, version: 4 };
    let refused = false;
    const { calls } = renderForm((input) => {
      if (!refused) {
        refused = true;
        throw TRPCClientError.from({
          error: { code: -32009, message: messages.partEditConflict, data: { code: 'CONFLICT', httpStatus: 409, current: theirs } },
        } as never);
      }
      return { ...theirs, ...(input as object), version: 5 };
    });

    const price = await screen.findByLabelText('Price (USD)');
    await user.clear(price);
    await user.type(price, '30');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.partEditConflict);
    await waitFor(() => expect(screen.getByLabelText('Price (USD)')).toHaveValue(26));
    expect(toast.success).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.partSaved));
    expect(callsTo(calls, 'tools.update').at(-1)).toMatchObject({ version: 4, price: 26 });
  });

  it('reorders the gallery so the cover follows, edits alt text and specifications, and removes a picture', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm((input) => ({ ...saved, ...(input as object), version: 4 }));

    // The second picture moves up by keyboard: it becomes the cover, the image URL follows.
    await user.click(await screen.findByRole('button', { name: 'Move image 2 up' }));
    expect(screen.getByLabelText('Image URL')).toHaveValue('/images/parts/handlebars.svg');
    await user.clear(screen.getByLabelText('Alt text of image 2'));
    await user.type(screen.getByLabelText('Alt text of image 2'), 'Chainring, front');
    await user.click(screen.getByRole('button', { name: 'Add a specification' }));
    await user.type(screen.getByLabelText('Name of specification 2'), 'Material');
    await user.type(screen.getByLabelText('Value of specification 2'), '7075 aluminium');
    await user.click(screen.getByRole('button', { name: 'Move specification 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.partSaved));
    expect(callsTo(calls, 'tools.update').at(-1)).toMatchObject({
      img: '/images/parts/handlebars.svg',
      images: [
        { path: '/images/parts/handlebars.svg', alt: 'Chainring teeth close up' },
        { path: '/images/parts/placeholder.svg', alt: 'Chainring, front' },
      ],
      specifications: [
        { name: 'Material', value: '7075 aluminium' },
        { name: 'Teeth', value: '42' },
      ],
    });
  });

  it('asks for the alt text of a picture and sends nothing until it is written', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm((input) => ({ ...saved, ...(input as object), version: 4 }));

    await user.clear(await screen.findByLabelText('Alt text of image 2'));
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getByLabelText('Image URL')).toHaveValue('/images/parts/handlebars.svg');
    expect(screen.getByRole('button', { name: 'Remove image 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(messages.imageAltRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Alt text of image 1 (the cover)')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, 'tools.update')).toEqual([]);

    await user.type(screen.getByLabelText('Alt text of image 1 (the cover)'), 'Teeth');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.partSaved));
    expect(callsTo(calls, 'tools.update').at(-1)).toMatchObject({
      img: '/images/parts/handlebars.svg',
      images: [{ path: '/images/parts/handlebars.svg', alt: 'Teeth' }],
    });
  });
});
