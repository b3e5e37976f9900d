// My Profile: the signed-in user's photo, display name and email (SPEC.md §2) with whether the
// email is verified, the form to change them and the saved phone and address, their saved bikes,
// and their account actions.
import { messages } from '../../../shared/messages';
import { DEFAULT_AVATAR } from '../../../shared/constants';
import { useAuth } from '../../auth/useAuth';
import { PageTitle } from '../../components/PageTitle';
import { trpc } from '../../lib/trpc';
import { AccountSecurity } from './AccountSecurity';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { MyBikes } from './MyBikes';
import { ProfileForm } from './ProfileForm';

export default function Profile() {
  const { user, role } = useAuth();
  const me = trpc.users.me.useQuery(undefined, { enabled: user !== null });
  return (
    <section>
      <PageTitle title="My Profile" />
      <DashboardHeading title="My Profile" />
      {user === null ? (
        <p className="text-base-content/70">{messages.noUserLoggedIn}</p>
      ) : (
        <div className="grid gap-6">
          <div className="card max-w-xl border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body flex-col items-center gap-6 text-center sm:flex-row sm:text-left">
              <img
                src={user.photoURL ?? DEFAULT_AVATAR}
                alt={`Photo of ${user.displayName ?? user.email}`}
                width={112}
                height={112}
                referrerPolicy="no-referrer"
                className="size-28 shrink-0 rounded-full border border-base-300 bg-base-200 object-cover"
              />
              <dl className="grid min-w-0 gap-3">
                <div>
                  <dt className="text-sm text-base-content/70">Name</dt>
                  <dd className="text-xl font-semibold break-words">{user.displayName ?? 'No name set'}</dd>
                </div>
                <div>
                  <dt className="text-sm text-base-content/70">Email</dt>
                  <dd className="break-all">{user.email}</dd>
                </div>
                {me.data ? (
                  <div>
                    <dt className="text-sm text-base-content/70">Email address</dt>
                    <dd>
                      <span className={`badge badge-sm ${me.data.emailVerified ? 'badge-success' : 'badge-warning'}`}>
                        {me.data.emailVerified ? messages.emailVerifiedBadge : messages.emailNotVerifiedBadge}
                      </span>
                    </dd>
                  </div>
                ) : null}
                {role ? (
                  <div>
                    <dt className="text-sm text-base-content/70">Account</dt>
                    <dd>{role === 'admin' ? 'Admin' : 'Customer'}</dd>
                  </div>
                ) : null}
              </dl>
            </div>
          </div>
          {me.data ? <ProfileForm key={me.data._id} me={me.data} /> : null}
          <MyBikes />
          <AccountSecurity />
        </div>
      )}
    </section>
  );
}
