// Categories (admin): the tree shown nested; a new category sent with its parent; moving a
// category up sends its siblings' new order; deleting asks first and shows the server's refusal
// of a category that still holds parts.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { admin, apiError, callsTo, renderWithApi } from '../../testing/api-test-harness';
import Categories from './Categories';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const id = (n: number) => `3c0c1d1e-8d4b-4c55-9a57-2a0b8f1f1a0${n}`;
const tree = [
  {
    id: id(1),
    name: 'Drivetrain',
    slug: 'drivetrain',
    children: [
      { id: id(2), name: 'Cassettes', slug: 'cassettes', children: [] },
      { id: id(3), name: 'Chains', slug: 'chains', children: [] },
    ],
  },
  { id: id(4), name: 'Wheels', slug: 'wheels', children: [] },
];

function renderPage(procedures: Record<string, (input: unknown) => unknown> = {}) {
  return renderWithApi(<Categories />, {
    auth: admin,
    at: '/dashboard/categories',
    procedures: { 'categories.tree': () => tree, ...procedures },
  });
}

describe('Categories', () => {
  beforeEach(() => vi.clearAllMocks());

  it('adds a category under the parent chosen, its address made from its name by the server', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ 'categories.create': (input) => ({ ...(input as object), id: id(5), slug: 'disc-brakes' }) });
    const form = await screen.findByRole('form', { name: 'New category' });
    await user.type(within(form).getByLabelText('New category'), 'Disc Brakes');
    expect(within(form).getByLabelText('Address (optional)')).toHaveAttribute('placeholder', 'disc-brakes');
    await user.selectOptions(within(form).getByLabelText('Under'), 'Drivetrain');
    await user.click(within(form).getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.categorySaved));
    expect(callsTo(calls, 'categories.create')).toEqual([{ name: 'Disc Brakes', parentId: id(1) }]);
  });

  it('moves a category up among its siblings by sending their new order', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage({ 'categories.reorder': () => [] });
    await user.click(await screen.findByRole('button', { name: 'Move Chains up' }));
    await waitFor(() => expect(callsTo(calls, 'categories.reorder')).toEqual([{ parentId: id(1), orderedIds: [id(3), id(2)] }]));
    expect(screen.getByRole('button', { name: 'Move Cassettes up' })).toBeDisabled();
  });

  it('asks before deleting, and shows why the server refused a category that holds parts', async () => {
    const user = userEvent.setup();
    const refusal = messages.categoryNotEmpty(2, 0);
    const { calls } = renderPage({
      'categories.remove': () => {
        throw apiError(409, refusal);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Chains' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(messages.confirmDeleteCategory('Chains'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete category' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(refusal));
    expect(callsTo(calls, 'categories.remove')).toEqual([{ id: id(3) }]);
  });
});
