// The navbar: Dashboard and SignOut only when signed in, Login otherwise, a spinner while sign-in loads, a phone menu.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loading, renderWithAuth, signedInAs, signedOut } from '../testing/render-with-auth';
import { Navbar } from './Navbar';

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

describe('Navbar', () => {
  it('shows Home, Contact, My Portfolio, Blogs and Login to a signed-out visitor, without Dashboard', () => {
    renderWithAuth(<Navbar />, { auth: signedOut, at: '/home' });

    for (const name of ['Home', 'Contact', 'My Portfolio', 'Blogs', 'Login']) {
      expect(mainNav().getByRole('link', { name })).toBeInTheDocument();
    }
    expect(mainNav().getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SignOut' })).not.toBeInTheDocument();
  });

  it('shows Dashboard and SignOut, not Login, when signed in; SignOut signs out', async () => {
    const signOut = vi.fn(async () => {});
    renderWithAuth(<Navbar />, { auth: signedInAs('user', signOut), at: '/home' });

    expect(mainNav().getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'SignOut' }));
    expect(signOut).toHaveBeenCalledOnce();
  });

  it('shows who is signed in, with their photo, linking to My Profile', () => {
    const auth = signedInAs('user');
    auth.user = { ...auth.user!, displayName: 'Ada Rider', photoURL: 'https://lh3.googleusercontent.com/a/ada' };
    renderWithAuth(<Navbar />, { auth, at: '/home' });

    const account = mainNav().getByRole('link', { name: 'Ada Rider' });
    expect(account).toHaveAttribute('href', '/dashboard/profile');
    expect(within(account).getByRole('presentation', { hidden: true })).toHaveAttribute(
      'src',
      'https://lh3.googleusercontent.com/a/ada',
    );
  });

  it('names a person without a display name by their email, in the phone menu too', async () => {
    const auth = signedInAs('user');
    auth.user = { ...auth.user!, displayName: null };
    renderWithAuth(<Navbar />, { auth, at: '/home' });

    expect(mainNav().getByRole('link', { name: 'user@example.com' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByText('Signed in as', { exact: false })).toHaveTextContent('Signed in as user@example.com');
  });

  it('shows nobody as signed in to a signed-out visitor', () => {
    renderWithAuth(<Navbar />, { auth: signedOut, at: '/home' });
    expect(screen.queryByRole('link', { name: /example\.com/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Signed in as', { exact: false })).not.toBeInTheDocument();
  });

  it('shows the cart it is given to a visitor and to a signed-in customer alike', () => {
    for (const auth of [signedOut, signedInAs('user')]) {
      const { unmount } = renderWithAuth(<Navbar cart={<a href="/cart">Cart</a>} />, { auth, at: '/home' });
      expect(mainNav().getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
      unmount();
    }
  });

  it('shows a spinner instead of Login or SignOut while sign-in loads', () => {
    renderWithAuth(<Navbar />, { auth: loading, at: '/home' });

    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in…');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SignOut' })).not.toBeInTheDocument();
  });

  it('opens and closes the collapsed phone menu with its button', async () => {
    renderWithAuth(<Navbar />, { auth: signedOut, at: '/home' });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeVisible();

    await userEvent.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(menu).not.toBeVisible();
  });

  it('closes the phone menu when one of its links is followed', async () => {
    renderWithAuth(<Navbar />, { auth: signedOut, at: '/home', routePath: '*' });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!menu) throw new Error('The menu button controls no element');
    await userEvent.click(toggle);

    await userEvent.click(within(menu).getByRole('link', { name: 'Contact' }));

    expect(menu).not.toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the phone menu on Escape and gives the focus back to its button', async () => {
    renderWithAuth(<Navbar />, { auth: signedOut, at: '/home' });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!menu) throw new Error('The menu button controls no element');
    await userEvent.click(toggle);
    within(menu).getByRole('link', { name: 'Blogs' }).focus();

    await userEvent.keyboard('{Escape}');

    expect(menu).not.toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
