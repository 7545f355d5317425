import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { Skeleton } from '../../../components/ui/Skeleton';
import { formatCount } from '../search-params';

/** `count`: how many lots the choice would give, shown after its label ('Electronics (12)'). */
export type RadioOption = { value: string; label: string; count?: number };

type RadioListProps = {
  legend: string;
  options: readonly RadioOption[];
  value: string;
  onChange: (value: string) => void;
  /** Options still loading: this many placeholder rows keep the panel's height. */
  loadingRows?: number;
  className?: string;
};

/**
 * A fieldset of native radio buttons (arrow keys move between them). The name is unique per
 * instance, so the sidebar and the phone drawer can both be on the page.
 */
export function RadioList({ legend, options, value, onChange, loadingRows, className }: RadioListProps) {
  const name = useId();
  // The choice shows at once, before the address (and so `value`) catches up: the router applies
  // navigations as transitions, and a controlled radio would otherwise flick back meanwhile.
  // Forgotten as soon as `value` changes (React's 'adjust state when a prop changes' pattern).
  const [chosen, setChosen] = useState<string | null>(null);
  const [valueSeen, setValueSeen] = useState(value);
  if (valueSeen !== value) {
    setValueSeen(value);
    setChosen(null);
  }
  const current = chosen ?? value;
  return (
    <fieldset className={clsx('min-w-0', className)}>
      <legend className="mb-2 text-sm font-semibold text-ink-950">{legend}</legend>
      <ul className="flex flex-col gap-0.5">
        {options.map((option) => (
          <li key={option.value}>
            <label
              className={clsx(
                'group flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-1 lg:min-h-8 text-sm transition-colors hover:bg-ink-100 hover:text-ink-950 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold has-[:checked]:text-brand-800',
                // A choice that would give nothing stays choosable, only quieter.
                option.count === 0 ? 'text-ink-500' : 'text-ink-700',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={option.value === current}
                onChange={() => {
                  setChosen(option.value);
                  onChange(option.value);
                }}
                className="size-4 shrink-0 cursor-pointer accent-brand-700"
              />
              <span className="min-w-0">
                {option.label}
                {option.count === undefined ? null : (
                  <>
                    {' '}
                    <span
                      className={clsx(
                        'font-normal tabular-nums',
                        option.count === 0 ? null : 'text-ink-600 group-has-[:checked]:text-brand-800',
                      )}
                    >
                      ({formatCount(option.count)})
                    </span>
                  </>
                )}
              </span>
            </label>
          </li>
        ))}
        {loadingRows
          ? Array.from({ length: loadingRows }, (_, i) => (
              <li
                key={`loading-${i}`}
                aria-hidden="true"
                className="flex min-h-11 items-center gap-2.5 px-2.5 lg:min-h-8"
              >
                <Skeleton className="size-4 rounded-full" />
                <Skeleton className="h-3.5 w-28" />
              </li>
            ))
          : null}
      </ul>
    </fieldset>
  );
}
