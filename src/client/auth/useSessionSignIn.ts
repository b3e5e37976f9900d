// Signs in (email, sign-up or Google) with Firebase, exchanges the ID token for our session token, then returns to the origin or /home.
import type { User } from 'firebase/auth';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LoginInput, SignupInput } from '../../shared/auth';
import { setAccessToken } from '../lib/access-token';
import { trpc } from '../lib/trpc';
import { loadFirebaseAuth, type FirebaseAuthKit } from './firebase';
import { originFrom } from './redirect-state';
import { signInErrorMessage, type SignInMethod } from './sign-in-error-message';

type SignInStep = (kit: FirebaseAuthKit) => Promise<User>;

export interface SessionSignIn {
  pending: boolean;
  error: string | null;
  signInWithEmail: (input: LoginInput) => Promise<void>;
  signUpWithEmail: (input: SignupInput) => Promise<void>;
  signInWithGoogle: () => Promise<void>;
}

export function useSessionSignIn(): SessionSignIn {
  const createSession = trpc.users.createSession.useMutation();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(method: SignInMethod, signIn: SignInStep): Promise<void> {
    setError(null);
    setPending(true);
    try {
      const kit = await loadFirebaseAuth();
      const user = await signIn(kit);
      try {
        const idToken = await user.getIdToken();
        const { token } = await createSession.mutateAsync({ email: user.email ?? '', idToken });
        setAccessToken(token);
      } catch (exchangeError) {
        // Without our session the Firebase sign-in is useless; do not leave it half signed in.
        await kit.sdk.signOut(kit.auth).catch(() => undefined);
        throw exchangeError;
      }
      void navigate(originFrom(location.state), { replace: true });
    } catch (failure) {
      setError(signInErrorMessage(failure, method));
    } finally {
      setPending(false);
    }
  }

  return {
    pending,
    error,
    signInWithEmail: ({ email, password }) =>
      run('password', async ({ auth, sdk }) => (await sdk.signInWithEmailAndPassword(auth, email, password)).user),
    signUpWithEmail: ({ name, email, password }) =>
      run('password', async ({ auth, sdk }) => {
        const { user } = await sdk.createUserWithEmailAndPassword(auth, email, password);
        await sdk.updateProfile(user, { displayName: name });
        // A fresh ID token carries the new display name to the server.
        await user.getIdToken(true);
        return user;
      }),
    signInWithGoogle: () =>
      run('google', async ({ auth, sdk }) => (await sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider())).user),
  };
}
