// The search in the header of every page: a combobox (WAI-ARIA 1.2's list-autocomplete pattern)
// suggesting parts and categories as one types. The arrow keys walk the suggestions, Enter opens
// the highlighted one or, with none highlighted, the catalogue's search for the words; Escape
// closes the list, then clears the field. Without scripts it is a plain GET form to that search.
// Written here rather than taken from a library: none is installed (docs/decisions/0049).
import { keepPreviousData } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { SEARCH_TEXT_MAX, SUGGEST_MIN_CHARS } from '../../../shared/constants';
import { trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { catalogueSearchParams, NO_SEARCH } from '../../pages/home/catalogue-search-params';
import { suggestionOptions, type SuggestionOption } from './suggestion-options';
import { SuggestionList } from './SuggestionList';

/** How long typing must pause before the suggestions are asked for. */
const TYPING_PAUSE_MS = 150;

/** The server counts only letters and digits towards the least it suggests for; so does this. */
function enoughTyped(text: string): boolean {
  return text.replace(/[^\p{L}\p{N}]/gu, '').length >= SUGGEST_MIN_CHARS;
}

const countSaid = (count: number) =>
  count === 0 ? 'No suggestions.' : `${count} ${count === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose.`;

export function HeaderSearch() {
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-suggestions`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  /** The highlighted suggestion, by key, so an answer arriving later cannot move the highlight onto another. */
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const words = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const asking = enoughTyped(words) && enoughTyped(text);
  // Keyed by the words: an answer to words typed earlier never shows for the words typed since.
  const suggestions = trpc.search.suggest.useQuery({ q: words }, { enabled: asking, placeholderData: keepPreviousData });
  const options = asking ? suggestionOptions(suggestions.data) : [];
  const expanded = open && options.length > 0;
  const activeIndex = options.findIndex((option) => option.key === activeKey);
  const active = expanded ? options[activeIndex] : undefined;
  const settled = asking && suggestions.isSuccess && !suggestions.isPlaceholderData;

  function close() {
    setOpen(false);
    setActiveKey(null);
  }

  function openOption(option: SuggestionOption) {
    close();
    setText('');
    void navigate(option.to);
  }

  function searchCatalogue(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    close();
    void navigate({ pathname: '/home', search: catalogueSearchParams({ ...NO_SEARCH, q: text.trim() }).toString() });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0) {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      // From no highlight, Down starts at the first and Up at the last; both wrap around.
      const from = activeIndex < 0 ? (step > 0 ? -1 : options.length) : activeIndex;
      setActiveKey(options[(from + step + options.length) % options.length]!.key);
    } else if (event.key === 'Enter' && active) {
      event.preventDefault();
      openOption(active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (expanded) close();
      else setText('');
    }
  }

  return (
    <form role="search" action="/home" method="get" onSubmit={searchCatalogue} className="relative w-full">
      <label htmlFor={`${id}-q`} className="sr-only">
        Search parts and categories
      </label>
      <div className="join w-full">
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={active ? `${listboxId}-${active.key}` : undefined}
          autoComplete="off"
          maxLength={SEARCH_TEXT_MAX}
          placeholder="Search parts…"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActiveKey(null);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={close}
          className="input input-sm join-item h-10 w-full"
        />
        <button type="submit" className="btn btn-primary btn-sm join-item h-10">
          <Search aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">Search the shop</span>
        </button>
      </div>
      <SuggestionList id={listboxId} options={expanded ? options : []} activeKey={active?.key} onPick={openOption} />
      <p role="status" className="sr-only">
        {open && settled ? countSaid(options.length) : ''}
      </p>
    </form>
  );
}
