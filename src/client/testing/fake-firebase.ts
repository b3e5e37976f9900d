// A stand-in for the Firebase Auth SDK at its boundary (auth/firebase.ts): one fake user and spied sign-in calls.
import { vi } from 'vitest';
import type { FirebaseAuthKit } from '../auth/firebase';

export function fakeFirebaseUser(email = 'casey@example.com', displayName: string | null = null) {
  return {
    uid: 'firebase-uid-1',
    email,
    displayName,
    photoURL: null as string | null,
    getIdToken: vi.fn(async (_forceRefresh?: boolean) => 'firebase-id-token'),
  };
}

export type FakeFirebaseUser = ReturnType<typeof fakeFirebaseUser>;

/** A kit whose SDK functions resolve with `user`; override any of them per test. */
export function fakeFirebaseKit(user: FakeFirebaseUser | null = fakeFirebaseUser()) {
  const sdk = {
    signInWithEmailAndPassword: vi.fn(async () => ({ user })),
    createUserWithEmailAndPassword: vi.fn(async () => ({ user })),
    signInWithPopup: vi.fn(async () => ({ user })),
    updateProfile: vi.fn(async (target: FakeFirebaseUser, profile: { displayName?: string | null }) => {
      if (profile.displayName !== undefined) target.displayName = profile.displayName;
    }),
    sendPasswordResetEmail: vi.fn(async (_auth: unknown, _email: string) => {}),
    applyActionCode: vi.fn(async (_auth: unknown, _code: string) => {}),
    verifyPasswordResetCode: vi.fn(async (_auth: unknown, _code: string) => user?.email ?? ''),
    confirmPasswordReset: vi.fn(async (_auth: unknown, _code: string, _password: string) => {}),
    signOut: vi.fn(async () => {}),
    onIdTokenChanged: vi.fn((_auth: unknown, listener: (next: FakeFirebaseUser | null) => void) => {
      listener(user);
      return () => {};
    }),
    GoogleAuthProvider: class GoogleAuthProvider {},
  };
  const kit = { auth: { currentUser: user }, sdk } as unknown as FirebaseAuthKit;
  return { kit, sdk };
}
