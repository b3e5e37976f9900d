// One select per bicycle standard, "Not recorded" first: a bike's standards as its owner knows them.
// Shared by the profile's bike form and the catalogue's "enter a bike" filter.
import { useId } from 'react';
import { bikeStandards, standardIds, type BikeSpec, type StandardId } from '../../shared/bike-standards';

interface BikeStandardsFieldsProps {
  value: BikeSpec;
  onChange: (next: BikeSpec) => void;
  /** Two columns from small screens up: for a page's main column, not a sidebar. */
  wide?: boolean;
}

export function BikeStandardsFields({ value, onChange, wide = false }: BikeStandardsFieldsProps) {
  const fieldId = useId();

  function choose(standard: StandardId, chosen: string) {
    const next: Record<string, string> = { ...value };
    if (chosen === '') delete next[standard];
    else next[standard] = chosen;
    onChange(next);
  }

  return (
    <div className={`grid gap-3 ${wide ? 'sm:grid-cols-2' : ''}`}>
      {standardIds.map((standard) => (
        <div key={standard} className="flex flex-col gap-1">
          <label htmlFor={`${fieldId}-${standard}`} className="text-sm font-medium text-base-content">
            {bikeStandards[standard].label}
          </label>
          <select
            id={`${fieldId}-${standard}`}
            value={value[standard] ?? ''}
            onChange={(event) => choose(standard, event.target.value)}
            className="select select-sm w-full"
          >
            <option value="">Not recorded</option>
            {Object.entries(bikeStandards[standard].values).map(([item, label]) => (
              <option key={item} value={item}>
                {label}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}
