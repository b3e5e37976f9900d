// The header search's list of suggestions: a listbox of parts (picture, name, price) and
// categories (name, where it sits), grouped and named so a screen reader says which is which.
// The focus stays in the field (aria-activedescendant names the highlighted option), so an option
// is picked with a click that must not take the focus first.
import type { SuggestionOption } from './suggestion-options';

interface SuggestionListProps {
  id: string;
  /** Empty when the list is closed. */
  options: readonly SuggestionOption[];
  activeKey: string | undefined;
  onPick: (option: SuggestionOption) => void;
}

const groups = [
  { kind: 'part', label: 'Parts' },
  { kind: 'category', label: 'Categories' },
] as const;

export function SuggestionList({ id, options, activeKey, onPick }: SuggestionListProps) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Suggestions"
      hidden={options.length === 0}
      className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-box border border-base-300 bg-base-100 py-1 shadow-lg"
    >
      {groups.map(({ kind, label }) => {
        const ofKind = options.filter((option) => option.kind === kind);
        if (ofKind.length === 0) return null;
        return (
          <div key={kind} role="group" aria-label={label}>
            <div aria-hidden="true" className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-base-content/70">
              {label}
            </div>
            {ofKind.map((option) => (
              <div
                key={option.key}
                id={`${id}-${option.key}`}
                role="option"
                aria-selected={option.key === activeKey}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onPick(option)}
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${
                  option.key === activeKey ? 'bg-primary text-primary-content' : 'hover:bg-base-200'
                }`}
              >
                {option.img ? (
                  <img src={option.img} alt="" width={32} height={32} className="size-8 shrink-0 rounded bg-base-200 object-contain" />
                ) : null}
                <span className="min-w-0 flex-1 truncate font-medium">{option.label}</span>
                <span className={`shrink-0 text-xs ${option.key === activeKey ? '' : 'text-base-content/70'}`}>{option.detail}</span>
              </div>
            ))}
          </div>
        );
      })}
    </div>
  );
}
