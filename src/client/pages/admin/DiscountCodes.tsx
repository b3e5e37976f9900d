// Discount codes (admin): every code with its terms and how often it is used (held by unpaid
// orders, spent by paid ones); create one, edit every field, deactivate or activate it again.
import { useState } from 'react';
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { formatDollars } from '../../../shared/money';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { StackedCell, StackedRow, StackedTable } from '../dashboard-shell/StackedTable';
import { TablePanel } from '../dashboard-shell/TablePanel';
import { DiscountCodeForm } from './DiscountCodeForm';
import { toDiscountCodeFormValues } from './discount-code-form-values';

type DiscountCode = RouterOutputs['settings']['discountCodes'][number];

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function terms(code: DiscountCode): string {
  const off = code.kind === 'percent' ? `${code.value} % off` : `${formatDollars(code.value)} off`;
  return code.minSpend > 0 ? `${off} from ${formatDollars(code.minSpend)}` : off;
}

function validity(code: DiscountCode): string {
  if (!code.startsAt && !code.endsAt) return 'Always';
  const from = code.startsAt ? dateFormat.format(new Date(code.startsAt)) : 'now';
  const to = code.endsAt ? dateFormat.format(new Date(code.endsAt)) : 'no end';
  return `${from} – ${to}`;
}

function limits(code: DiscountCode): string {
  const all = code.maxUses === null ? 'no limit' : `${code.maxUses} in all`;
  const each = code.maxUsesPerCustomer === null ? 'no limit each' : `${code.maxUsesPerCustomer} each`;
  return `${all}, ${each}`;
}

export default function DiscountCodes() {
  const utils = trpc.useUtils();
  const codes = trpc.settings.discountCodes.useQuery();
  const [editing, setEditing] = useState<DiscountCode | null>(null);
  const [formKey, setFormKey] = useState(0);
  const refresh = () => void utils.settings.discountCodes.invalidate();

  const create = trpc.settings.createDiscountCode.useMutation({
    onSuccess: () => {
      toast.success(messages.discountCodeSaved);
      setFormKey((key) => key + 1);
      refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  const edit = trpc.settings.editDiscountCode.useMutation({
    onSuccess: () => {
      toast.success(messages.discountCodeSaved);
      setEditing(null);
      refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  const setActive = trpc.settings.setDiscountCodeActive.useMutation({
    onSuccess: (code) => {
      toast.success(code.active ? messages.discountCodeActivated : messages.discountCodeDeactivated);
      refresh();
    },
    onError: (error) => toast.error(error.message),
  });

  return (
    <section>
      <PageTitle title="Discount codes" />
      <DashboardHeading title="Discount codes">
        Codes customers type at checkout. A deactivated code stays listed with its uses; orders that used it keep their discount.
      </DashboardHeading>
      <div className="card mb-6 max-w-3xl border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <h2 className="card-title text-lg">{editing ? `Edit ${editing.code}` : 'New code'}</h2>
          {editing ? (
            <DiscountCodeForm
              key={editing.id}
              initial={toDiscountCodeFormValues(editing)}
              submitLabel="Save code"
              pending={edit.isPending}
              onSubmit={(fields) => edit.mutate({ id: editing.id, fields })}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <DiscountCodeForm
              key={formKey}
              submitLabel="Create code"
              pending={create.isPending}
              onSubmit={(fields) => create.mutate(fields)}
            />
          )}
        </div>
      </div>
      {codes.isPending ? (
        <Spinner label="Loading the discount codes…" />
      ) : codes.isError ? (
        <LoadFailure message={codes.error.message} onRetry={() => void codes.refetch()} />
      ) : codes.data.length === 0 ? (
        <EmptyState title="No discount codes yet." />
      ) : (
        <TablePanel>
          <StackedTable caption="Discount codes" headers={['Code', 'Takes off', 'Valid', 'Limits', 'Used', 'Status', 'Actions']}>
            {codes.data.map((code) => (
              <StackedRow key={code.id}>
                <StackedCell label="Code">
                  <span className="font-mono font-medium">{code.code}</span>
                </StackedCell>
                <StackedCell label="Takes off">{terms(code)}</StackedCell>
                <StackedCell label="Valid">{validity(code)}</StackedCell>
                <StackedCell label="Limits">{limits(code)}</StackedCell>
                <StackedCell label="Used">
                  {code.uses.spent} paid, {code.uses.held} held
                </StackedCell>
                <StackedCell label="Status">
                  {code.active ? (
                    <span className="badge badge-success badge-outline badge-sm">Active</span>
                  ) : (
                    <span className="badge badge-ghost badge-sm">Deactivated</span>
                  )}
                </StackedCell>
                <StackedCell label="Actions">
                  <span className="flex flex-wrap justify-end gap-2 md:justify-start">
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      aria-label={`Edit ${code.code}`}
                      onClick={() => {
                        setEditing(code);
                        window.scrollTo({ top: 0, behavior: 'smooth' });
                      }}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      aria-label={`${code.active ? 'Deactivate' : 'Activate'} ${code.code}`}
                      disabled={setActive.isPending && setActive.variables.id === code.id}
                      onClick={() => setActive.mutate({ id: code.id, active: !code.active })}
                    >
                      {code.active ? 'Deactivate' : 'Activate'}
                    </button>
                  </span>
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        </TablePanel>
      )}
    </section>
  );
}
