import { clsx } from 'clsx';
import { LayoutGrid, Search } from 'lucide-react';
import { type KeyboardEvent, type Ref, useEffect, useImperativeHandle, useMemo, useState } from 'react';
import { useSuggestions } from '../api';
import {
  matchParts,
  moveActive,
  SUGGEST_DEBOUNCE_MS,
  SUGGEST_MIN_CHARS,
  type Suggestion,
  suggestionsOf,
} from '../suggestions';

/** The search box's keys, handled here: true when the key was used (the box then does nothing more). */
export type SuggestionKeys = { onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => boolean };

export type SuggestionsProps = {
  ref: Ref<SuggestionKeys>;
  /** The listbox's id (the box's aria-controls). */
  id: string;
  /** What the box holds now. */
  text: string;
  /** The box has focus: the list shows only then. */
  focused: boolean;
  /** Whether the list shows, and the highlighted option's id (the box's aria-activedescendant). */
  onPopup: (popup: { open: boolean; active: string | undefined }) => void;
  /** A suggestion was chosen; `pointer`: with a tap or a click rather than a key. */
  onChoose: (choice: Suggestion, pointer: boolean) => void;
};

/**
 * The search box's suggestions (loaded with the box's first focus, not with the page: the shop's
 * first scripts stay within their budget, e2e/tests/budget.spec.ts): a listbox under the box, after
 * SUGGEST_MIN_CHARS characters and a short pause. The box keeps the focus (the ARIA 1.2 combobox
 * pattern, list autocomplete): Up and Down highlight, Enter chooses, Escape closes.
 */
export default function SearchSuggestions({ ref, id, text, focused, onPopup, onChoose }: SuggestionsProps) {
  const typed = text.trim();
  const [asked, setAsked] = useState(typed);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(typed), SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const enough = typed.length >= SUGGEST_MIN_CHARS && asked.length >= SUGGEST_MIN_CHARS;
  const { data } = useSuggestions(asked, enough);
  // A category searches the words in the box now (the answer may be for a few letters fewer).
  const options = useMemo(() => (enough ? suggestionsOf(data, typed) : []), [enough, data, typed]);

  // Closed by Escape, Enter or a choice for the words then in the box (a chosen suggestion's too):
  // typing opens it again. Nothing is highlighted once the words or the suggestions change.
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  // The same suggestions answered again (the words' next letters found the same) keep the highlight.
  const listed = options.map((o) => (o.kind === 'item' ? `i ${o.q}` : `c ${o.category}`)).join('\n');
  const [seen, setSeen] = useState({ typed, listed });
  if (seen.typed !== typed || seen.listed !== listed) {
    setSeen({ typed, listed });
    setActive(-1);
  }
  const open = focused && closedFor !== typed && options.length > 0;
  const optionId = (i: number) => `${id}-${i}`;
  const activeId = open && active >= 0 ? optionId(active) : undefined;

  useEffect(() => onPopup({ open, active: activeId }), [onPopup, open, activeId]);

  function choose(option: Suggestion, pointer: boolean) {
    setClosedFor(option.q.trim());
    setActive(-1);
    onChoose(option, pointer);
  }

  useImperativeHandle(ref, () => ({
    onKeyDown(event) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (options.length === 0) return false;
        // A closed list opens on the first (Down) or the last (Up) suggestion.
        setClosedFor(null);
        setActive(moveActive(open ? active : -1, options.length, event.key));
        return true;
      }
      if (event.key === 'Enter') {
        const option = open && active >= 0 ? options[active] : undefined;
        if (option) {
          choose(option, false);
          return true;
        }
        // The words as typed: the form searches them; the list closes.
        setClosedFor(typed);
        return false;
      }
      if (event.key === 'Escape' && open) {
        setClosedFor(typed);
        setActive(-1);
        return true;
      }
      return false;
    },
  }));

  const firstCategory = options.findIndex((o) => o.kind === 'category');
  const count = options.length;
  return (
    <>
      <div
        id={id}
        role="listbox"
        aria-label="Suggestions"
        hidden={!open}
        // The box keeps the focus while the pointer chooses.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute inset-x-0 top-full z-30 mt-1.5 overflow-hidden rounded-xl bg-white py-1.5 shadow-lg ring-1 ring-ink-200"
      >
        {options.map((option, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the box's, which keeps the focus (SearchBox.tsx).
          <div
            key={`${option.kind}-${option.kind === 'item' ? option.q : option.category}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            tabIndex={-1}
            onMouseMove={() => {
              if (i !== active) setActive(i);
            }}
            onClick={() => choose(option, true)}
            className={clsx(
              'flex min-h-11 cursor-pointer items-center gap-3 px-3.5 py-2 text-sm text-ink-800 outline-none sm:min-h-10',
              'aria-selected:bg-brand-50 aria-selected:text-brand-900',
              i === firstCategory && i > 0 ? 'mt-1.5 border-t border-ink-200 pt-2.5' : null,
            )}
          >
            {option.kind === 'item' ? (
              <>
                <Search className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">
                  {matchParts(option.title, asked).map((part, n) =>
                    part.match ? (
                      <strong key={n} className="font-bold text-ink-950">
                        {part.text}
                      </strong>
                    ) : (
                      <span key={n}>{part.text}</span>
                    ),
                  )}
                </span>
                {option.lots > 1 ? (
                  <span className="shrink-0 text-xs text-ink-600 tabular-nums">{option.lots} lots</span>
                ) : null}
              </>
            ) : (
              <>
                <LayoutGrid className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">
                  <span className="text-ink-950">{option.q}</span> in{' '}
                  <span className="font-semibold text-brand-800">{option.name}</span>{' '}
                  <span className="text-ink-600 tabular-nums">({option.count})</span>
                </span>
              </>
            )}
          </div>
        ))}
      </div>
      <p role="status" className="sr-only">
        {open ? `${count} ${count === 1 ? 'suggestion' : 'suggestions'}: up and down arrows to choose.` : ''}
      </p>
    </>
  );
}
