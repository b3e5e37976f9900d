// Test helper for shell components: a given signed-in state (useAuth's context) and a memory router with a /login probe.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthContext, type AuthState } from '../auth/auth-context';
import { originFrom } from '../auth/redirect-state';

export const signedOut: AuthState = { status: 'signedOut', user: null, role: null, signOut: async () => {} };
export const loading: AuthState = { status: 'loading', user: null, role: null, signOut: async () => {} };

export function signedInAs(role: 'admin' | 'user', signOut: () => Promise<void> = async () => {}): AuthState {
  return {
    status: 'signedIn',
    user: { uid: `uid-${role}`, email: `${role}@example.com`, displayName: `Test ${role}`, photoURL: null },
    role,
    signOut,
  };
}

/** What /login shows in tests: the origin it would return to after sign-in. */
function LoginProbe() {
  const location = useLocation();
  return <p>Login page, returning to {originFrom(location.state)}</p>;
}

interface RenderWithAuthOptions {
  auth: AuthState;
  at: string;
  routePath?: string;
  /** What a layout route's <Outlet /> shows, for an element that is one (a route guard). */
  outlet?: ReactElement;
}

export function renderWithAuth(element: ReactElement, options: RenderWithAuthOptions) {
  return render(
    <AuthContext value={options.auth}>
      <MemoryRouter initialEntries={[options.at]}>
        <Routes>
          <Route path={options.routePath ?? options.at.split('?')[0]} element={element}>
            {options.outlet ? <Route index element={options.outlet} /> : null}
          </Route>
          <Route path="/login" element={<LoginProbe />} />
        </Routes>
      </MemoryRouter>
    </AuthContext>,
  );
}
