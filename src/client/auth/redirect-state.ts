// The location state a guard leaves for /login: where the visitor was going, and why they were sent.
import type { Location } from 'react-router-dom';

export interface LoginRedirectState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  reason?: 'adminOnly';
}

const HOME_PATH = '/home';

/** The in-app path to return to after sign-in, or /home. */
export function originFrom(state: unknown): string {
  const from = (state as LoginRedirectState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) {
    return HOME_PATH;
  }
  if (from.pathname === '/login' || from.pathname === '/signup') return HOME_PATH;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
