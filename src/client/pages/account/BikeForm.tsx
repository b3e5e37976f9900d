// One bike's form in My bikes: a name and a select per standard ("Not recorded" for what the owner
// does not know), checked with the server's own schema. Adds a bike, or saves an edit of one.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { BikeSpec } from '../../../shared/bike-standards';
import { BIKE_NAME_MAX, bikeFormSchema, type BikeForm as BikeFormValues, type BikeFormInput } from '../../../shared/bikes';
import { messages } from '../../../shared/messages';
import { BikeStandardsFields } from '../../components/BikeStandardsFields';
import { FormField } from '../../components/FormField';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type Bike = RouterOutputs['bikes']['list'][number];

interface BikeFormProps {
  /** The bike to edit; none to add one. */
  bike?: Bike;
  onDone: () => void;
}

export function BikeForm({ bike, onDone }: BikeFormProps) {
  const fieldId = useId();
  const utils = trpc.useUtils();
  const form = useForm<BikeFormInput, unknown, BikeFormValues>({
    resolver: zodResolver(bikeFormSchema),
    defaultValues: { name: bike?.name ?? '', standards: bike?.standards ?? {} },
  });
  const callbacks = {
    onSuccess: async () => {
      toast.success(messages.bikeSaved);
      await utils.bikes.list.invalidate();
      onDone();
    },
    onError: (error: { message: string }) => toast.error(error.message),
  };
  const create = trpc.bikes.create.useMutation(callbacks);
  const update = trpc.bikes.update.useMutation(callbacks);
  const standards = useWatch({ control: form.control, name: 'standards' }) as BikeSpec;
  const errors = form.formState.errors;

  function save(values: BikeFormValues) {
    if (bike) update.mutate({ ...values, id: bike.id });
    else create.mutate(values);
  }

  return (
    <form
      noValidate
      aria-label={bike ? `Edit ${bike.name}` : 'Add a bike'}
      onSubmit={(event) => void form.handleSubmit(save)(event)}
      className="flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <FormField id={`${fieldId}-name`} label="Bike name" error={errors.name?.message}>
        {(field) => (
          <input
            {...field}
            {...form.register('name')}
            type="text"
            maxLength={BIKE_NAME_MAX}
            placeholder="Gravel bike"
            className="input w-full"
          />
        )}
      </FormField>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Standards (leave what you do not know as “Not recorded”)</legend>
        <BikeStandardsFields wide value={standards} onChange={(next) => form.setValue('standards', next, { shouldDirty: true })} />
      </fieldset>
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={create.isPending || update.isPending}>
          {bike ? 'Save bike' : 'Add bike'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
