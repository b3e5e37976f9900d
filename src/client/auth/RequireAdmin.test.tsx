// RequireAdmin: only a signed-in admin sees admin pages; everyone else is sent to /login.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loading, renderWithAuth, signedInAs, signedOut } from '../testing/render-with-auth';
import { RequireAdmin } from './RequireAdmin';

const adminPage = (
  <RequireAdmin>
    <p>Make Admin table</p>
  </RequireAdmin>
);

describe('RequireAdmin', () => {
  it('sends a signed-in non-admin to /login', () => {
    renderWithAuth(adminPage, { auth: signedInAs('user'), at: '/dashboard/makeadmin' });

    expect(screen.getByText('Login page, returning to /dashboard/makeadmin')).toBeInTheDocument();
    expect(screen.queryByText('Make Admin table')).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login', () => {
    renderWithAuth(adminPage, { auth: signedOut, at: '/dashboard/manageorders' });

    expect(screen.getByText('Login page, returning to /dashboard/manageorders')).toBeInTheDocument();
  });

  it('waits with a spinner while the role is still loading', () => {
    renderWithAuth(adminPage, { auth: loading, at: '/dashboard/makeadmin' });

    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText(/Login page/)).not.toBeInTheDocument();
  });

  it('shows the page to an admin', () => {
    renderWithAuth(adminPage, { auth: signedInAs('admin'), at: '/dashboard/makeadmin' });

    expect(screen.getByText('Make Admin table')).toBeInTheDocument();
  });
});
