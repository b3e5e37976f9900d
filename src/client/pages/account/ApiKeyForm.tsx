// The API keys page's form: a name, the scopes as checkboxes and, for an admin, whether the key is
// the shop's. Checked with the server's own schema; the created key is handed up to be shown once.
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { API_KEY_NAME_MAX, createApiKeySchema, type CreateApiKeyInput } from '../../../shared/api-keys';
import { apiScopeLabels, apiScopes } from '../../../shared/api-scopes';
import type { z } from 'zod';
import { FormField } from '../../components/FormField';
import { trpc, type RouterOutputs } from '../../lib/trpc';

export type CreatedApiKey = RouterOutputs['apiKeys']['create'];

interface ApiKeyFormProps {
  /** An admin chooses between a shop key and their own; others make their own. */
  isAdmin: boolean;
  onCreated: (created: CreatedApiKey) => void;
}

export function ApiKeyForm({ isAdmin, onCreated }: ApiKeyFormProps) {
  const fieldId = useId();
  const utils = trpc.useUtils();
  const form = useForm<CreateApiKeyInput, unknown, z.output<typeof createApiKeySchema>>({
    resolver: zodResolver(createApiKeySchema),
    defaultValues: { name: '', scopes: ['catalogue:read'], forShop: isAdmin },
  });
  const create = trpc.apiKeys.create.useMutation({
    onSuccess: async (created) => {
      form.reset({ name: '', scopes: ['catalogue:read'], forShop: isAdmin });
      onCreated(created);
      await utils.apiKeys.list.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
  const errors = form.formState.errors;

  return (
    <form
      noValidate
      aria-label="Create an API key"
      onSubmit={(event) => void form.handleSubmit((values) => create.mutate(values))(event)}
      className="card mb-6 max-w-2xl border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <h2 className="card-title text-lg">Create a key</h2>
        <FormField id={`${fieldId}-name`} label="Name" hint="What uses the key, e.g. Warehouse sync" error={errors.name?.message}>
          {(field) => (
            <input {...field} {...form.register('name')} type="text" maxLength={API_KEY_NAME_MAX} className="input w-full" />
          )}
        </FormField>
        <fieldset aria-describedby={errors.scopes ? `${fieldId}-scopes-error` : undefined}>
          <legend className="mb-2 text-sm font-medium">What the key may do</legend>
          <div className="flex flex-col gap-2">
            {apiScopes.map((scope) => (
              <label key={scope} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="checkbox checkbox-sm" value={scope} {...form.register('scopes')} />
                {apiScopeLabels[scope]} <code className="text-xs text-base-content/70">{scope}</code>
              </label>
            ))}
          </div>
          {errors.scopes ? (
            <p id={`${fieldId}-scopes-error`} className="mt-1 text-sm text-error">
              {errors.scopes.message}
            </p>
          ) : null}
        </fieldset>
        {isAdmin ? (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="checkbox checkbox-sm mt-0.5" {...form.register('forShop')} />
            <span>
              A key for the shop: every admin sees it and may revoke it, and it acts with your admin rights while you are an admin.
              Unticked, the key is your own and acts as a customer.
            </span>
          </label>
        ) : null}
        <button type="submit" className="btn btn-primary self-start" disabled={create.isPending}>
          Create key
        </button>
      </div>
    </form>
  );
}
