// Layout route guarding the admin pages, which nest under it in routes.tsx: anyone who is not a
// signed-in admin is sent to /login (SPEC.md §2). The server still refuses admin calls on its own.
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import type { LoginRedirectState } from './redirect-state';
import { useAuth } from './useAuth';

export function RequireAdmin() {
  const { status, role } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <Spinner label="Checking your access…" />;
  if (status !== 'signedIn' || role !== 'admin') {
    const state: LoginRedirectState = { from: location, reason: status === 'signedIn' ? 'adminOnly' : undefined };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
