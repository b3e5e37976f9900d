// The top navigation: brand, page links, Dashboard when signed in, the search, the cart, who is
// signed in, and Login or SignOut; collapses into a menu on phones, where the search takes a row
// of its own under the bar (on tablets too: beside the links it would be too narrow to read).
import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { DEFAULT_AVATAR } from '../../shared/constants';
import type { AuthUser } from '../auth/auth-context';
import { useAuth } from '../auth/useAuth';
import { dashboardNavLink, publicNavLinks, type NavLinkItem } from './nav-links';

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return `rounded-lg px-3 py-2 text-sm font-medium transition-colors hover:bg-base-200 ${
    isActive ? 'text-primary' : 'text-base-content'
  }`;
}

/** The name the shop shows for the signed-in person: the display name, or the email without one. */
function shownName(user: AuthUser): string {
  return user.displayName ?? user.email;
}

/**
 * The signed-in person's photo, and on wider screens their name, linking to My Profile. On phones
 * the name is read out but not drawn: the phone menu shows it in full.
 */
function SignedInAs({ user }: { user: AuthUser }) {
  return (
    <Link to="/dashboard/profile" className="flex h-10 min-w-0 items-center gap-2 rounded-lg px-1 hover:bg-base-200 md:px-2">
      <img
        src={user.photoURL ?? DEFAULT_AVATAR}
        alt=""
        width={32}
        height={32}
        referrerPolicy="no-referrer"
        className="size-8 shrink-0 rounded-full border border-base-300 bg-base-200 object-cover"
      />
      <span className="sr-only max-w-40 truncate text-sm font-medium md:not-sr-only">{shownName(user)}</span>
    </Link>
  );
}

function AuthArea() {
  const { status, user, signOut } = useAuth();
  if (status === 'loading') {
    return (
      <span role="status" className="flex h-10 items-center px-3">
        <span className="loading loading-spinner loading-sm text-primary" aria-hidden="true" />
        <span className="sr-only">Checking your sign-in…</span>
      </span>
    );
  }
  if (status === 'signedIn') {
    return (
      <>
        {user ? <SignedInAs user={user} /> : null}
        <button type="button" className="btn btn-outline btn-sm h-10" onClick={() => void signOut()}>
          SignOut
        </button>
      </>
    );
  }
  return (
    <Link to="/login" className="btn btn-primary btn-sm h-10">
      Login
    </Link>
  );
}

/**
 * `cart` is drawn on every page, before who is signed in (the app passes its CartLink); `search`
 * between the links and the cart on wide screens, under the bar on narrow ones (the app passes
 * its HeaderSearch).
 */
export function Navbar({ cart = null, search = null }: { cart?: ReactNode; search?: ReactNode }) {
  const { status, user } = useAuth();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on, so following a link closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Escape closes the open menu from wherever the focus is, and hands the focus to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);
  const links: readonly NavLinkItem[] = status === 'signedIn' ? [...publicNavLinks, dashboardNavLink] : publicNavLinks;

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100 print:hidden">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:flex-nowrap"
      >
        <Link to="/home" className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <img src="/images/logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
          Sprocket
        </Link>

        <ul className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={navLinkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>

        {search ? <div className="order-last basis-full lg:order-none lg:max-w-sm lg:flex-1 lg:basis-auto">{search}</div> : null}

        <div className="flex min-w-24 items-center justify-end gap-2">
          {cart}
          <AuthArea />
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-ghost btn-square md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          </button>
        </div>
      </nav>

      <ul id={menuId} hidden={!menuOpen} className="border-t border-base-300 px-4 py-2 md:hidden">
        {user ? (
          <li className="truncate px-3 py-2 text-sm text-base-content/70">
            Signed in as <span className="font-medium text-base-content">{shownName(user)}</span>
          </li>
        ) : null}
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className={(state) => `block ${navLinkClass(state)}`}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </header>
  );
}
