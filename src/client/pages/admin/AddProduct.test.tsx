// Add a product: the numbers go to the server as numbers, success says so and empties the form; bad input is explained.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import AddProduct from './AddProduct';
import { admin, callsTo, renderWithApi } from '../../testing/api-test-harness';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderForm() {
  return renderWithApi(<AddProduct />, {
    auth: admin,
    procedures: { 'tools.create': (input) => ({ _id: 't1', ...(input as object) }) },
  });
}

describe('Add a product', () => {
  beforeEach(() => vi.clearAllMocks());

  it('adds the part with numeric price and quantities, says so and empties the form', async () => {
    const user = userEvent.setup();
    const { calls } = renderForm();

    await user.type(screen.getByLabelText('Name'), 'Chainrings');
    await user.type(screen.getByLabelText('Price (USD)'), '24.5');
    await user.type(screen.getByLabelText('Minimum order quantity'), '10');
    await user.type(screen.getByLabelText('Available'), '80');
    await user.type(screen.getByLabelText('Image URL'), '/images/parts/placeholder.svg');
    await user.type(screen.getByLabelText('Description'), 'Narrow-wide teeth.');
    await user.click(screen.getByRole('button', { name: 'Add product' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.productAdded));
    expect(callsTo(calls, 'tools.create')).toEqual([
      {
        name: 'Chainrings',
        categoryId: null,
        price: 24.5,
        minimumOrderQuantity: 10,
        available: 80,
        img: '/images/parts/placeholder.svg',
        description: 'Narrow-wide teeth.',
        specifications: [],
      },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
  });

  it('explains what is missing and sends nothing', async () => {
    const { calls } = renderForm();

    await userEvent.click(screen.getByRole('button', { name: 'Add product' }));

    expect(await screen.findByText(messages.productNameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.priceInvalid)).toBeInTheDocument();
    expect(screen.getByText(messages.productImageInvalid)).toBeInTheDocument();
    expect(callsTo(calls, 'tools.create')).toEqual([]);
  });
});
