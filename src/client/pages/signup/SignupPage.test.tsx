// /signup: creates the account, sets the display name, refreshes the ID token so it carries the name, exchanges it, goes home.
import { renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../shared/constants';
import { loadFirebaseAuth } from '../../auth/firebase';
import { useSignupNotice } from '../../auth/signup-notice';
import { fakeFirebaseKit, fakeFirebaseUser } from '../../testing/fake-firebase';
import { signedOut } from '../../testing/render-with-auth';
import { callsTo, renderWithApi } from '../../testing/api-test-harness';
import SignupPage from './SignupPage';

vi.mock('../../auth/firebase', () => ({ loadFirebaseAuth: vi.fn() }));

async function signUpAsCasey() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), 'Casey Customer');
  await user.type(screen.getByLabelText('Email'), 'casey@example.com');
  await user.type(screen.getByLabelText('Password'), 'sprocket123');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('SignupPage', () => {
  // Fresh for each test, so one test's calls never count in another's call order.
  let newUser: ReturnType<typeof fakeFirebaseUser>;
  let fake: ReturnType<typeof fakeFirebaseKit>;

  beforeEach(() => {
    newUser = fakeFirebaseUser('casey@example.com');
    fake = fakeFirebaseKit(newUser);
    vi.mocked(loadFirebaseAuth).mockResolvedValue(fake.kit);
  });

  it('creates the account, names it, refreshes the ID token, then exchanges it and goes to /home', async () => {
    const { calls } = renderWithApi(<SignupPage />, {
      procedures: { 'users.createSession': () => ({ token: 'session-token' }) },
      auth: signedOut,
      at: '/signup',
    });

    await signUpAsCasey();

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(fake.sdk.createUserWithEmailAndPassword).toHaveBeenCalledWith(fake.kit.auth, 'casey@example.com', 'sprocket123');
    expect(fake.sdk.updateProfile).toHaveBeenCalledWith(newUser, { displayName: 'Casey Customer' });
    expect(newUser.getIdToken).toHaveBeenCalledWith(true);
    const profileOrder = fake.sdk.updateProfile.mock.invocationCallOrder[0] ?? Infinity;
    const refreshOrder = newUser.getIdToken.mock.invocationCallOrder[0] ?? -Infinity;
    expect(profileOrder).toBeLessThan(refreshOrder);
    expect(callsTo(calls, 'users.createSession')).toEqual([{ email: 'casey@example.com', idToken: 'firebase-id-token' }]);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('session-token');
    // The server mailed the new account its verification link: the pages that follow say so.
    expect(renderHook(() => useSignupNotice()).result.current).toBe('casey@example.com');
  });

  it('says nothing of a verification link when the session exchange fails', async () => {
    renderWithApi(<SignupPage />, {
      procedures: {
        'users.createSession': () => {
          throw new Error('The sign-in could not be verified.');
        },
      },
      auth: signedOut,
      at: '/signup',
    });

    await signUpAsCasey();

    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in could not be verified.');
    expect(renderHook(() => useSignupNotice()).result.current).toBeNull();
  });
});
