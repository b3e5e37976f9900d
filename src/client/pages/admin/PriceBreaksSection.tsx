// The part editor's price breaks: quantity prices such as "20+ at $35.00", saved as a whole set.
// Each starts above the part's minimum order and sells below its price (the server checks both
// against the part as saved).
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { messages } from '../../../shared/messages';
import { formatDollars } from '../../../shared/money';
import { MAX_PRICE_BREAKS, setPriceBreaksSchema, type PriceBreak } from '../../../shared/shop-settings';
import { FormField } from '../../components/FormField';
import { LoadFailure } from '../../components/LoadFailure';
import { Spinner } from '../../components/Spinner';
import { trpc } from '../../lib/trpc';

const breaksFormSchema = z.object({ breaks: setPriceBreaksSchema.shape.breaks });
type BreaksForm = z.infer<typeof breaksFormSchema>;

interface PartTerms {
  id: string;
  price: number;
  minimumOrderQuantity: number;
}

export function PriceBreaksSection({ part }: { part: PartTerms }) {
  const breaks = trpc.tools.priceBreaks.useQuery({ toolId: part.id }, { refetchOnWindowFocus: false });
  return (
    <section aria-labelledby={`price-breaks-${part.id}`} className="card mt-6 max-w-2xl border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id={`price-breaks-${part.id}`} className="card-title text-lg">
          Price breaks
        </h2>
        <p className="text-sm text-base-content/70">
          A lower unit price from a quantity on. Each starts above the minimum order ({part.minimumOrderQuantity}) and costs less than{' '}
          {formatDollars(part.price)}.
        </p>
        {breaks.isPending ? (
          <Spinner label="Loading the price breaks…" />
        ) : breaks.isError ? (
          <LoadFailure message={breaks.error.message} onRetry={() => void breaks.refetch()} />
        ) : (
          <BreaksForm toolId={part.id} saved={breaks.data} />
        )}
      </div>
    </section>
  );
}

function BreaksForm({ toolId, saved }: { toolId: string; saved: PriceBreak[] }) {
  const utils = trpc.useUtils();
  const fieldId = useId();
  const form = useForm<BreaksForm>({ resolver: zodResolver(breaksFormSchema), defaultValues: { breaks: saved } });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const rows = useFieldArray({ control, name: 'breaks' });

  const save = trpc.tools.setPriceBreaks.useMutation({
    onSuccess: (stored) => {
      toast.success(messages.priceBreaksSaved);
      form.reset({ breaks: stored });
      void utils.tools.priceBreaks.invalidate({ toolId });
    },
    onError: (error) => toast.error(error.message),
  });
  const submit = form.handleSubmit((values) => save.mutate({ toolId, breaks: values.breaks }));

  return (
    <form noValidate aria-label="Price breaks" onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      {rows.fields.length === 0 ? <p className="text-sm">No price breaks: every quantity costs the part’s price.</p> : null}
      <ul className="flex flex-col gap-3">
        {rows.fields.map((row, index) => (
          <li key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-3">
            <FormField id={`${fieldId}-${index}-quantity`} label="From quantity" error={errors.breaks?.[index]?.minQuantity?.message}>
              {(field) => (
                <input
                  {...field}
                  {...register(`breaks.${index}.minQuantity`, { valueAsNumber: true })}
                  className="input w-full"
                  type="number"
                  inputMode="numeric"
                  min={2}
                  step={1}
                />
              )}
            </FormField>
            <FormField id={`${fieldId}-${index}-price`} label="Unit price (USD)" error={errors.breaks?.[index]?.unitPrice?.message}>
              {(field) => (
                <input
                  {...field}
                  {...register(`breaks.${index}.unitPrice`, { valueAsNumber: true })}
                  className="input w-full"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                />
              )}
            </FormField>
            <button
              type="button"
              className="btn btn-ghost btn-square text-error"
              aria-label={`Remove price break ${index + 1}`}
              onClick={() => rows.remove(index)}
            >
              <Trash2 aria-hidden="true" className="size-5" />
            </button>
          </li>
        ))}
      </ul>
      {(errors.breaks?.root?.message ?? errors.breaks?.message) ? (
        <p role="alert" className="text-sm text-error">
          {errors.breaks.root?.message ?? errors.breaks.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm gap-1"
          disabled={rows.fields.length >= MAX_PRICE_BREAKS}
          onClick={() => rows.append({ minQuantity: Number.NaN, unitPrice: Number.NaN }, { shouldFocus: true })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a break
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
          Save price breaks
        </button>
      </div>
    </form>
  );
}
