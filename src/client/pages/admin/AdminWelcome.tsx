// The dashboard's index for admins (customers see their orders there): shortcuts to their tools.
import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/useAuth';
import { PageTitle } from '../../components/PageTitle';
import { dashboardLinksFor } from '../dashboard-shell/dashboard-links';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';

export default function AdminWelcome() {
  const { user } = useAuth();
  const name = user?.displayName ?? user?.email ?? 'admin';
  return (
    <section>
      <PageTitle title="Dashboard" />
      <DashboardHeading title={`Welcome, ${name}`}>What would you like to manage?</DashboardHeading>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {dashboardLinksFor('admin').map(({ to, label, description, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="card h-full border border-base-300 bg-base-100 transition hover:border-primary hover:shadow-md focus-visible:outline-2 focus-visible:outline-primary"
            >
              <div className="card-body flex-row items-start gap-4">
                <Icon aria-hidden="true" className="size-6 shrink-0 text-primary" />
                <div>
                  <h2 className="card-title text-base">{label}</h2>
                  <p className="text-sm text-base-content/70">{description}</p>
                </div>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
