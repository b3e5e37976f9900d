// AuthProvider: signed in only with both a Firebase user and our session token; the role from users.me; sign out clears the token.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../shared/constants';
import { messages } from '../../shared/messages';
import { apiError, renderWithApi } from '../testing/api-test-harness';
import { fakeFirebaseKit, fakeFirebaseUser } from '../testing/fake-firebase';
import { AuthProvider } from './AuthProvider';
import { loadFirebaseAuth } from './firebase';
import { useAuth } from './useAuth';

vi.mock('./firebase', () => ({ loadFirebaseAuth: vi.fn() }));
vi.mock('react-toastify', () => ({ toast: { error: vi.fn() } }));

function AuthProbe() {
  const { status, user, role, signOut } = useAuth();
  return (
    <div>
      <p>
        {status} {user?.email ?? 'nobody'} {role ?? 'no-role'}
      </p>
      <p>
        shown as {user?.displayName ?? 'no-name'} with {user?.photoURL ?? 'no-photo'}
      </p>
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </div>
  );
}

const me = (role: 'admin' | 'user') => () => ({
  _id: 'user-1',
  email: 'casey@example.com',
  displayName: 'Casey',
  photoURL: null,
  role,
});

function renderProvider(procedures: Parameters<typeof renderWithApi>[1]['procedures']) {
  return renderWithApi(
    <AuthProvider>
      <AuthProbe />
    </AuthProvider>,
    { procedures, at: '/dashboard' },
  );
}

describe('AuthProvider', () => {
  let fake: ReturnType<typeof fakeFirebaseKit>;

  beforeEach(() => {
    vi.mocked(toast.error).mockClear();
    fake = fakeFirebaseKit(fakeFirebaseUser('casey@example.com'));
    vi.mocked(loadFirebaseAuth).mockResolvedValue(fake.kit);
  });

  it('is signed in with the role from the server when Firebase has a user and a session token is stored', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'session-token');
    renderProvider({ 'users.me': me('admin') });

    expect(await screen.findByText('signedIn casey@example.com admin')).toBeInTheDocument();
  });

  it('shows the name and photo the shop keeps, over Firebase’s older copy', async () => {
    const firebaseUser = { ...fakeFirebaseUser('casey@example.com', 'Old Name'), photoURL: 'https://lh3.googleusercontent.com/a/old' };
    fake = fakeFirebaseKit(firebaseUser);
    vi.mocked(loadFirebaseAuth).mockResolvedValue(fake.kit);
    localStorage.setItem(ACCESS_TOKEN_KEY, 'session-token');
    renderProvider({ 'users.me': () => ({ ...me('user')(), displayName: 'Name Set In Shop', photoURL: null }) });

    expect(await screen.findByText('shown as Name Set In Shop with no-photo')).toBeInTheDocument();
  });

  it('is signed out when Firebase has a user but no session token is stored', async () => {
    const { calls } = renderProvider({ 'users.me': me('user') });

    expect(await screen.findByText('signedOut nobody no-role')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('is signed out when Firebase has nobody', async () => {
    fake = fakeFirebaseKit(null);
    vi.mocked(loadFirebaseAuth).mockResolvedValue(fake.kit);
    localStorage.setItem(ACCESS_TOKEN_KEY, 'stale-token');
    renderProvider({ 'users.me': me('user') });

    expect(await screen.findByText('signedOut nobody no-role')).toBeInTheDocument();
  });

  it('signing out clears the stored accessToken and signs out of Firebase', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'session-token');
    renderProvider({ 'users.me': me('user') });
    await screen.findByText('signedIn casey@example.com user');

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('signedOut nobody no-role')).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(fake.sdk.signOut).toHaveBeenCalledOnce();
  });

  it('signs out, clears the token and goes to /home, saying why, when the server refuses the stored session', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'expired-token');
    renderProvider({
      'users.me': () => {
        throw apiError(401, messages.sessionExpired);
      },
    });

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(fake.sdk.signOut).toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith(messages.sessionExpired, expect.anything());
  });

  it('tells a removed user their account was removed, not that their session expired', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'removed-users-token');
    renderProvider({
      'users.me': () => {
        throw apiError(401, messages.accountRemoved);
      },
    });

    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith(messages.accountRemoved, expect.anything());
    expect(toast.error).not.toHaveBeenCalledWith(messages.sessionExpired, expect.anything());
  });
});
