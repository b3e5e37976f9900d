// Route guard: shows a spinner while sign-in loads, sends signed-out visitors to /login remembering where they were.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import type { LoginRedirectState } from './redirect-state';
import { useAuth } from './useAuth';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <Spinner label="Checking your sign-in…" />;
  if (status === 'signedOut') {
    const state: LoginRedirectState = { from: location };
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}
