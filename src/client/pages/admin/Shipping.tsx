// Shipping (admin): the zones the shop ships to, each with its countries (a country in one zone
// only) and its rates. A new zone starts empty; a zone's card edits the rest.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { messages } from '../../../shared/messages';
import { createShippingZoneSchema } from '../../../shared/shop-settings';
import { FormField } from '../../components/FormField';
import { LoadFailure } from '../../components/LoadFailure';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';
import { DashboardHeading } from '../dashboard-shell/DashboardHeading';
import { EmptyState } from '../dashboard-shell/EmptyState';
import { ShippingZoneCard } from './ShippingZoneCard';

export default function Shipping() {
  const zones = trpc.settings.shippingZones.useQuery();
  return (
    <section>
      <PageTitle title="Shipping" />
      <DashboardHeading title="Shipping">
        Where the shop ships and at what price. A country belongs to one zone; customers in a country without a zone cannot check out.
      </DashboardHeading>
      <NewZoneForm />
      {zones.isPending ? (
        <Spinner label="Loading the shipping zones…" />
      ) : zones.isError ? (
        <LoadFailure message={zones.error.message} onRetry={() => void zones.refetch()} />
      ) : zones.data.length === 0 ? (
        <EmptyState title="No shipping zones yet." />
      ) : (
        <ul className="grid gap-6 xl:grid-cols-2">
          {zones.data.map((zone) => (
            <li key={zone.id}>
              <ShippingZoneCard zone={zone} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NewZoneForm() {
  const utils = trpc.useUtils();
  const fieldId = useId();
  const form = useForm<z.input<typeof createShippingZoneSchema>, unknown, z.output<typeof createShippingZoneSchema>>({
    resolver: zodResolver(createShippingZoneSchema),
    defaultValues: { name: '' },
  });
  const create = trpc.settings.createShippingZone.useMutation({
    onSuccess: () => {
      toast.success(messages.zoneSaved);
      form.reset();
      void utils.settings.shippingZones.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
  const submit = form.handleSubmit((values) => create.mutate(values));

  return (
    <form
      noValidate
      aria-label="New shipping zone"
      onSubmit={(event) => void submit(event)}
      className="mb-6 flex max-w-2xl flex-col gap-3 sm:flex-row sm:items-end"
    >
      <div className="grow">
        <FormField id={`${fieldId}-name`} label="New zone" error={form.formState.errors.name?.message}>
          {(field) => (
            <input {...field} {...form.register('name')} className="input w-full" type="text" placeholder="Such as Benelux" />
          )}
        </FormField>
      </div>
      <button type="submit" className="btn btn-primary" disabled={create.isPending}>
        Add zone
      </button>
    </form>
  );
}
