// Make Admin: no button for admins, the two toasts of SPEC.md §8, and Remove User behind the confirm dialog.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { admin, apiError, callsTo, renderWithApi } from '../../testing/api-test-harness';
import MakeAdmin from './MakeAdmin';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const adminRecord = {
  _id: 'a0000000-0000-4000-8000-000000000001',
  email: 'admin@example.com',
  role: 'admin',
  displayName: 'Ada Admin',
};
const otherAdmin = { _id: 'a0000000-0000-4000-8000-000000000002', email: 'boss@example.com', role: 'admin', displayName: null };
const customerRecord = {
  _id: 'c0000000-0000-4000-8000-000000000003',
  email: 'customer@example.com',
  role: 'user',
  displayName: 'Casey',
};

/** The whole list in one page, as the server answers when there is no more. */
const onePage = (items: unknown[]) => ({ items, nextCursor: null });

function rowOf(email: string): HTMLElement {
  const row = screen.getByText(email).closest('tr');
  if (!row) throw new Error(`No row for ${email}`);
  return row;
}

async function findRow(email: string): Promise<HTMLElement> {
  await screen.findByText(email);
  return rowOf(email);
}

describe('Make Admin', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the first page of users and loads the next one with Show more users', async () => {
    renderWithApi(<MakeAdmin />, {
      auth: admin,
      procedures: {
        'users.list': (input) =>
          (input as { cursor?: string }).cursor === '2'
            ? { items: [customerRecord], nextCursor: null }
            : { items: [adminRecord, otherAdmin], nextCursor: '2' },
      },
    });

    await findRow('boss@example.com');
    expect(screen.queryByText('customer@example.com')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more users' }));

    await findRow('customer@example.com');
    expect(screen.getByText('boss@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more users' })).not.toBeInTheDocument();
  });

  it('offers Make Admin only to users who are not admins, and Remove User to everyone but yourself', async () => {
    renderWithApi(<MakeAdmin />, {
      auth: admin,
      procedures: { 'users.list': () => onePage([adminRecord, otherAdmin, customerRecord]) },
    });

    const customerRow = await findRow('customer@example.com');
    expect(within(customerRow).getByRole('button', { name: /^Make Admin/ })).toBeInTheDocument();
    expect(within(customerRow).getByRole('button', { name: /^Remove User/ })).toBeInTheDocument();

    const otherAdminRow = await findRow('boss@example.com');
    expect(within(otherAdminRow).queryByRole('button', { name: /^Make Admin/ })).not.toBeInTheDocument();
    expect(within(otherAdminRow).getByRole('button', { name: /^Remove User/ })).toBeInTheDocument();

    const myRow = await findRow('admin@example.com');
    expect(within(myRow).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says "Make admin successfully" and refreshes the list, which no longer offers the button', async () => {
    let customerRole = 'user';
    const { calls } = renderWithApi(<MakeAdmin />, {
      auth: admin,
      procedures: {
        'users.list': () => onePage([adminRecord, { ...customerRecord, role: customerRole }]),
        'users.makeAdmin': () => {
          customerRole = 'admin';
          return { modifiedCount: 1 };
        },
      },
    });

    await userEvent.click(within(await findRow('customer@example.com')).getByRole('button', { name: /^Make Admin/ }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.makeAdminSucceeded));
    expect(callsTo(calls, 'users.makeAdmin')).toEqual([{ email: 'customer@example.com' }]);
    await waitFor(() =>
      expect(within(rowOf('customer@example.com')).queryByRole('button', { name: /^Make Admin/ })).not.toBeInTheDocument(),
    );
  });

  it('says "Failed to make an admin" when the server answers 403', async () => {
    renderWithApi(<MakeAdmin />, {
      auth: admin,
      procedures: {
        'users.list': () => onePage([adminRecord, customerRecord]),
        'users.makeAdmin': () => {
          throw apiError(403, messages.adminOnly);
        },
      },
    });

    await userEvent.click(within(await findRow('customer@example.com')).getByRole('button', { name: /^Make Admin/ }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.makeAdminFailed));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows no success toast when nothing changed (the user was already admin)', async () => {
    renderWithApi(<MakeAdmin />, {
      auth: admin,
      procedures: { 'users.list': () => onePage([adminRecord, customerRecord]), 'users.makeAdmin': () => ({ modifiedCount: 0 }) },
    });

    await userEvent.click(within(await findRow('customer@example.com')).getByRole('button', { name: /^Make Admin/ }));

    await waitFor(() => expect(screen.getByRole('button', { name: /^Make Admin/ })).toBeEnabled());
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('removes a user after the confirm dialog', async () => {
    const { calls } = renderWithApi(<MakeAdmin />, {
      auth: admin,
      procedures: { 'users.list': () => onePage([adminRecord, customerRecord]), 'users.remove': () => ({ deletedCount: 1 }) },
    });

    await userEvent.click(within(await findRow('customer@example.com')).getByRole('button', { name: /^Remove User/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(messages.confirmDelete);
    await userEvent.click(within(dialog).getByRole('button', { name: messages.removeUser }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.deleted));
    expect(callsTo(calls, 'users.remove')).toEqual([{ id: customerRecord._id }]);
  });

  it('searches the users by the words in the address, and puts a new search there', async () => {
    const { calls } = renderWithApi(<MakeAdmin />, {
      auth: admin,
      at: '/dashboard/makeadmin?q=casey',
      routePath: '/dashboard/makeadmin',
      procedures: { 'users.list': () => onePage([customerRecord]) },
    });

    await findRow('customer@example.com');
    expect(callsTo(calls, 'users.list')).toEqual([{ direction: 'forward', limit: 50, q: 'casey' }]);
    const box = screen.getByRole('searchbox', { name: 'Search users' });
    expect(box).toHaveValue('casey');
    await userEvent.clear(box);
    await userEvent.type(box, 'boss@{Enter}');
    await waitFor(() => expect(callsTo(calls, 'users.list').at(-1)).toEqual({ direction: 'forward', limit: 50, q: 'boss@' }));
  });

  it('says when no user matches the search', async () => {
    renderWithApi(<MakeAdmin />, {
      auth: admin,
      at: '/dashboard/makeadmin?q=nobody',
      routePath: '/dashboard/makeadmin',
      procedures: { 'users.list': () => onePage([]) },
    });
    expect(await screen.findByText('No users match this search.')).toBeInTheDocument();
  });
});
