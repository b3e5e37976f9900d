// Signs in (email, sign-up or Google) with Firebase, exchanges the ID token for our session token,
// brings the visitor's cart into the account, then returns to the origin or /home.
// After an email sign-up, the pages that follow say the server mailed a verification link.
import type { User } from 'firebase/auth';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LoginInput, SignupInput } from '../../shared/auth';
import { mergeVisitorCart } from '../cart/merge-visitor-cart';
import { setAccessToken } from '../lib/access-token';
import { trpc } from '../lib/trpc';
import { loadFirebaseAuth, type FirebaseAuthKit } from './firebase';
import { originFrom } from './redirect-state';
import { rememberSignupNotice } from './signup-notice';
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
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** Runs the sign-in, then the exchange; answers the signed-in email, or null when it failed. */
  async function run(method: SignInMethod, signIn: SignInStep): Promise<string | null> {
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
      await mergeVisitorCart(utils);
      void navigate(originFrom(location.state), { replace: true });
      return user.email;
    } catch (failure) {
      setError(signInErrorMessage(failure, method));
      return null;
    } finally {
      setPending(false);
    }
  }

  return {
    pending,
    error,
    signInWithEmail: async ({ email, password }) => {
      await run('password', async ({ auth, sdk }) => (await sdk.signInWithEmailAndPassword(auth, email, password)).user);
    },
    signUpWithEmail: async ({ name, email, password }) => {
      const signedUp = await run('password', async ({ auth, sdk }) => {
        const { user } = await sdk.createUserWithEmailAndPassword(auth, email, password);
        await sdk.updateProfile(user, { displayName: name });
        // A fresh ID token carries the new display name to the server.
        await user.getIdToken(true);
        return user;
      });
      // The server mailed the new account its verification link: say so on the pages that follow.
      if (signedUp) rememberSignupNotice(signedUp);
    },
    signInWithGoogle: async () => {
      await run('google', async ({ auth, sdk }) => (await sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider())).user);
    },
  };
}
