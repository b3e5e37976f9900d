// Make Admin (admin): the users, a page at a time, searched by email or name (kept in the address),
// with Make Admin (not for admins) and Remove User (not for yourself) (SPEC.md §2, §8). Make Admin
// asks for confirmation; for a customer the server would refuse (email not verified) it is
// disabled and says why and how they become eligible.
import { useAuth } from '../../auth/useAuth';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import { useAdminListParams } from './admin-list-params';
import { AdminListSearch } from './AdminListSearch';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { ShowMoreButton } from '../dashboard-shell/ShowMoreButton';
import { StackedTable } from '../dashboard-shell/StackedTable';
import { TablePanel } from '../dashboard-shell/TablePanel';
import { UserRow } from './UserRow';
import { useUserActions, type ListedUser } from './useUserActions';

/** Users per page: the server never answers more than PAGE_SIZE_MAX. */
const USERS_PAGE_SIZE = 50;

export default function MakeAdmin() {
  const { user: me } = useAuth();
  const [{ q }, setFilters] = useAdminListParams();
  const users = trpc.users.list.useInfiniteQuery(
    { limit: USERS_PAGE_SIZE, ...(q ? { q } : {}) },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const list = users.data?.pages.flatMap((page) => page.items) ?? [];
  const { promote, remove, isPromoting, isRemoving } = useUserActions();

  const isMe = (user: ListedUser) => user.email.toLowerCase() === me?.email.toLowerCase();

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
              <UserRow
                key={user._id}
                user={user}
                isMe={isMe(user)}
                promoting={isPromoting(user)}
                removing={isRemoving(user)}
                onPromote={() => void promote(user)}
                onRemove={() => void remove(user)}
              />
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
