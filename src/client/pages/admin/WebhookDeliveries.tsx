// The Webhooks page's deliveries: newest first, by status, each with its attempts (expandable: time,
// status code or error, duration) and Replay for a delivered or failed one.
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { webhookDeliveryStatuses, type WebhookDeliveryStatus, type WebhookDeliveryView } from '../../../shared/webhooks';
import { LoadFailure } from '../../components/LoadFailure';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { ShowMoreButton } from '../dashboard-shell/ShowMoreButton';
import { StackedCell, StackedRow, StackedTable } from '../dashboard-shell/StackedTable';
import { TablePanel } from '../dashboard-shell/TablePanel';

const DELIVERIES_PAGE_SIZE = 25;
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const badges: Record<WebhookDeliveryStatus, string> = {
  pending: 'badge badge-warning',
  delivered: 'badge badge-success',
  failed: 'badge badge-error',
};

function Attempts({ delivery }: { delivery: WebhookDeliveryView }) {
  if (delivery.attempts.length === 0) return <span className="opacity-70">none yet</span>;
  return (
    <details>
      <summary className="cursor-pointer">
        {delivery.attempts.length} {delivery.attempts.length === 1 ? 'attempt' : 'attempts'}
      </summary>
      <ol className="mt-1 list-decimal pl-5 text-sm">
        {delivery.attempts.map((attempt) => (
          <li key={attempt.attemptedAt}>
            <time dateTime={attempt.attemptedAt}>{when.format(new Date(attempt.attemptedAt))}</time>:{' '}
            {attempt.statusCode === null ? attempt.error : `HTTP ${attempt.statusCode}`} ({attempt.durationMs} ms)
          </li>
        ))}
      </ol>
    </details>
  );
}

export function WebhookDeliveries() {
  const utils = trpc.useUtils();
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const deliveries = trpc.webhooks.deliveries.useInfiniteQuery(
    { limit: DELIVERIES_PAGE_SIZE, ...(status ? { status } : {}) },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const replay = trpc.webhooks.replay.useMutation({
    onSuccess: () => {
      toast.success('The delivery will be sent again now.');
      void utils.webhooks.deliveries.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
  const list = deliveries.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="webhook-deliveries-heading" className="mt-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="webhook-deliveries-heading" className="text-xl font-semibold">
          Deliveries
        </h2>
        <label className="flex items-center gap-2 text-sm">
          Status
          <select
            className="select select-sm"
            value={status}
            onChange={(event) => setStatus(event.target.value as WebhookDeliveryStatus | '')}
          >
            <option value="">All</option>
            {webhookDeliveryStatuses.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      </div>
      {deliveries.isPending ? (
        <Spinner label="Loading the deliveries…" />
      ) : deliveries.isError ? (
        <LoadFailure message={deliveries.error.message} onRetry={() => void deliveries.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="No deliveries yet." />
      ) : (
        <TablePanel>
          <StackedTable caption="Webhook deliveries" headers={['Event', 'Endpoint', 'Status', 'Attempts', 'Replay']}>
            {list.map((delivery) => (
              <StackedRow key={delivery._id}>
                <StackedCell label="Event">
                  <code>{delivery.eventType}</code>
                  <br />
                  <time className="text-sm opacity-70" dateTime={delivery.createdAt}>
                    {when.format(new Date(delivery.createdAt))}
                  </time>
                </StackedCell>
                <StackedCell label="Endpoint">
                  <span className="break-all">{delivery.endpointUrl}</span>
                </StackedCell>
                <StackedCell label="Status">
                  <span className={badges[delivery.status]}>{delivery.status}</span>
                </StackedCell>
                <StackedCell label="Attempts">
                  <Attempts delivery={delivery} />
                </StackedCell>
                <StackedCell label="Replay">
                  <button
                    type="button"
                    className="btn btn-outline btn-sm gap-1"
                    disabled={delivery.status === 'pending' || (replay.isPending && replay.variables.id === delivery._id)}
                    aria-label={`Replay the ${delivery.eventType} delivery to ${delivery.endpointUrl}`}
                    onClick={() => replay.mutate({ id: delivery._id })}
                  >
                    <RotateCw aria-hidden="true" className="size-4" />
                    Replay
                  </button>
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
          <ShowMoreButton
            label="Show more deliveries"
            hasMore={deliveries.hasNextPage}
            loading={deliveries.isFetchingNextPage}
            onClick={() => void deliveries.fetchNextPage()}
          />
        </TablePanel>
      )}
    </section>
  );
}
