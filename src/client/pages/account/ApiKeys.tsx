// API keys (admins and business customers): create a key for programs that use the shop's API, see
// it once, and list and revoke keys with their last use (docs/api.md "API keys").
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { apiKeyMessages } from '../../../shared/api-key-messages';
import { formatDayAndTime } from '../../../shared/dates';
import { useAuth } from '../../auth/useAuth';
import { useConfirm } from '../../components/ConfirmDialog';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { StackedCell, StackedRow, StackedTable } from '../dashboard-shell/StackedTable';
import { TablePanel } from '../dashboard-shell/TablePanel';
import { ApiKeyForm, type CreatedApiKey } from './ApiKeyForm';
import { NewApiKey } from './NewApiKey';

export default function ApiKeys() {
  const { role } = useAuth();
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const keys = trpc.apiKeys.list.useQuery();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const revoke = trpc.apiKeys.revoke.useMutation({
    onSuccess: async (key) => {
      toast.success(`The key “${key.name}” is revoked`);
      await utils.apiKeys.list.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  async function askToRevoke(key: { id: string; name: string }) {
    const question = {
      message: apiKeyMessages.confirmRevoke(key.name),
      actionLabel: apiKeyMessages.revokeKey,
      keepLabel: apiKeyMessages.keepKey,
    };
    if (await confirm(question)) revoke.mutate({ id: key.id });
  }

  return (
    <section>
      <PageTitle title="API keys" />
      <DashboardHeading title="API keys">
        Keys let your own programs read the catalogue and your orders, or place and cancel orders, as{' '}
        <code>Authorization: Bearer</code> on the shop’s API. A key does only what its scopes allow.
      </DashboardHeading>
      {created ? <NewApiKey name={created.apiKey.name} secret={created.key} onDone={() => setCreated(null)} /> : null}
      <ApiKeyForm isAdmin={role === 'admin'} onCreated={setCreated} />
      {keys.isPending ? (
        <Spinner label="Loading the keys…" />
      ) : keys.isError ? (
        <LoadFailure message={keys.error.message} onRetry={() => void keys.refetch()} />
      ) : keys.data.length === 0 ? (
        <EmptyState title="No API keys yet." />
      ) : (
        <TablePanel>
          <StackedTable caption="API keys" headers={['Name', 'Key', 'Scopes', 'For', 'Created', 'Last used', 'Revoke']}>
            {keys.data.map((key) => (
              <StackedRow key={key.id}>
                <StackedCell label="Name">{key.name}</StackedCell>
                <StackedCell label="Key">
                  <code className="text-sm">{key.prefix}…</code>
                </StackedCell>
                <StackedCell label="Scopes">{key.scopes.join(', ')}</StackedCell>
                <StackedCell label="For">{key.kind === 'shop' ? 'The shop' : 'Own account'}</StackedCell>
                <StackedCell label="Created">
                  {formatDayAndTime(key.createdAt)}
                  <span className="block text-xs text-base-content/70">by {key.createdBy}</span>
                </StackedCell>
                <StackedCell label="Last used">{key.lastUsedAt ? formatDayAndTime(key.lastUsedAt) : 'Never'}</StackedCell>
                <StackedCell label="Revoke">
                  {key.revokedAt ? (
                    <span className="badge badge-ghost">Revoked {formatDayAndTime(key.revokedAt)}</span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-outline btn-error btn-sm gap-1"
                      aria-label={`Revoke ${key.name}`}
                      disabled={revoke.isPending && revoke.variables.id === key.id}
                      onClick={() => void askToRevoke(key)}
                    >
                      <Ban aria-hidden="true" className="size-4" />
                      Revoke
                    </button>
                  )}
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        </TablePanel>
      )}
    </section>
  );
}
