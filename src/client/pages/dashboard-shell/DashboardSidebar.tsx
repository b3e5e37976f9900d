// The dashboard's navigation: the links for the user's role, the current one highlighted.
import { LayoutDashboard } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import type { Role } from '../../../shared/users';
import { Spinner } from '../../components/Spinner';
import { dashboardLinksFor } from './dashboard-links';

interface DashboardSidebarProps {
  id: string;
  role: Role | null;
  /** A business customer also sees API keys. */
  business: boolean;
  onNavigate: () => void;
}

export function DashboardSidebar({ id, role, business, onNavigate }: DashboardSidebarProps) {
  return (
    <nav id={id} aria-label="Dashboard" className="min-h-full w-72 border-r border-base-300 bg-base-100 p-4 lg:w-64">
      <p className="mb-4 flex items-center gap-2 px-3 text-sm font-semibold tracking-wide text-base-content/70 uppercase">
        <LayoutDashboard aria-hidden="true" className="size-4" />
        Dashboard
      </p>
      {role === null ? (
        <Spinner label="Loading your menu…" />
      ) : (
        <ul className="menu w-full gap-1 p-0">
          {dashboardLinksFor(role, business).map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end
                onClick={onNavigate}
                className={({ isActive }) => (isActive ? 'menu-active font-semibold' : 'font-medium')}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
