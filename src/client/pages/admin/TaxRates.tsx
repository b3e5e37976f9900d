// Tax rates (admin): the VAT or sales tax rate of each country, in percent. Setting a country's rate
// adds it or changes it; removing it asks first.
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { setTaxRateSchema, type SetTaxRateInput } from '../../../shared/shop-settings';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormField } from '../../components/FormField';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { StackedCell, StackedRow, StackedTable } from '../dashboard-shell/StackedTable';
import { TablePanel } from '../dashboard-shell/TablePanel';

export default function TaxRates() {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const rates = trpc.settings.taxRates.useQuery();
  const form = useForm<SetTaxRateInput>({ resolver: zodResolver(setTaxRateSchema), defaultValues: { country: '' } });
  const fieldId = useId();
  const {
    register,
    formState: { errors },
  } = form;

  const setRate = trpc.settings.setTaxRate.useMutation({
    onSuccess: () => {
      toast.success(messages.taxRateSaved);
      form.reset({ country: '' });
      void utils.settings.taxRates.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
  const removeRate = trpc.settings.removeTaxRate.useMutation({
    onSuccess: () => {
      toast.success(messages.taxRateRemoved);
      void utils.settings.taxRates.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  async function remove(country: string) {
    const question = {
      message: messages.confirmRemoveTaxRate(country),
      actionLabel: messages.removeTaxRate,
      keepLabel: messages.keepTaxRate,
    };
    if (await confirm(question)) removeRate.mutate({ country });
  }

  const submit = form.handleSubmit((values) => setRate.mutate(values));

  return (
    <section>
      <PageTitle title="Tax rates" />
      <DashboardHeading title="Tax rates">The rate each country’s customers are charged, in percent (19 for 19 %).</DashboardHeading>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label="Set a tax rate"
        className="card mb-6 max-w-2xl border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body gap-4">
          <h2 className="card-title text-lg">Set a rate</h2>
          <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <FormField id={`${fieldId}-country`} label="Country" hint="Two-letter code, such as FI" error={errors.country?.message}>
              {(field) => (
                <input {...field} {...register('country')} className="input w-full" type="text" autoCapitalize="characters" />
              )}
            </FormField>
            <FormField
              id={`${fieldId}-rate`}
              label="Rate (%)"
              hint="Up to 2 decimals, such as 25.5"
              error={errors.ratePercent?.message}
            >
              {(field) => (
                <input
                  {...field}
                  {...register('ratePercent', { valueAsNumber: true })}
                  className="input w-full"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={100}
                  step={0.01}
                />
              )}
            </FormField>
            <button type="submit" className="btn btn-primary" disabled={setRate.isPending}>
              Save rate
            </button>
          </div>
        </div>
      </form>
      {rates.isPending ? (
        <Spinner label="Loading the tax rates…" />
      ) : rates.isError ? (
        <LoadFailure message={rates.error.message} onRetry={() => void rates.refetch()} />
      ) : rates.data.length === 0 ? (
        <EmptyState title="No tax rates yet." />
      ) : (
        <TablePanel>
          <StackedTable caption="Tax rates" headers={['Country', 'Rate', 'Edit', 'Remove']}>
            {rates.data.map((rate) => (
              <StackedRow key={rate.country}>
                <StackedCell label="Country">{rate.country}</StackedCell>
                <StackedCell label="Rate">{rate.ratePercent} %</StackedCell>
                <StackedCell label="Edit">
                  <button
                    type="button"
                    className="btn btn-outline btn-sm gap-1"
                    aria-label={`Edit the rate of ${rate.country}`}
                    onClick={() => form.reset({ country: rate.country, ratePercent: rate.ratePercent })}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit
                  </button>
                </StackedCell>
                <StackedCell label="Remove">
                  <button
                    type="button"
                    className="btn btn-outline btn-error btn-sm gap-1"
                    aria-label={`Remove the rate of ${rate.country}`}
                    disabled={removeRate.isPending && removeRate.variables.country === rate.country}
                    onClick={() => void remove(rate.country)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Remove
                  </button>
                </StackedCell>
              </StackedRow>
            ))}
          </StackedTable>
        </TablePanel>
      )}
    </section>
  );
}
