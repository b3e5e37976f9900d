// The search box above an admin list: the words apply on submit and go into the address; the
// list's other filters (selects) come as children and apply at once.
import { Search } from 'lucide-react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { ADMIN_SEARCH_MAX } from '../../../shared/admin-lists';

interface AdminListSearchProps {
  /** What the form searches, for screen readers: "Search the orders". */
  name: string;
  label: string;
  hint: string;
  q: string;
  onSearch: (q: string) => void;
  children?: ReactNode;
}

export function AdminListSearch({ name, label, hint, q, onSearch, children }: AdminListSearchProps) {
  const fieldId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const words = new FormData(event.currentTarget).get('q');
    onSearch(typeof words === 'string' ? words.trim() : '');
  }

  return (
    <form role="search" aria-label={name} onSubmit={submit} className="mb-6 flex flex-col gap-3 lg:flex-row lg:items-end">
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={`${fieldId}-q`} className="text-sm font-medium">
          {label}
        </label>
        <div className="join w-full">
          <input
            // A new address (Back, a shared link) shows its own words.
            key={q}
            id={`${fieldId}-q`}
            name="q"
            type="search"
            defaultValue={q}
            maxLength={ADMIN_SEARCH_MAX}
            aria-describedby={`${fieldId}-hint`}
            className="input join-item w-full"
          />
          <button type="submit" className="btn btn-primary join-item">
            <Search aria-hidden="true" className="size-4" />
            Search
          </button>
        </div>
        <p id={`${fieldId}-hint`} className="text-sm text-base-content/70">
          {hint}
        </p>
      </div>
      {children ? <div className="flex flex-wrap items-start gap-3 lg:pb-6">{children}</div> : null}
    </form>
  );
}

interface FilterSelectProps<T extends string> {
  label: string;
  value: T | '';
  options: ReadonlyArray<{ value: T | ''; label: string }>;
  onChange: (value: T | '') => void;
}

/** One filter of a list, applied as soon as it is chosen. */
export function FilterSelect<T extends string>({ label, value, options, onChange }: FilterSelectProps<T>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as T | '')} className="select w-44">
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
