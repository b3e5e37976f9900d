// The part editor's compatibility: for each bicycle standard, the values the part fits, ticked; a
// standard with nothing ticked is one the part does not depend on (a tool ticks nothing and fits
// every bike). The server checks the same schema and refuses anything outside the fixed list.
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { bikeStandards, standardIds, valuesOf, type Compatibility, type StandardId } from '../../../shared/bike-standards';
import type { CreateToolInput } from '../../../shared/tools';

export function CompatibilityFields({ form }: { form: UseFormReturn<CreateToolInput> }) {
  const fieldId = useId();
  const compatibility: Compatibility = useWatch({ control: form.control, name: 'compatibility' }) ?? {};
  const error = form.formState.errors.compatibility;

  function toggle(standard: StandardId, value: string, on: boolean) {
    const named = new Set<string>((compatibility[standard] as string[] | undefined) ?? []);
    if (on) named.add(value);
    else named.delete(value);
    const next: Record<string, string[]> = { ...compatibility };
    // Nothing ticked: the part no longer depends on the standard, rather than fitting no value of it.
    if (named.size === 0) delete next[standard];
    else next[standard] = valuesOf(standard).filter((item) => named.has(item));
    form.setValue('compatibility', next, { shouldDirty: true });
  }

  return (
    <fieldset className="rounded-box border border-base-300 p-4">
      <legend className="px-1 font-medium">Fits (bicycle standards)</legend>
      <p className="text-sm text-base-content/70">
        Tick every value of each standard the part fits. A standard with nothing ticked is one the part does not depend on.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {standardIds.map((standard) => (
          <fieldset key={standard} className="flex flex-col gap-1">
            <legend className="text-sm font-medium">
              {bikeStandards[standard].label}
              {compatibility[standard] ? '' : <span className="font-normal text-base-content/60"> — does not depend</span>}
            </legend>
            <div className="flex flex-wrap gap-x-3 gap-y-1">
              {Object.entries(bikeStandards[standard].values).map(([value, label]) => {
                const id = `${fieldId}-${standard}-${value}`;
                return (
                  <label key={value} htmlFor={id} className="label cursor-pointer gap-1 text-sm text-base-content">
                    <input
                      id={id}
                      type="checkbox"
                      className="checkbox checkbox-xs"
                      checked={((compatibility[standard] as string[] | undefined) ?? []).includes(value)}
                      onChange={(event) => toggle(standard, value, event.target.checked)}
                    />
                    {label}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      {error?.message ? (
        <p role="alert" className="mt-2 text-sm text-error">
          {error.message}
        </p>
      ) : null}
    </fieldset>
  );
}
