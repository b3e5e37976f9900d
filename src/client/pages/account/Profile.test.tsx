// My Profile says whether the email is verified, and while it is not, has the shop mail a new link.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { customerAccount } from '../../testing/account-fixtures';
import { callsTo, customer, renderWithApi } from '../../testing/api-test-harness';
import Profile from './Profile';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const email = customer.user!.email;
const me = (emailVerified: boolean) => customerAccount({ emailVerified });

/** The value the profile's list shows under `term`. */
async function shown(term: string): Promise<HTMLElement> {
  const dt = await screen.findByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

describe('Profile', () => {
  beforeEach(() => vi.clearAllMocks());

  it('says the email is not verified, and has the shop mail a new verification link', async () => {
    const { calls } = renderWithApi(<Profile />, {
      procedures: { 'users.me': () => me(false), 'users.sendVerificationEmail': () => ({ sentTo: email }), 'bikes.list': () => [] },
      at: '/dashboard/profile',
    });

    expect(await shown('Email address')).toHaveTextContent(messages.emailNotVerifiedBadge);
    expect(screen.getByText(messages.emailNotVerified)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send verification email' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.verificationEmailSent(email)));
    expect(callsTo(calls, 'users.sendVerificationEmail')).toHaveLength(1);
  });

  it('says why when the shop will not send another link now', async () => {
    renderWithApi(<Profile />, {
      procedures: {
        'users.me': () => me(false),
        'bikes.list': () => [],
        'users.sendVerificationEmail': () => {
          throw new Error(messages.accountEmailsTooMany(email));
        },
      },
      at: '/dashboard/profile',
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Send verification email' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.accountEmailsTooMany(email)));
  });

  it('says a verified email is verified, and offers no link', async () => {
    renderWithApi(<Profile />, { procedures: { 'users.me': () => me(true), 'bikes.list': () => [] }, at: '/dashboard/profile' });

    expect(await shown('Email address')).toHaveTextContent(messages.emailVerifiedBadge);
    expect(within(await shown('Email')).getByText(email)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send verification email' })).not.toBeInTheDocument();
  });
});
