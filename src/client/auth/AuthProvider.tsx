// Tracks the Firebase user and our session token, asks the server for the role, and offers signOut.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from 'firebase/auth';
import { clearAccessToken, getAccessToken, useAccessToken } from '../lib/access-token';
import { trpc } from '../lib/trpc';
import { AuthContext, type AuthState, type AuthUser } from './auth-context';
import { loadFirebaseAuth } from './firebase';
import { forgetSignupNotice } from './signup-notice';
import { sessionRefusalOf, useEndRefusedSession } from './useEndRefusedSession';

function toAuthUser(user: User): AuthUser {
  return { uid: user.uid, email: user.email ?? '', displayName: user.displayName, photoURL: user.photoURL };
}

/** Firebase's user: undefined while the SDK loads, null when nobody is signed in. */
function useFirebaseUser(): AuthUser | null | undefined {
  const [user, setUser] = useState<AuthUser | null | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    let unsubscribe = () => {};
    loadFirebaseAuth()
      .then(({ auth, sdk }) => {
        if (cancelled) return;
        // onIdTokenChanged also fires after getIdToken(true), so a new display name shows up.
        unsubscribe = sdk.onIdTokenChanged(auth, (next) => setUser(next ? toAuthUser(next) : null));
      })
      .catch(() => {
        if (!cancelled) setUser(null);
      });
    return () => {
      cancelled = true;
      unsubscribe();
    };
  }, []);
  return user;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const firebaseUser = useFirebaseUser();
  const token = useAccessToken();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const hasSession = Boolean(firebaseUser && token);
  const me = trpc.users.me.useQuery(undefined, { enabled: hasSession });

  const previousToken = useRef(token);
  useEffect(() => {
    if (previousToken.current === token) return;
    previousToken.current = token;
    void utils.users.me.reset();
  }, [token, utils]);

  const signOut = useCallback(async () => {
    // Ends the session on the server too, so a copy of the token stops working; a session the
    // server already refused has nothing left to end, and the browser signs out regardless.
    if (getAccessToken()) await utils.client.users.signOut.mutate().catch(() => undefined);
    clearAccessToken();
    forgetSignupNotice();
    queryClient.clear();
    try {
      const { auth, sdk } = await loadFirebaseAuth();
      await sdk.signOut(auth);
    } catch {
      // The session token is gone already; a Firebase sign-out failure leaves nothing usable behind.
    }
  }, [queryClient, utils]);

  const sessionRefused = hasSession && sessionRefusalOf(me.error) !== null;
  useEndRefusedSession(hasSession ? me.error : null, signOut);

  const state = useMemo((): AuthState => {
    if (firebaseUser === undefined || (hasSession && (me.isPending || sessionRefused))) {
      return { status: 'loading', user: null, role: null, signOut };
    }
    if (!hasSession || !firebaseUser) return { status: 'signedOut', user: null, role: null, signOut };
    // The shop's account is the source of truth for the name and photo (docs/decisions/0020): the
    // customer may have changed them in the shop after Firebase last heard of them.
    const user = {
      ...firebaseUser,
      displayName: me.data?.displayName ?? firebaseUser.displayName,
      photoURL: me.data ? me.data.photoURL : firebaseUser.photoURL,
    };
    const business = Boolean(me.data?.companyName && me.data.vatId);
    return { status: 'signedIn', user, role: me.data?.role ?? null, business, signOut };
  }, [firebaseUser, hasSession, me.isPending, me.data, sessionRefused, signOut]);

  return <AuthContext value={state}>{children}</AuthContext>;
}
