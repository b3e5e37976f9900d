// The part editor's Variants (docs/decisions/0052): the options the part comes in, its own row
// first (its default variant), each with its SKU, price, stock and minimum order; an admin adds
// one, edits one (version-checked, stock by difference) or retires one. The server checks every
// rule (options from the fixed list, the same options on every variant, a SKU used once).
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { messages } from '../../../shared/messages';
import { formatDollars } from '../../../shared/money';
import {
  optionNamesOf,
  optionValuesText,
  partOptionNames,
  partOptions,
  type OptionValues,
  type PartOptionName,
} from '../../../shared/part-options';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormField } from '../../components/FormField';
import { LoadFailure } from '../../components/LoadFailure';
import { Spinner } from '../../components/Spinner';
import { trpc, type RouterOutputs } from '../../lib/trpc';

type Variant = RouterOutputs['tools']['adminVariants'][number];

interface VariantFormValues {
  options: Record<PartOptionName, string>;
  sku: string;
  price: number;
  available: number;
  minimumOrderQuantity: number;
  img: string;
}

function formValuesOf(variant: Variant | null): VariantFormValues {
  const options = Object.fromEntries(partOptionNames.map((name) => [name, variant?.optionValues[name] ?? ''])) as Record<
    PartOptionName,
    string
  >;
  return {
    options,
    sku: variant?.sku ?? '',
    price: variant?.price ?? Number.NaN,
    available: variant?.available ?? Number.NaN,
    minimumOrderQuantity: variant?.minimumOrderQuantity ?? 1,
    img: variant?.img ?? '',
  };
}

function optionValuesOf(values: VariantFormValues): OptionValues {
  return Object.fromEntries(
    partOptionNames.filter((name) => values.options[name].trim() !== '').map((name) => [name, values.options[name]]),
  );
}

export function VariantsSection({ partId }: { partId: string }) {
  const variants = trpc.tools.adminVariants.useQuery({ partId }, { refetchOnWindowFocus: false });
  /** The variant being edited, 'new' while one is added, null when the form is closed. */
  const [editing, setEditing] = useState<Variant | 'new' | null>(null);
  const headingId = `variants-${partId}`;
  return (
    <section aria-labelledby={headingId} className="card mt-6 max-w-2xl border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id={headingId} className="card-title text-lg">
          Variants
        </h2>
        <p className="text-sm text-base-content/70">
          The options the part comes in (speeds, size, colour, length, width), each with its own SKU, price, stock and minimum order.
          The part’s own row is its default variant: give it its options first. The catalogue lists the part once, at its lowest price,
          with the stock of all its variants.
        </p>
        {variants.isPending ? (
          <Spinner label="Loading the variants…" />
        ) : variants.isError ? (
          <LoadFailure message={variants.error.message} onRetry={() => void variants.refetch()} />
        ) : (
          <>
            <VariantList variants={variants.data} onEdit={setEditing} />
            {editing === null ? (
              <div>
                <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing('new')}>
                  Add a variant
                </button>
              </div>
            ) : (
              <VariantForm
                key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
                partId={partId}
                variant={editing === 'new' ? null : editing}
                onDone={() => setEditing(null)}
              />
            )}
          </>
        )}
      </div>
    </section>
  );
}

function VariantList({ variants, onEdit }: { variants: Variant[]; onEdit: (variant: Variant) => void }) {
  const utils = trpc.useUtils();
  const confirm = useConfirm();
  const retire = trpc.tools.retireVariant.useMutation({
    onSuccess: () => {
      toast.success(messages.variantRetired);
      void utils.tools.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
  async function onRetire(variant: Variant) {
    const go = await confirm({
      message: messages.confirmRetireVariant(variant.name),
      actionLabel: 'Retire variant',
      keepLabel: 'Keep variant',
    });
    if (go) retire.mutate({ id: variant.id });
  }
  return (
    <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300">
      {variants.map((variant) => (
        <li key={variant.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
          <div className="min-w-0">
            <p className="font-medium">
              {optionValuesText(variant.optionValues) || 'No options yet'}
              {variant.isDefault ? <span className="badge badge-ghost badge-sm ml-2">default</span> : null}
            </p>
            <p className="text-sm text-base-content/70">
              {variant.sku ? `SKU ${variant.sku} · ` : ''}
              {formatDollars(variant.price)} · {variant.available.toLocaleString('en-US')} in stock · minimum order{' '}
              {variant.minimumOrderQuantity}
            </p>
          </div>
          <div className="flex gap-2">
            <button type="button" className="btn btn-ghost btn-sm" aria-label={`Edit ${variant.name}`} onClick={() => onEdit(variant)}>
              Edit
            </button>
            {variant.isDefault ? null : (
              <button
                type="button"
                className="btn btn-ghost btn-sm text-error"
                aria-label={`Retire ${variant.name}`}
                disabled={retire.isPending}
                onClick={() => void onRetire(variant)}
              >
                Retire
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

function VariantForm({ partId, variant, onDone }: { partId: string; variant: Variant | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const fieldId = useId();
  const [conflict, setConflict] = useState<string | null>(null);
  const [base, setBase] = useState(variant);
  const form = useForm<VariantFormValues>({ defaultValues: formValuesOf(variant) });
  const { register } = form;
  const saved = () => {
    toast.success(messages.variantSaved);
    void utils.tools.invalidate();
    onDone();
  };
  const add = trpc.tools.addVariant.useMutation({ onSuccess: saved, onError: (error) => toast.error(error.message) });
  const update = trpc.tools.updateVariant.useMutation({
    onSuccess: saved,
    onError: (error) => {
      const current = error.data?.current as Variant | undefined;
      if (error.data?.code === 'CONFLICT' && current) {
        setBase(current);
        form.reset(formValuesOf(current));
        setConflict(error.message);
        return;
      }
      toast.error(error.message);
    },
  });

  const submit = form.handleSubmit((values) => {
    setConflict(null);
    const fields = {
      optionValues: optionValuesOf(values),
      sku: values.sku.trim() === '' ? null : values.sku,
      price: values.price,
      available: values.available,
      minimumOrderQuantity: values.minimumOrderQuantity,
      ...(values.img.trim() === '' ? {} : { img: values.img }),
    };
    if (base) update.mutate({ ...fields, id: base.id, version: base.version, availableWas: base.available });
    else add.mutate({ ...fields, partId });
  });
  const usedOptions = base ? optionNamesOf(base.optionValues) : [];

  return (
    <form
      noValidate
      aria-label={base ? `Edit ${base.name}` : 'Add a variant'}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-box bg-base-200 p-4"
    >
      <h3 className="font-semibold">{base ? `Edit ${base.name}` : 'Add a variant'}</h3>
      {conflict ? (
        <div role="alert" className="alert alert-warning alert-soft">
          <span>{conflict}</span>
        </div>
      ) : null}
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-1 text-sm">
          Options: fill those the part comes in{usedOptions.length > 0 ? '' : ' (e.g. Speeds 12)'}
        </legend>
        {partOptionNames.map((name) => (
          <FormField key={name} id={`${fieldId}-${name}`} label={partOptions[name].label}>
            {(field) => <input {...field} {...register(`options.${name}`)} className="input input-sm w-full" />}
          </FormField>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${fieldId}-sku`} label="SKU (optional)">
          {(field) => <input {...field} {...register('sku')} className="input input-sm w-full" autoCapitalize="characters" />}
        </FormField>
        <FormField id={`${fieldId}-price`} label="Price (USD)">
          {(field) => (
            <input
              {...field}
              {...register('price', { valueAsNumber: true })}
              className="input input-sm w-full"
              type="number"
              min={0}
              step={0.01}
            />
          )}
        </FormField>
        <FormField id={`${fieldId}-available`} label="Available">
          {(field) => (
            <input
              {...field}
              {...register('available', { valueAsNumber: true })}
              className="input input-sm w-full"
              type="number"
              min={0}
              step={1}
            />
          )}
        </FormField>
        <FormField id={`${fieldId}-minimum`} label="Minimum order">
          {(field) => (
            <input
              {...field}
              {...register('minimumOrderQuantity', { valueAsNumber: true })}
              className="input input-sm w-full"
              type="number"
              min={1}
              step={1}
            />
          )}
        </FormField>
      </div>
      <FormField
        id={`${fieldId}-img`}
        label="Image (optional: the part’s when empty)"
        hint="A shop image path such as /images/parts/… or an https address."
      >
        {(field) => <input {...field} {...register('img')} className="input input-sm w-full" />}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={add.isPending || update.isPending}>
          {base ? 'Save variant' : 'Add variant'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
