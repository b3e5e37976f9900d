// /reset-password: names the account the link's code is for, takes a new password by the sign-up
// form's rules, and hands both to the provider; a spent link says how to get another.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { loadFirebaseAuth } from '../../auth/firebase';
import { renderWithApi } from '../../testing/api-test-harness';
import { fakeFirebaseKit, fakeFirebaseUser } from '../../testing/fake-firebase';
import { signedOut } from '../../testing/render-with-auth';
import ResetPasswordPage from './ResetPasswordPage';

vi.mock('../../auth/firebase', () => ({ loadFirebaseAuth: vi.fn() }));

function renderAt(at: string) {
  // In StrictMode, as the app runs: effects run twice, and a code must still be handed over once.
  return renderWithApi(<ResetPasswordPage />, { procedures: {}, auth: signedOut, at, routePath: '/reset-password', strict: true });
}

describe('ResetPasswordPage', () => {
  let fake: ReturnType<typeof fakeFirebaseKit>;

  beforeEach(() => {
    fake = fakeFirebaseKit(fakeFirebaseUser('casey@example.com'));
    vi.mocked(loadFirebaseAuth).mockResolvedValue(fake.kit);
  });

  it('names the account, sets the new password with the code, and leads to the login', async () => {
    renderAt('/reset-password?code=reset-code');
    const user = userEvent.setup();

    expect(await screen.findByText(messages.passwordResetFor('casey@example.com'))).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'a-fresh-secret-9');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByRole('status')).toHaveTextContent(messages.passwordChanged);
    expect(fake.sdk.verifyPasswordResetCode).toHaveBeenCalledExactlyOnceWith(fake.kit.auth, 'reset-code');
    expect(fake.sdk.confirmPasswordReset).toHaveBeenCalledExactlyOnceWith(fake.kit.auth, 'reset-code', 'a-fresh-secret-9');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('checks the new password with the sign-up form’s messages, and sends nothing until it passes', async () => {
    renderAt('/reset-password?code=reset-code');
    const user = userEvent.setup();
    await screen.findByLabelText('New password');

    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(messages.passwordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(messages.passwordTooShort)).toBeInTheDocument();

    expect(fake.sdk.confirmPasswordReset).not.toHaveBeenCalled();
  });

  it('says a spent link cannot reset, and offers no form', async () => {
    fake.sdk.verifyPasswordResetCode.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/expired-action-code' }));
    renderAt('/reset-password?code=spent');

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.passwordResetLinkInvalid);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('keeps the form and says why when the provider refuses the new password', async () => {
    fake.sdk.confirmPasswordReset.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/weak-password' }));
    renderAt('/reset-password?code=reset-code');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('New password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a stronger password.');
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it('says a link without its code is incomplete', async () => {
    renderAt('/reset-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.actionLinkIncomplete);
    expect(fake.sdk.verifyPasswordResetCode).not.toHaveBeenCalled();
  });
});
