// Route element for an address that admins and customers both have but see differently: it shows
// admins one page and everyone else the other, with a spinner while the role is still loading.
import type { ReactNode } from 'react';
import { Spinner } from '../components/Spinner';
import { useAuth } from './useAuth';

export function ByRole({ admin, customer }: { admin: ReactNode; customer: ReactNode }) {
  const { role } = useAuth();
  if (role === null) return <Spinner />;
  return role === 'admin' ? admin : customer;
}
