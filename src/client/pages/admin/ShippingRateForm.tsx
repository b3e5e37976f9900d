// The fields of a shipping rate: its name, its price, and the goods' total from which it is free
// (left empty: never free). Used to add a rate and to edit one.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { shippingRateFieldsSchema, type ShippingRateFields } from '../../../shared/shop-settings';
import { FormField } from '../../components/FormField';

interface ShippingRateFormProps {
  initial?: ShippingRateFields;
  submitLabel: string;
  pending: boolean;
  onSubmit: (fields: ShippingRateFields) => void;
  onCancel?: () => void;
}

/** An empty box is no threshold (null), not zero. */
const amountOrNone = (value: unknown) => (value === '' || value === null ? null : Number(value));

export function ShippingRateForm({ initial, submitLabel, pending, onSubmit, onCancel }: ShippingRateFormProps) {
  const fieldId = useId();
  const form = useForm<z.input<typeof shippingRateFieldsSchema>, unknown, ShippingRateFields>({
    resolver: zodResolver(shippingRateFieldsSchema),
    defaultValues: initial ?? { name: '', freeAbove: null },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const submit = form.handleSubmit(onSubmit);

  return (
    <form noValidate aria-label={submitLabel} onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <FormField id={`${fieldId}-name`} label="Rate name" error={errors.name?.message}>
        {(field) => <input {...field} {...register('name')} className="input w-full" type="text" placeholder="Standard (2–3 days)" />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${fieldId}-price`} label="Price (USD)" error={errors.price?.message}>
          {(field) => (
            <input
              {...field}
              {...register('price', { valueAsNumber: true })}
              className="input w-full"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
            />
          )}
        </FormField>
        <FormField
          id={`${fieldId}-free`}
          label="Free from (USD)"
          hint="Leave empty if it is never free"
          error={errors.freeAbove?.message}
        >
          {(field) => (
            <input
              {...field}
              {...register('freeAbove', { setValueAs: amountOrNone })}
              className="input w-full"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
            />
          )}
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={pending}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
