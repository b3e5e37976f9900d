// RequireAdmin: only a signed-in admin sees admin pages; everyone else is sent to /login.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthState } from './auth-context';
import { loading, renderWithAuth, signedInAs, signedOut } from '../testing/render-with-auth';
import { RequireAdmin } from './RequireAdmin';

/** An admin page nested under the guard, as routes.tsx nests them. */
function visit(at: string, auth: AuthState) {
  renderWithAuth(<RequireAdmin />, { auth, at, outlet: <p>Make Admin table</p> });
}

describe('RequireAdmin', () => {
  it('sends a signed-in non-admin to /login', () => {
    visit('/dashboard/makeadmin', signedInAs('user'));

    expect(screen.getByText('Login page, returning to /dashboard/makeadmin')).toBeInTheDocument();
    expect(screen.queryByText('Make Admin table')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login', () => {
    visit('/dashboard/manageorders', signedOut);

    expect(screen.getByText('Login page, returning to /dashboard/manageorders')).toBeInTheDocument();
  });

  it('waits with a spinner while the role is still loading', () => {
    visit('/dashboard/makeadmin', loading);

    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText(/Login page/)).not.toBeInTheDocument();
  });

  it('shows the page to an admin', () => {
    visit('/dashboard/makeadmin', signedInAs('admin'));

    expect(screen.getByText('Make Admin table')).toBeInTheDocument();
  });
});
