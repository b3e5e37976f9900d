// The dashboard sidebar: customers see My Order, Orders, Add A Review, My Profile (and API keys for a
// business); admins see only their own entries.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import DashboardLayout from './DashboardLayout';
import { admin, customer, renderWithApi } from '../../testing/api-test-harness';

function sidebarEntries(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('DashboardLayout', () => {
  it('shows customers My Order, Orders, Add A Review and My Profile', () => {
    renderWithApi(<DashboardLayout />, { auth: customer, procedures: {} });

    expect(sidebarEntries()).toEqual(['My Order', 'Orders', 'Add A Review', 'My Profile']);
  });

  it('shows admins the overview first, the SPEC.md entries, then the audit log, emails, webhooks, the commerce settings, the categories and API keys, and no customer entries', () => {
    renderWithApi(<DashboardLayout />, { auth: admin, procedures: {} });

    expect(sidebarEntries()).toEqual([
      'Overview',
      'Make Admin',
      'My Profile',
      'Add a product',
      'Manage orders',
      'Checkout orders',
      'Manage product',
      'Manage reviews',
      'Audit log',
      'Emails',
      'Webhooks',
      'Shop settings',
      'Tax rates',
      'Shipping',
      'Discount codes',
      'Categories',
      'API keys',
    ]);
  });

  it('shows a business customer API keys too', () => {
    renderWithApi(<DashboardLayout />, { auth: { ...customer, business: true }, procedures: {} });

    expect(sidebarEntries()).toEqual(['My Order', 'Orders', 'Add A Review', 'My Profile', 'API keys']);
  });

  it('marks the current page in the sidebar', () => {
    renderWithApi(<DashboardLayout />, { auth: customer, at: '/dashboard/profile', procedures: {} });

    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'My Order' })).not.toHaveAttribute('aria-current');
  });

  it('opens the phone drawer from the menu button, moves focus into it, and Escape closes it and returns focus', async () => {
    const user = userEvent.setup();
    renderWithApi(<DashboardLayout />, { auth: customer, procedures: {} });
    const menuButton = screen.getByRole('button', { name: 'Dashboard menu' });

    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'My Order' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });
});
