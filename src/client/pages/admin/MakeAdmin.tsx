// Make Admin (admin): the users, a page at a time, searched by email or name (kept in the address),
// with Make Admin (not for admins) and Remove User (not for yourself) (SPEC.md §2, §8). Make Admin
// asks for confirmation; for a customer the server would refuse (email not verified) it is
// disabled and says why and how they become eligible.
import { ShieldCheck, UserX } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { useAuth } from '../../auth/useAuth';
import { useConfirm } from '../../components/ConfirmDialog';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { httpStatusOf } from '../../lib/http-status';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useAdminListParams } from './admin-list-params';
import { AdminListSearch } from './AdminListSearch';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { NoAction } from '../dashboard-shell/NoAction';
import { ShowMoreButton } from '../dashboard-shell/ShowMoreButton';
import { StackedCell, StackedRow, StackedTable } from '../dashboard-shell/StackedTable';
import { TablePanel } from '../dashboard-shell/TablePanel';

type User = RouterOutputs['users']['list']['items'][number];

/** Users per page: the server never answers more than PAGE_SIZE_MAX. */
const USERS_PAGE_SIZE = 50;

export default function MakeAdmin() {
  const { user: me } = useAuth();
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const [{ q }, setFilters] = useAdminListParams();
  const users = trpc.users.list.useInfiniteQuery(
    { limit: USERS_PAGE_SIZE, ...(q ? { q } : {}) },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const list = users.data?.pages.flatMap((page) => page.items) ?? [];

  const makeAdmin = trpc.users.makeAdmin.useMutation({
    onSuccess: ({ modifiedCount }) => {
      if (modifiedCount > 0) toast.success(messages.makeAdminSucceeded);
      void utils.users.list.invalidate();
    },
    onError: (error) => toast.error(httpStatusOf(error) === 403 ? messages.makeAdminFailed : error.message),
  });
  const removeUser = trpc.users.remove.useMutation({
    onSuccess: () => {
      toast.success(messages.deleted);
      void utils.users.list.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  async function promote(user: User) {
    if (
      await confirm({
        message: messages.confirmMakeAdmin(user.email),
        actionLabel: messages.makeAdmin,
        keepLabel: messages.keepCustomer,
        tone: 'primary',
      })
    )
      makeAdmin.mutate({ email: user.email });
  }

  async function remove(user: User) {
    if (await confirm({ message: messages.confirmDelete, actionLabel: messages.removeUser, keepLabel: messages.keepUser }))
      removeUser.mutate({ id: user._id });
  }

  const isMe = (user: User) => user.email.toLowerCase() === me?.email.toLowerCase();

  return (
    <section>
      <PageTitle title="Make Admin" />
      <DashboardHeading title="Make Admin">Give a user admin rights, or remove their account.</DashboardHeading>
      <AdminListSearch
        name="Search the users"
        label="Search users"
        hint="An email or a name, from its start."
        q={q}
        onSearch={(words) => setFilters({ q: words })}
      />
      {users.isPending ? (
        <Spinner label="Loading the users…" />
      ) : users.isError ? (
        <LoadFailure message={users.error.message} onRetry={() => void users.refetch()} />
      ) : list.length === 0 && q ? (
        <EmptyState title="No users match this search." />
      ) : (
        <TablePanel>
          <StackedTable caption="Users" headers={['Email', 'Role', 'Make Admin', 'Remove User']}>
            {list.map((user) => (
              <StackedRow key={user._id}>
                <StackedCell label="Email">
                  <span className="block font-medium break-all">{user.email}</span>
                  {user.displayName ? <span className="block text-sm text-base-content/70">{user.displayName}</span> : null}
                </StackedCell>
                <StackedCell label="Role">
                  {user.role === 'admin' ? <span className="badge badge-sm badge-secondary">admin</span> : 'customer'}
                  {isMe(user) ? <span className="ml-2 text-sm text-base-content/70">(you)</span> : null}
                </StackedCell>
                <StackedCell label="Make Admin">
                  {user.adminEligibility === 'admin' ? (
                    <NoAction />
                  ) : (
                    <MakeAdminButton
                      user={user}
                      pending={makeAdmin.isPending && makeAdmin.variables.email === user.email}
                      onClick={() => void promote(user)}
                    />
                  )}
                </StackedCell>
                <StackedCell label="Remove User">
                  {isMe(user) ? (
                    <NoAction />
                  ) : (
                    <button
                      type="button"
                      className="btn btn-outline btn-error btn-sm gap-1"
                      disabled={removeUser.isPending && removeUser.variables.id === user._id}
                      aria-label={`Remove User: ${user.email}`}
                      onClick={() => void remove(user)}
                    >
                      <UserX aria-hidden="true" className="size-4" />
                      Remove User
                    </button>
                  )}
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
          <ShowMoreButton
            label="Show more users"
            hasMore={users.hasNextPage}
            loading={users.isFetchingNextPage}
            onClick={() => void users.fetchNextPage()}
          />
        </TablePanel>
      )}
    </section>
  );
}

/** Make Admin for one customer: enabled when the server would grant it, else disabled with the reason. */
function MakeAdminButton({ user, pending, onClick }: { user: User; pending: boolean; onClick: () => void }) {
  const reasonId = useId();
  const eligible = user.adminEligibility === 'eligible';
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        className="btn btn-primary btn-sm gap-1"
        disabled={!eligible || pending}
        aria-label={`Make Admin: ${user.email}`}
        aria-describedby={eligible ? undefined : reasonId}
        onClick={onClick}
      >
        <ShieldCheck aria-hidden="true" className="size-4" />
        Make Admin
      </button>
      {eligible ? null : (
        <span id={reasonId} className="max-w-56 text-xs text-base-content/70">
          {messages.makeAdminNeedsVerifiedEmail}
        </span>
      )}
    </div>
  );
}
