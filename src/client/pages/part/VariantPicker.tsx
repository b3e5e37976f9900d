// A part's option pickers (docs/decisions/0052): one radio group per option the part comes in
// (speeds, size, colour…), so a keyboard moves through a group with the arrow keys and a screen
// reader names the group and the choice. Choosing a value picks the variant that has it and keeps
// as many of the other choices as one does.
import { optionNamesOf, partOptions, type OptionValues, type PartOptionName } from '../../../shared/part-options';
import type { Variant } from './use-chosen-variant';

/** The variant with `value` for `name` that keeps most of the chosen variant's other options. */
function closestWith(variants: readonly Variant[], chosen: Variant, name: PartOptionName, value: string): Variant | undefined {
  const matches = (variant: Variant) =>
    optionNamesOf(chosen.optionValues).filter((other) => other !== name && variant.optionValues[other] === chosen.optionValues[other])
      .length;
  return variants
    .filter((variant) => variant.optionValues[name] === value)
    .reduce<Variant | undefined>(
      (best, variant) => (best === undefined || matches(variant) > matches(best) ? variant : best),
      undefined,
    );
}

/** Each option's values in the order the part's variants first name them. */
function valuesOf(variants: readonly Variant[], name: PartOptionName): string[] {
  return [
    ...new Set(
      variants.map((variant: { optionValues: OptionValues }) => variant.optionValues[name]).filter((value) => value !== undefined),
    ),
  ];
}

export function VariantPicker({
  variants,
  chosen,
  onChoose,
}: {
  variants: readonly Variant[];
  chosen: Variant;
  onChoose: (variant: Variant) => void;
}) {
  const names = optionNamesOf(chosen.optionValues);
  if (variants.length < 2 || names.length === 0) return null;
  return (
    <div className="flex flex-col gap-4">
      {names.map((name) => (
        <fieldset key={name}>
          <legend className="mb-2 text-sm font-semibold">
            {partOptions[name].label}: <span className="font-normal">{chosen.optionValues[name]}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {valuesOf(variants, name).map((value) => {
              const target = closestWith(variants, chosen, name, value);
              const checked = chosen.optionValues[name] === value;
              return (
                <label
                  key={value}
                  className={`btn btn-sm min-w-16 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary ${checked ? 'btn-primary' : 'btn-outline'}`}
                >
                  <input
                    type="radio"
                    className="sr-only"
                    name={`option-${name}`}
                    value={value}
                    checked={checked}
                    onChange={() => {
                      if (target) onChoose(target);
                    }}
                  />
                  {value}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
