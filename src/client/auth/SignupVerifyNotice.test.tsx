// The notice after an email sign-up: it says the shop mailed a verification link, sends it again on
// request, and goes once dismissed or once the server says the address is verified.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../shared/messages';
import { customerAccount } from '../testing/account-fixtures';
import { callsTo, customer, renderWithApi } from '../testing/api-test-harness';
import { rememberSignupNotice } from './signup-notice';
import { SignupVerifyNotice } from './SignupVerifyNotice';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const email = customer.user!.email;
const me = (emailVerified: boolean) => customerAccount({ emailVerified });

describe('SignupVerifyNotice', () => {
  beforeEach(() => vi.clearAllMocks());

  it('tells a new customer to check their inbox, sends the link again, and goes when dismissed', async () => {
    rememberSignupNotice(email);
    const { calls } = renderWithApi(<SignupVerifyNotice />, {
      procedures: { 'users.me': () => me(false), 'users.sendVerificationEmail': () => ({ sentTo: email }) },
    });

    expect(await screen.findByRole('status')).toHaveTextContent(messages.checkInboxAfterSignup(email));
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.verificationEmailSent(email)));
    expect(callsTo(calls, 'users.sendVerificationEmail')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss this notice' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says why a link could not be sent again', async () => {
    rememberSignupNotice(email);
    renderWithApi(<SignupVerifyNotice />, {
      procedures: {
        'users.me': () => me(false),
        'users.sendVerificationEmail': () => {
          throw new Error(messages.accountEmailsTooMany(email));
        },
      },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(messages.accountEmailsTooMany(email)));
  });

  it('shows nothing once the address is verified, for another account, or without a sign-up', async () => {
    rememberSignupNotice(email);
    const verified = renderWithApi(<SignupVerifyNotice />, { procedures: { 'users.me': () => me(true) } });
    // Once the account has arrived, not before.
    await waitFor(() => expect(verified.queryClient.getQueryCache().getAll()[0]?.state.status).toBe('success'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    verified.unmount();

    act(() => rememberSignupNotice('someone-else@example.com'));
    const other = renderWithApi(<SignupVerifyNotice />, { procedures: { 'users.me': () => me(false) } });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(callsTo(other.calls, 'users.me')).toEqual([]);
    other.unmount();

    sessionStorage.clear();
    const none = renderWithApi(<SignupVerifyNotice />, { procedures: { 'users.me': () => me(false) } });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(callsTo(none.calls, 'users.me')).toEqual([]);
  });
});
