import { clsx } from 'clsx';
import { Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { inputClasses } from '../../../components/ui/input-classes';
import { MAX_QUERY_LENGTH } from '../search-params';

type SearchBoxProps = {
  /** The search in force (from the address). */
  value: string;
  onSearch: (q: string) => void;
  className?: string;
};

/** Keyword search over titles and brands; runs on Enter or the button, and clears with ×. */
export function SearchBox({ value, onSearch, className }: SearchBoxProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);

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

  return (
    <search className={clsx('block min-w-0', className)}>
      <form onSubmit={handleSubmit} className="flex min-w-0 gap-2">
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
            enterKeyHint="search"
            autoComplete="off"
            maxLength={MAX_QUERY_LENGTH}
            placeholder="Search brands and products"
            value={text}
            onChange={(event) => setText(event.target.value)}
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
      </form>
    </search>
  );
}
