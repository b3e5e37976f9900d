// Webhooks (admin): the endpoints the shop POSTs its events to, signed with each one's secret.
// Adding an endpoint (or rotating its secret) shows the secret once, with a copy button; each
// endpoint can be switched off and on, sent a test event, or removed. Below, the deliveries with
// their attempts, and Replay (docs/api.md#webhooks).
import { Copy, KeyRound, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { WebhookEndpointWithSecret } from '../../../shared/webhooks';
import { useConfirm } from '../../components/ConfirmDialog';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { StackedCell, StackedRow, StackedTable } from '../dashboard-shell/StackedTable';
import { TablePanel } from '../dashboard-shell/TablePanel';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookEndpointForm } from './WebhookEndpointForm';

function SecretOnce({ endpoint, onDone }: { endpoint: WebhookEndpointWithSecret; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(endpoint.secret);
      toast.success('Secret copied.');
    } catch {
      toast.error('The secret could not be copied; select it and copy it by hand.');
    }
  };
  return (
    <div role="status" className="alert mb-6 max-w-3xl flex-col items-start border border-warning bg-base-100">
      <p>
        The signing secret of <span className="break-all font-medium">{endpoint.url}</span>. It is shown only now: keep it with the
        receiver, which verifies each webhook with it.
      </p>
      <code className="break-all rounded bg-base-200 p-2" aria-label="Signing secret">
        {endpoint.secret}
      </code>
      <div className="flex gap-2">
        <button type="button" className="btn btn-sm gap-1" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          Copy secret
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

export default function Webhooks() {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const [shownSecret, setShownSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const endpoints = trpc.webhooks.endpoints.useQuery();
  const refresh = () => void utils.webhooks.invalidate();
  const onError = (error: { message: string }) => toast.error(error.message);

  const create = trpc.webhooks.create.useMutation({ onError });
  const update = trpc.webhooks.update.useMutation({ onSuccess: refresh, onError });
  const rotate = trpc.webhooks.rotateSecret.useMutation({ onSuccess: setShownSecret, onError });
  const remove = trpc.webhooks.remove.useMutation({
    onSuccess: () => {
      toast.success('Endpoint removed.');
      refresh();
    },
    onError,
  });
  const sendTest = trpc.webhooks.sendTest.useMutation({
    onSuccess: () => {
      toast.success('A test event is on its way.');
      refresh();
    },
    onError,
  });

  async function add(values: Parameters<typeof create.mutateAsync>[0]): Promise<boolean> {
    try {
      setShownSecret(await create.mutateAsync(values));
      refresh();
      return true;
    } catch {
      return false;
    }
  }

  async function confirmRotate(id: string, url: string) {
    const question = {
      message: `Give ${url} a new secret? The old one stops verifying at once.`,
      actionLabel: 'Rotate secret',
      keepLabel: 'Keep the secret',
    };
    if (await confirm(question)) rotate.mutate({ id });
  }

  async function confirmRemove(id: string, url: string) {
    const question = { message: `Remove ${url} and its deliveries?`, actionLabel: 'Remove endpoint', keepLabel: 'Keep it' };
    if (await confirm(question)) remove.mutate({ id });
  }

  return (
    <section>
      <PageTitle title="Webhooks" />
      <DashboardHeading title="Webhooks">
        Other systems told of orders and low stock as they happen: signed POSTs to the endpoints below, retried until they answer.
      </DashboardHeading>
      {shownSecret ? <SecretOnce endpoint={shownSecret} onDone={() => setShownSecret(null)} /> : null}
      <WebhookEndpointForm saving={create.isPending} onSubmit={add} />
      {endpoints.isPending ? (
        <Spinner label="Loading the endpoints…" />
      ) : endpoints.isError ? (
        <LoadFailure message={endpoints.error.message} onRetry={() => void endpoints.refetch()} />
      ) : endpoints.data.length === 0 ? (
        <EmptyState title="No webhook endpoints yet." />
      ) : (
        <TablePanel>
          <StackedTable caption="Webhook endpoints" headers={['Endpoint', 'Events', 'Enabled', 'Actions']}>
            {endpoints.data.map((endpoint) => (
              <StackedRow key={endpoint._id}>
                <StackedCell label="Endpoint">
                  <span className="break-all font-medium">{endpoint.url}</span>
                  {endpoint.description ? <p className="text-sm opacity-70">{endpoint.description}</p> : null}
                </StackedCell>
                <StackedCell label="Events">
                  <ul className="text-sm">
                    {endpoint.events.map((type) => (
                      <li key={type}>
                        <code>{type}</code>
                      </li>
                    ))}
                  </ul>
                </StackedCell>
                <StackedCell label="Enabled">
                  <input
                    type="checkbox"
                    className="toggle toggle-success"
                    checked={endpoint.enabled}
                    aria-label={`Send webhooks to ${endpoint.url}`}
                    disabled={update.isPending && update.variables.id === endpoint._id}
                    onChange={(event) => update.mutate({ id: endpoint._id, enabled: event.target.checked })}
                  />
                </StackedCell>
                <StackedCell label="Actions">
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn btn-outline btn-sm gap-1"
                      aria-label={`Send a test event to ${endpoint.url}`}
                      onClick={() => sendTest.mutate({ id: endpoint._id })}
                    >
                      <Send aria-hidden="true" className="size-4" />
                      Test
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline btn-sm gap-1"
                      aria-label={`Rotate the secret of ${endpoint.url}`}
                      onClick={() => void confirmRotate(endpoint._id, endpoint.url)}
                    >
                      <KeyRound aria-hidden="true" className="size-4" />
                      Rotate secret
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline btn-error btn-sm gap-1"
                      aria-label={`Remove ${endpoint.url}`}
                      onClick={() => void confirmRemove(endpoint._id, endpoint.url)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Remove
                    </button>
                  </div>
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        </TablePanel>
      )}
      <WebhookDeliveries />
    </section>
  );
}
