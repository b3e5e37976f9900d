// The part editor's specifications table: rows of a name and a value ("Weight", "260 g"), added,
// edited, moved up or down and removed, saved with the part. The rules are the server's
// (src/shared/part-specifications.ts), checked here first with the same messages.
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { MAX_SPECIFICATIONS } from '../../../shared/part-specifications';
import type { CreateToolInput } from '../../../shared/tools';
import { FormField } from '../../components/FormField';

export function SpecificationsFields({ form }: { form: UseFormReturn<CreateToolInput> }) {
  const fieldId = useId();
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const rows = useFieldArray({ control, name: 'specifications' });
  const tableError = errors.specifications?.root?.message ?? errors.specifications?.message;

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium">Specifications</legend>
      <p className="text-xs text-base-content/70">
        Shown as a table on the part’s page, in this order: a name such as Weight and its value such as 260 g.
      </p>
      {rows.fields.length === 0 ? <p className="text-sm">No specifications yet.</p> : null}
      <ol className="flex flex-col gap-3">
        {rows.fields.map((row, index) => {
          const number = index + 1;
          return (
            <li
              key={row.id}
              className="grid grid-cols-1 gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
            >
              <FormField
                id={`${fieldId}-${index}-name`}
                label={`Name of specification ${number}`}
                error={errors.specifications?.[index]?.name?.message}
              >
                {(field) => <input {...field} {...register(`specifications.${index}.name`)} className="input w-full" type="text" />}
              </FormField>
              <FormField
                id={`${fieldId}-${index}-value`}
                label={`Value of specification ${number}`}
                error={errors.specifications?.[index]?.value?.message}
              >
                {(field) => <input {...field} {...register(`specifications.${index}.value`)} className="input w-full" type="text" />}
              </FormField>
              <div className="flex gap-1">
                <button
                  type="button"
                  className="btn btn-ghost btn-square btn-sm"
                  aria-label={`Move specification ${number} up`}
                  disabled={index === 0}
                  onClick={() => rows.move(index, index - 1)}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-square btn-sm"
                  aria-label={`Move specification ${number} down`}
                  disabled={index === rows.fields.length - 1}
                  onClick={() => rows.move(index, index + 1)}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-square btn-sm text-error"
                  aria-label={`Remove specification ${number}`}
                  onClick={() => rows.remove(index)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {tableError ? (
        <p role="alert" className="text-sm text-error">
          {tableError}
        </p>
      ) : null}
      <div>
        <button
          type="button"
          className="btn btn-outline btn-sm gap-1"
          disabled={rows.fields.length >= MAX_SPECIFICATIONS}
          onClick={() => rows.append({ name: '', value: '' }, { shouldFocus: true })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a specification
        </button>
      </div>
    </fieldset>
  );
}
