import { clsx } from 'clsx';
import { Search, X } from 'lucide-react';
import {
  type ComponentType,
  type FocusEvent,
  type FormEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { inputClasses } from '../../../components/ui/input-classes';
import { MAX_QUERY_LENGTH } from '../search-params';
import type { Suggestion } from '../suggestions';
import type { SuggestionKeys, SuggestionsProps } from './SearchSuggestions';

// The suggestions' code loads on the box's first focus, not with the page (decision 037). If it
// cannot load (offline, or a deploy replaced it), the box searches without suggestions.
const SearchSuggestions = lazy(
  (): Promise<{ default: ComponentType<SuggestionsProps> }> =>
    import('./SearchSuggestions').catch(() => ({ default: () => null })),
);

type SearchBoxProps = {
  /** The search in force (from the address). */
  value: string;
  /** Search `q`; with `category`, within that category (a suggested category). */
  onSearch: (q: string, category?: string) => void;
  className?: string;
};

/**
 * Keyword search with suggestions as the shopper types (a combobox: the list under the box,
 * SearchSuggestions.tsx); runs on Enter, the button or a chosen suggestion, and clears with ×.
 */
export function SearchBox({ value, onSearch, className }: SearchBoxProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const input = useRef<HTMLInputElement>(null);
  const keys = useRef<SuggestionKeys>(null);
  const [text, setText] = useState(value);
  // From the first focus on: the suggestions' code is loaded and stays mounted.
  const [armed, setArmed] = useState(false);
  const [focused, setFocused] = useState(false);
  const [popup, setPopup] = useState<{ open: boolean; active: string | undefined }>({
    open: false,
    active: undefined,
  });

  // Back button or 'Clear filters': show the search in force.
  useEffect(() => setText(value), [value]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text.trim());
  }

  function clear() {
    setText('');
    if (value) onSearch('');
    input.current?.focus();
  }

  const choose = useCallback(
    (choice: Suggestion, pointer: boolean) => {
      setText(choice.q);
      onSearch(choice.q, choice.kind === 'category' ? choice.category : undefined);
      // A tap or a click: the results are what the shopper looks at next (and a phone's keyboard goes).
      if (pointer) input.current?.blur();
    },
    [onSearch],
  );

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    // A tap on a suggestion may move the focus to it on a phone: the list stays for the tap's click.
    const to = event.relatedTarget;
    if (to instanceof Element && to.closest(`[id="${listId}"]`)) return;
    setFocused(false);
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: the same landmark as <search>, which jsdom (the component tests) does not know.
    <form role="search" onSubmit={handleSubmit} className={clsx('relative flex min-w-0 gap-2', className)}>
      <label htmlFor={id} className="sr-only">
        Search auctions
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-500"
          aria-hidden="true"
        />
        <input
          ref={input}
          id={id}
          type="search"
          name="q"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={popup.open}
          aria-controls={armed ? listId : undefined}
          aria-activedescendant={popup.active}
          enterKeyHint="search"
          autoComplete="off"
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Search brands and products"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onFocus={() => {
            setArmed(true);
            setFocused(true);
          }}
          onBlur={handleBlur}
          onKeyDown={(event) => {
            if (keys.current?.onKeyDown(event)) event.preventDefault();
          }}
          className={clsx(inputClasses, 'pr-10 pl-10 [&::-webkit-search-cancel-button]:hidden')}
        />
        {text ? (
          <button
            type="button"
            onClick={clear}
            aria-label="Clear search"
            className="absolute top-1/2 right-1.5 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-lg text-ink-500 transition-colors hover:bg-ink-100 hover:text-ink-900"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <button
        type="submit"
        className="inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-xl bg-brand-700 px-4 text-sm font-semibold text-white shadow-card transition-colors hover:bg-brand-800"
      >
        <Search className="size-4 sm:hidden" aria-hidden="true" />
        <span className="max-sm:sr-only">Search</span>
      </button>
      {armed ? (
        <Suspense fallback={null}>
          <SearchSuggestions
            ref={keys}
            id={listId}
            text={text}
            focused={focused}
            onPopup={setPopup}
            onChoose={choose}
          />
        </Suspense>
      ) : null}
    </form>
  );
}
