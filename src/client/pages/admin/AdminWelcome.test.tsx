// The admin's dashboard index: a greeting by name and a shortcut to each of their tools, loading nothing.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, renderWithApi } from '../../testing/api-test-harness';
import AdminWelcome from './AdminWelcome';

describe('AdminWelcome', () => {
  it('greets an admin with their tools without loading customer orders', () => {
    const { calls } = renderWithApi(<AdminWelcome />, { auth: admin, procedures: {} });

    expect(screen.getByRole('heading', { name: 'Welcome, Ada Admin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Manage orders/ })).toHaveAttribute('href', '/dashboard/manageorders');
    expect(calls).toEqual([]);
  });
});
