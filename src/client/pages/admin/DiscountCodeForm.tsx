// The fields of a discount code, to create one or edit one: its code, a percentage or an amount
// off, the minimum spend, when it may be used, and how often. Checked by the server's own schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { discountCodeFieldsSchema, type DiscountCodeFields } from '../../../shared/shop-settings';
import { FormField } from '../../components/FormField';
import { emptyDiscountCode, toDiscountCodeFields, type DiscountCodeFormValues } from './discount-code-form-values';

/** The API's schema, given the form's values turned into the API's fields first. */
const discountCodeFormSchema = z.preprocess(
  (values: DiscountCodeFormValues) => toDiscountCodeFields(values),
  discountCodeFieldsSchema,
);

/** An empty limit box is no limit (null), not zero. */
const countOrNone = (value: unknown) => (value === '' || value === null ? null : Number(value));

interface DiscountCodeFormProps {
  initial?: DiscountCodeFormValues;
  submitLabel: string;
  pending: boolean;
  onSubmit: (fields: DiscountCodeFields) => void;
  onCancel?: () => void;
}

export function DiscountCodeForm({ initial, submitLabel, pending, onSubmit, onCancel }: DiscountCodeFormProps) {
  const fieldId = useId();
  const form = useForm<DiscountCodeFormValues, unknown, DiscountCodeFields>({
    resolver: zodResolver(discountCodeFormSchema),
    defaultValues: initial ?? emptyDiscountCode,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const id = (name: keyof DiscountCodeFormValues) => `${fieldId}-${name}`;
  const percent = useWatch({ control, name: 'kind' }) === 'percent';
  const submit = form.handleSubmit(onSubmit);

  const number = (name: 'value' | 'minSpend', label: string, hint?: string) => (
    <FormField id={id(name)} label={label} hint={hint} error={errors[name]?.message}>
      {(field) => (
        <input
          {...field}
          {...register(name, { valueAsNumber: true })}
          className="input w-full"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
        />
      )}
    </FormField>
  );
  const limit = (name: 'maxUses' | 'maxUsesPerCustomer', label: string) => (
    <FormField id={id(name)} label={label} hint="Leave empty for no limit" error={errors[name]?.message}>
      {(field) => (
        <input
          {...field}
          {...register(name, { setValueAs: countOrNone })}
          className="input w-full"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
        />
      )}
    </FormField>
  );
  const instant = (name: 'startsAt' | 'endsAt', label: string) => (
    <FormField id={id(name)} label={label} hint="Leave empty for none" error={errors[name]?.message}>
      {(field) => <input {...field} {...register(name)} className="input w-full" type="datetime-local" />}
    </FormField>
  );

  return (
    <form noValidate aria-label={submitLabel} onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={id('code')}
          label="Code"
          hint="3 to 32 letters, digits, - or _; customers type it in any case"
          error={errors.code?.message}
        >
          {(field) => (
            <input {...field} {...register('code')} className="input w-full uppercase" type="text" autoCapitalize="characters" />
          )}
        </FormField>
        <FormField id={id('kind')} label="Kind" error={errors.kind?.message}>
          {(field) => (
            <select {...field} {...register('kind')} className="select w-full">
              <option value="percent">Percentage off</option>
              <option value="fixed">Fixed amount off</option>
            </select>
          )}
        </FormField>
        {number('value', percent ? 'Percent off' : 'Amount off (USD)', percent ? 'From 0.01 to 100' : undefined)}
        {number('minSpend', 'Minimum spend (USD)', '0 for any order')}
        {instant('startsAt', 'Starts')}
        {instant('endsAt', 'Ends')}
        {limit('maxUses', 'Uses in all')}
        {limit('maxUsesPerCustomer', 'Uses per customer')}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
