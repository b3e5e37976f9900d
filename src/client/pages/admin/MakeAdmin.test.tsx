// Make Admin: no button for admins, a disabled one saying why for a customer whose email is not
// verified, a confirmation naming the account, the two toasts of SPEC.md §8, and Remove User behind
// the confirm dialog.
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
  adminEligibility: 'admin',
};
const otherAdmin = {
  _id: 'a0000000-0000-4000-8000-000000000002',
  email: 'boss@example.com',
  role: 'admin',
  displayName: null,
  adminEligibility: 'admin',
};
const customerRecord = {
  _id: 'c0000000-0000-4000-8000-000000000003',
  email: 'customer@example.com',
  role: 'user',
  displayName: 'Casey',
  adminEligibility: 'eligible',
};
const unverifiedCustomer = {
  _id: 'c0000000-0000-4000-8000-000000000004',
  email: 'newcomer@example.com',
  role: 'user',
  displayName: 'Nico',
  adminEligibility: 'emailNotVerified',
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

/** Clicks Make Admin in the row, and the dialog's answer: grant it, or keep the customer as they are. */
async function makeAdminOf(email: string, answer: 'grant' | 'keep' = 'grant'): Promise<void> {
  await userEvent.click(within(await findRow(email)).getByRole('button', { name: /^Make Admin/ }));
  const dialog = screen.getByRole('alertdialog');
  await userEvent.click(within(dialog).getByRole('button', { name: answer === 'grant' ? messages.makeAdmin : messages.keepCustomer }));
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
        'users.list': () =>
          onePage([
            adminRecord,
            { ...customerRecord, role: customerRole, adminEligibility: customerRole === 'admin' ? 'admin' : 'eligible' },
          ]),
        'users.makeAdmin': () => {
          customerRole = 'admin';
          return { modifiedCount: 1 };
        },
      },
    });

    await makeAdminOf('customer@example.com');

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

    await makeAdminOf('customer@example.com');

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.makeAdminFailed));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('shows no success toast when nothing changed (the user was already admin)', async () => {
    renderWithApi(<MakeAdmin />, {
      auth: admin,
      procedures: { 'users.list': () => onePage([adminRecord, customerRecord]), 'users.makeAdmin': () => ({ modifiedCount: 0 }) },
    });

    await makeAdminOf('customer@example.com');

    await waitFor(() => expect(screen.getByRole('button', { name: /^Make Admin/ })).toBeEnabled());
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('asks first, naming the account, and makes no one admin when the admin keeps the customer', async () => {
    const { calls } = renderWithApi(<MakeAdmin />, {
      auth: admin,
      procedures: { 'users.list': () => onePage([adminRecord, customerRecord]), 'users.makeAdmin': () => ({ modifiedCount: 1 }) },
    });

    await userEvent.click(within(await findRow('customer@example.com')).getByRole('button', { name: /^Make Admin/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(messages.confirmMakeAdmin('customer@example.com'));
    await userEvent.click(within(dialog).getByRole('button', { name: messages.keepCustomer }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(calls, 'users.makeAdmin')).toEqual([]);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('disables Make Admin for a customer whose email is not verified, saying why and how they become eligible', async () => {
    const { calls } = renderWithApi(<MakeAdmin />, {
      auth: admin,
      procedures: { 'users.list': () => onePage([adminRecord, unverifiedCustomer, customerRecord]) },
    });

    const row = await findRow('newcomer@example.com');
    const button = within(row).getByRole('button', { name: /^Make Admin/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(messages.makeAdminNeedsVerifiedEmail);
    expect(row).toHaveTextContent(messages.makeAdminNeedsVerifiedEmail);
    await userEvent.click(button);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(calls, 'users.makeAdmin')).toEqual([]);
    // An eligible customer's button says nothing of the kind.
    const eligible = within(rowOf('customer@example.com')).getByRole('button', { name: /^Make Admin/ });
    expect(eligible).toBeEnabled();
    expect(rowOf('customer@example.com')).not.toHaveTextContent(messages.makeAdminNeedsVerifiedEmail);
  });

  it('shows the server’s refusal when the customer is no longer eligible', async () => {
    renderWithApi(<MakeAdmin />, {
      auth: admin,
      procedures: {
        'users.list': () => onePage([adminRecord, customerRecord]),
        'users.makeAdmin': () => {
          throw apiError(409, messages.adminNeedsVerifiedEmail);
        },
      },
    });

    await makeAdminOf('customer@example.com');

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.adminNeedsVerifiedEmail));
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
