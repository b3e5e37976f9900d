// The Webhooks page's form to add an endpoint: its https URL, the events it gets (checkboxes) and a
// description; checked with the server's own schema, so both give the same message.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createWebhookEndpointSchema, webhookEventTypes, type CreateWebhookEndpointInput } from '../../../shared/webhooks';
import { FormField } from '../../components/FormField';

type Values = z.output<typeof createWebhookEndpointSchema>;

interface WebhookEndpointFormProps {
  saving: boolean;
  onSubmit: (values: Values) => Promise<boolean>;
}

export function WebhookEndpointForm({ saving, onSubmit }: WebhookEndpointFormProps) {
  const fieldId = useId();
  const form = useForm<CreateWebhookEndpointInput, unknown, Values>({
    resolver: zodResolver(createWebhookEndpointSchema),
    defaultValues: { url: '', events: [], description: '' },
  });
  const {
    register,
    formState: { errors },
  } = form;
  const submit = form.handleSubmit(async (values) => {
    if (await onSubmit(values)) form.reset();
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Add a webhook endpoint"
      className="card mb-6 max-w-3xl border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <h2 className="card-title text-lg">Add an endpoint</h2>
        <FormField id={`${fieldId}-url`} label="Endpoint URL" hint="https://, on a public address" error={errors.url?.message}>
          {(field) => <input {...field} {...register('url')} className="input w-full" type="url" inputMode="url" />}
        </FormField>
        <fieldset aria-describedby={errors.events ? `${fieldId}-events-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">Events</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {webhookEventTypes.map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm">
                <input {...register('events')} type="checkbox" className="checkbox checkbox-sm" value={type} />
                <code>{type}</code>
              </label>
            ))}
          </div>
          {errors.events ? (
            <p id={`${fieldId}-events-error`} className="mt-1 text-sm text-error">
              {errors.events.message}
            </p>
          ) : null}
        </fieldset>
        <FormField
          id={`${fieldId}-description`}
          label="Description"
          hint="Optional: what receives them"
          error={errors.description?.message}
        >
          {(field) => <input {...field} {...register('description')} className="input w-full" type="text" />}
        </FormField>
        <div>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            Add endpoint
          </button>
        </div>
      </div>
    </form>
  );
}
