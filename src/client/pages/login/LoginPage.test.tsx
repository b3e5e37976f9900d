// /login end to end in the browser: Firebase sign-in, the session exchange, the stored token, the way home, and errors in red.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../shared/constants';
import { messages } from '../../../shared/messages';
import { loadFirebaseAuth } from '../../auth/firebase';
import { fakeFirebaseKit } from '../../testing/fake-firebase';
import { signedOut } from '../../testing/render-with-auth';
import { apiError, callsTo, renderWithApi, type FakeProcedure } from '../../testing/api-test-harness';
import LoginPage from './LoginPage';

vi.mock('../../auth/firebase', () => ({ loadFirebaseAuth: vi.fn() }));

function renderLogin(procedures: Record<string, FakeProcedure> = {}) {
  return renderWithApi(<LoginPage />, {
    procedures: { 'users.createSession': () => ({ token: 'session-token' }), ...procedures },
    auth: signedOut,
    at: '/login',
  });
}

async function submitLogin(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  let fake: ReturnType<typeof fakeFirebaseKit>;

  beforeEach(() => {
    fake = fakeFirebaseKit();
    vi.mocked(loadFirebaseAuth).mockResolvedValue(fake.kit);
  });

  it('signs in, exchanges the Firebase ID token for a session token, stores it as accessToken and goes to /home', async () => {
    const { calls } = renderLogin();

    await submitLogin('casey@example.com', 'sprocket123');

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(fake.sdk.signInWithEmailAndPassword).toHaveBeenCalledWith(fake.kit.auth, 'casey@example.com', 'sprocket123');
    expect(callsTo(calls, 'users.createSession')).toEqual([{ email: 'casey@example.com', idToken: 'firebase-id-token' }]);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('session-token');
  });

  it('asks the shop for a reset email and says a link is on its way if an account exists', async () => {
    const { calls } = renderLogin({ 'users.requestPasswordReset': () => ({ requested: true }) });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Email'), 'casey@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(await screen.findByRole('status')).toHaveTextContent(messages.passwordResetSent('casey@example.com'));
    expect(callsTo(calls, 'users.requestPasswordReset')).toEqual([{ email: 'casey@example.com' }]);
    // The shop sends its own email: Firebase's is never asked for.
    expect(fake.sdk.sendPasswordResetEmail).not.toHaveBeenCalled();
    expect(callsTo(calls, 'users.createSession')).toEqual([]);
  });

  it('says in red why the reset email could not be asked for', async () => {
    renderLogin({
      'users.requestPasswordReset': () => {
        throw apiError(503, messages.identityUnavailable);
      },
    });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Email'), 'casey@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.identityUnavailable);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('signs in with Google through a popup', async () => {
    renderLogin();

    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(fake.sdk.signInWithPopup).toHaveBeenCalledOnce();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('session-token');
  });

  it('shows a wrong password as a readable sentence in red under the form, and stays on /login', async () => {
    fake.sdk.signInWithEmailAndPassword.mockRejectedValue(
      Object.assign(new Error('Firebase: Error (auth/invalid-credential).'), { code: 'auth/invalid-credential' }),
    );
    const { calls } = renderLogin();

    await submitLogin('casey@example.com', 'wrong-password');

    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('The email or password is incorrect.');
    expect(error).toHaveClass('text-error');
    expect(callsTo(calls, 'users.createSession')).toEqual([]);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('shows nothing when the visitor closes the Google popup', async () => {
    fake.sdk.signInWithPopup.mockRejectedValue(Object.assign(new Error('closed'), { code: 'auth/popup-closed-by-user' }));
    renderLogin();

    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));

    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server refusing the session, signs out of Firebase and stores no token', async () => {
    renderLogin({
      'users.createSession': () => {
        throw apiError(401, messages.signInTooOld);
      },
    });

    await submitLogin('casey@example.com', 'sprocket123');

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.signInTooOld);
    expect(fake.sdk.signOut).toHaveBeenCalledOnce();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('says Google sign-in needs a connection when Google cannot be reached, never the raw Firebase code', async () => {
    fake.sdk.signInWithPopup.mockRejectedValue(
      Object.assign(new Error('Firebase: Error (auth/internal-error).'), { code: 'auth/internal-error' }),
    );
    renderLogin();

    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.googleNeedsConnection);
    expect(alert).not.toHaveTextContent('auth/');
  });
});
