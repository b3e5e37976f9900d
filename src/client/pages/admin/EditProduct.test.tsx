// Edit product: the form opens on the saved part, saves the edit from its version and the stock it
// showed, and, when another admin saved first, shows why and their values instead.
import { TRPCClientError } from '@trpc/client';
import { screen, waitFor } from '@testing-library/react';
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
};

function renderForm(update: (input: unknown) => unknown) {
  return renderWithApi(<EditProduct />, {
    auth: admin,
    at: `/dashboard/manageproducts/${saved._id}/edit`,
    routePath: '/dashboard/manageproducts/:id/edit',
    procedures: { 'tools.adminById': () => saved, 'tools.update': update, 'tools.priceBreaks': () => [] },
  });
}

describe('Edit product', () => {
  beforeEach(() => vi.clearAllMocks());

  it('saves the edit with the version and the stock the form showed', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm((input) => ({ ...saved, ...(input as object), version: 4 }));

    const price = await screen.findByLabelText('Price (USD)');
    expect(price).toHaveValue(24.5);
    await user.clear(price);
    await user.type(price, '30');
    await user.clear(screen.getByLabelText('Available'));
    await user.type(screen.getByLabelText('Available'), '95');
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
});
