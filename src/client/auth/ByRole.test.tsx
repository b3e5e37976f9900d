// ByRole: the dashboard's index shows admins their page and customers theirs, and neither before the role is known.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuthState } from './auth-context';
import { loading, renderWithAuth, signedInAs } from '../testing/render-with-auth';
import { ByRole } from './ByRole';

function visitIndex(auth: AuthState) {
  renderWithAuth(<ByRole admin={<p>Admin welcome</p>} customer={<p>My orders</p>} />, { auth, at: '/dashboard' });
}

describe('ByRole', () => {
  it('shows an admin the admin page only', () => {
    visitIndex(signedInAs('admin'));

    expect(screen.getByText('Admin welcome')).toBeInTheDocument();
    expect(screen.queryByText('My orders')).not.toBeInTheDocument();
  });

  it('shows a customer the customer page only', () => {
    visitIndex(signedInAs('user'));

    expect(screen.getByText('My orders')).toBeInTheDocument();
    expect(screen.queryByText('Admin welcome')).not.toBeInTheDocument();
  });

  it('waits with a spinner while the role is still loading', () => {
    visitIndex(loading);

    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('Admin welcome')).not.toBeInTheDocument();
    expect(screen.queryByText('My orders')).not.toBeInTheDocument();
  });
});
