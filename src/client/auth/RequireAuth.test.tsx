// RequireAuth: a spinner while sign-in loads, /login remembering the origin when signed out, the page when signed in.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loading, renderWithAuth, signedInAs, signedOut } from '../testing/render-with-auth';
import { RequireAuth } from './RequireAuth';

const guarded = (
  <RequireAuth>
    <p>My orders</p>
  </RequireAuth>
);

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login, remembering the page they asked for', () => {
    renderWithAuth(guarded, { auth: signedOut, at: '/dashboard/addreview?from=menu', routePath: '/dashboard/*' });

    expect(screen.getByText('Login page, returning to /dashboard/addreview?from=menu')).toBeInTheDocument();
    expect(screen.queryByText('My orders')).not.toBeInTheDocument();
  });

  it('shows a spinner, not the page or a redirect, while the sign-in state loads', () => {
    renderWithAuth(guarded, { auth: loading, at: '/dashboard' });

    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in…');
    expect(screen.queryByText('My orders')).not.toBeInTheDocument();
    expect(screen.queryByText(/Login page/)).not.toBeInTheDocument();
  });

  it('shows the page to a signed-in customer', () => {
    renderWithAuth(guarded, { auth: signedInAs('user'), at: '/dashboard' });

    expect(screen.getByText('My orders')).toBeInTheDocument();
  });
});
