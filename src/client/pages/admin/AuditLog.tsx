// Audit log (admin): who did each admin action, and when, newest first, a page at a time, searched
// by who did it, the action or its subject (kept in the address).
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import { useAdminListParams } from './admin-list-params';
import { AdminListSearch } from './AdminListSearch';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { ShowMoreButton } from '../dashboard-shell/ShowMoreButton';
import { StackedCell, StackedRow, StackedTable } from '../dashboard-shell/StackedTable';
import { TablePanel } from '../dashboard-shell/TablePanel';

const actionLabels: Record<string, string> = {
  'user.make_admin': 'Made admin',
  'user.remove': 'Removed user',
  'part.add': 'Added part',
  'part.edit': 'Edited part',
  'part.hide': 'Hid part',
  'part.show': 'Showed part',
  'part.delete': 'Deleted part',
  'part.variant_add': 'Added variant',
  'part.variant_edit': 'Edited variant',
  'part.variant_retire': 'Retired variant',
  'part.import': 'Imported parts',
  'part.export': 'Exported parts',
  'image.upload': 'Uploaded image',
  'order.ship': 'Shipped order',
  'order.cancel': 'Cancelled order',
  'order.refund': 'Refunded order',
  'order.export': 'Exported orders',
  'review.remove': 'Removed review',
  'email.retry': 'Retried email',
};

/** Admin actions per page: the server never answers more than PAGE_SIZE_MAX. */
const EVENTS_PAGE_SIZE = 50;

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export default function AuditLog() {
  const [{ q }, setFilters] = useAdminListParams();
  const events = trpc.users.auditLog.useInfiniteQuery(
    { limit: EVENTS_PAGE_SIZE, ...(q ? { q } : {}) },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const list = events.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section>
      <PageTitle title="Audit log" />
      <DashboardHeading title="Audit log">Every admin action, who did it and when. Newest first.</DashboardHeading>
      <AdminListSearch
        name="Search the audit log"
        label="Search actions"
        hint="Who did it (an email), the action (such as order.ship) or its subject, from its start."
        q={q}
        onSearch={(words) => setFilters({ q: words })}
      />
      {events.isPending ? (
        <Spinner label="Loading the audit log…" />
      ) : events.isError ? (
        <LoadFailure message={events.error.message} onRetry={() => void events.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={q ? 'No admin actions match this search.' : 'No admin actions yet.'} />
      ) : (
        <TablePanel>
          <StackedTable caption="Admin actions" headers={['When', 'Who', 'Action', 'Subject']}>
            {list.map((event) => (
              <StackedRow key={event._id}>
                <StackedCell label="When">
                  <time dateTime={event.createdAt}>{when.format(new Date(event.createdAt))}</time>
                </StackedCell>
                <StackedCell label="Who">{event.actorEmail}</StackedCell>
                <StackedCell label="Action">
                  <span className="block">{actionLabels[event.action] ?? event.action}</span>
                  <code className="block text-xs text-base-content/70">{event.action}</code>
                </StackedCell>
                <StackedCell label="Subject">
                  <span className="break-all">{event.subject}</span>
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
          <ShowMoreButton
            label="Show more actions"
            hasMore={events.hasNextPage}
            loading={events.isFetchingNextPage}
            onClick={() => void events.fetchNextPage()}
          />
        </TablePanel>
      )}
    </section>
  );
}
