// Emails (admin): the emails not delivered yet (about orders, or an account's verification and
// password-reset links), newest first: the ones that failed after the last attempt and the ones
// waiting to be tried again, with their last error. "Retry now" puts one back in the queue with a
// fresh set of attempts; the sender picks it up within seconds.
import { RotateCw } from 'lucide-react';
import { toast } from 'react-toastify';
import type { EmailKind } from '../../../shared/emails';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { ShowMoreButton } from '../dashboard-shell/ShowMoreButton';
import { StackedCell, StackedRow, StackedTable } from '../dashboard-shell/StackedTable';
import { TablePanel } from '../dashboard-shell/TablePanel';

const EMAILS_PAGE_SIZE = 50;

const kindLabels: Record<EmailKind, string> = {
  booking: 'Booking',
  order_placed: 'Order placed',
  payment_received: 'Payment received',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunded: 'Refunded',
  verify_email: 'Email verification',
  password_reset: 'Password reset',
};

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export default function UndeliveredEmails() {
  const utils = trpc.useUtils();
  const emails = trpc.emails.undelivered.useInfiniteQuery(
    { limit: EMAILS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const retry = trpc.emails.retry.useMutation({
    onSuccess: (email) => {
      toast.success(`The email to ${email.recipient} will be sent again now.`);
      void utils.emails.undelivered.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  const list = emails.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section>
      <PageTitle title="Emails" />
      <DashboardHeading title="Emails">
        Emails not delivered yet, newest first: failed ones gave up after their last attempt; pending ones will be tried again.
      </DashboardHeading>
      {emails.isPending ? (
        <Spinner label="Loading the emails…" />
      ) : emails.isError ? (
        <LoadFailure message={emails.error.message} onRetry={() => void emails.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="Every email has been delivered." />
      ) : (
        <TablePanel>
          <StackedTable caption="Undelivered emails" headers={['Email', 'To', 'Status', 'Attempts', 'Last error', 'Retry']}>
            {list.map((email) => (
              <StackedRow key={email._id}>
                <StackedCell label="Email">
                  <span className="font-medium">{kindLabels[email.kind]}</span>
                  <br />
                  <time className="text-sm opacity-70" dateTime={email.createdAt}>
                    {when.format(new Date(email.createdAt))}
                  </time>
                </StackedCell>
                <StackedCell label="To">
                  <span className="break-all">{email.recipient}</span>
                </StackedCell>
                <StackedCell label="Status">
                  <span className={email.status === 'failed' ? 'badge badge-error' : 'badge badge-warning'}>{email.status}</span>
                </StackedCell>
                <StackedCell label="Attempts">{email.attempts}</StackedCell>
                <StackedCell label="Last error">
                  <span className="line-clamp-3 max-w-md break-words">{email.lastError ?? '—'}</span>
                </StackedCell>
                <StackedCell label="Retry">
                  <button
                    type="button"
                    className="btn btn-outline btn-sm gap-1"
                    disabled={retry.isPending && retry.variables.id === email._id}
                    aria-label={`Retry now the ${kindLabels[email.kind].toLowerCase()} email to ${email.recipient}`}
                    onClick={() => retry.mutate({ id: email._id })}
                  >
                    <RotateCw aria-hidden="true" className="size-4" />
                    Retry now
                  </button>
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
          <ShowMoreButton
            label="Show more emails"
            hasMore={emails.hasNextPage}
            loading={emails.isFetchingNextPage}
            onClick={() => void emails.fetchNextPage()}
          />
        </TablePanel>
      )}
    </section>
  );
}
