// /verify-email: hands the link's code to the identity provider once, says the address is verified
// and offers to sign in again; a spent or cut-short link says so.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../shared/messages';
import { loadFirebaseAuth } from '../../auth/firebase';
import { customer, renderWithApi } from '../../testing/api-test-harness';
import { fakeFirebaseKit } from '../../testing/fake-firebase';
import { signedOut } from '../../testing/render-with-auth';
import VerifyEmailPage from './VerifyEmailPage';

vi.mock('../../auth/firebase', () => ({ loadFirebaseAuth: vi.fn() }));

function renderAt(at: string, auth = signedOut) {
  // In StrictMode, as the app runs: effects run twice, and a code must still be handed over once.
  return renderWithApi(<VerifyEmailPage />, { procedures: {}, auth, at, routePath: '/verify-email', strict: true });
}

describe('VerifyEmailPage', () => {
  let fake: ReturnType<typeof fakeFirebaseKit>;

  beforeEach(() => {
    fake = fakeFirebaseKit();
    vi.mocked(loadFirebaseAuth).mockResolvedValue(fake.kit);
  });

  it('hands the code to the provider once and says the address is verified, with a way to sign in', async () => {
    renderAt('/verify-email?code=one%2Btime');

    expect(await screen.findByText(messages.emailVerifiedSignInAgain)).toHaveAttribute('role', 'status');
    expect(fake.sdk.applyActionCode).toHaveBeenCalledExactlyOnceWith(fake.kit.auth, 'one+time');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('signs a signed-in customer out to sign in again, so the shop learns of it', async () => {
    const signOut = vi.fn(async () => {});
    renderAt('/verify-email?code=abc', { ...customer, signOut });

    await userEvent.click(await screen.findByRole('button', { name: 'Sign in again' }));

    expect(signOut).toHaveBeenCalledOnce();
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('says a spent or expired link cannot verify, and how to get a new one', async () => {
    fake.sdk.applyActionCode.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/invalid-action-code' }));
    renderAt('/verify-email?code=spent');

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.verificationLinkInvalid);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when the provider cannot be reached, never a raw code', async () => {
    fake.sdk.applyActionCode.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/network-request-failed' }));
    renderAt('/verify-email?code=abc');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not reach the sign-in service.');
    expect(alert).not.toHaveTextContent('auth/');
  });

  it('says a link without its code is incomplete, and asks the provider nothing', async () => {
    renderAt('/verify-email');

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.actionLinkIncomplete);
    await waitFor(() => expect(fake.sdk.applyActionCode).not.toHaveBeenCalled());
  });
});
