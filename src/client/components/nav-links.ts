// The navbar's links (SPEC.md §2). /contact has no route on purpose: it shows the not-found page.

export interface NavLinkItem {
  to: string;
  label: string;
}

export const publicNavLinks: readonly NavLinkItem[] = [
  { to: '/home', label: 'Home' },
  { to: '/contact', label: 'Contact' },
  { to: '/portfolio', label: 'My Portfolio' },
  { to: '/blogs', label: 'Blogs' },
];

export const dashboardNavLink: NavLinkItem = { to: '/dashboard', label: 'Dashboard' };
