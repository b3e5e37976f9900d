// The shape of the signed-in state every page reads through useAuth(), and its React context.
import { createContext } from 'react';
import type { Role } from '../../shared/users';

export interface AuthUser {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: string | null;
}

export interface AuthState {
  status: 'loading' | 'signedOut' | 'signedIn';
  user: AuthUser | null;
  role: Role | null;
  /** Whether the profile names a company and a VAT ID: a business account, which may create API keys. */
  business?: boolean;
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);
