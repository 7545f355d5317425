import { clsx } from 'clsx';
import { TriangleAlert } from 'lucide-react';
import { type FocusEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { inputClasses } from '../../../components/ui/input-classes';
import { applyPriceRange, MAX_PRICE, priceProblem } from '../search-params';

type PriceRangeFilterProps = {
  /** The range in force (from the address), in dollars; a null max is no upper bound. */
  min: number;
  max: number | null;
  onApply: (range: { min: number; max: number | null }) => void;
};

/**
 * Minimum and maximum price in dollars (docs/product.md "Browsing and search"). Applied on Enter, on leaving
 * a box, or with the button. A range the rule does not allow (a minimum below $0, a maximum below the
 * minimum) is refused: the message shows beside the boxes, what was typed stays as typed, and the
 * range in force does not change until the shopper fixes it (the server refuses it too: contract
 * ShopQuery).
 */
export function PriceRangeFilter({ min, max, onApply }: PriceRangeFilterProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const [minText, setMinText] = useState(String(min));
  const [maxText, setMaxText] = useState(maxBoxText(max));

  // The range can change from outside (back button, 'Clear filters'): show what is in force.
  useEffect(() => {
    setMinText(String(min));
    setMaxText(maxBoxText(max));
  }, [min, max]);

  const problem = priceProblem(minText, maxText);

  function apply() {
    // Refused, not corrected: the boxes keep what was typed and the message says why.
    if (problem) return;
    const range = applyPriceRange(minText, maxText);
    setMinText(String(range.min));
    setMaxText(maxBoxText(range.max));
    if (range.min !== min || range.max !== max) onApply({ min: range.min, max: range.max });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply();
  }

  // Leaving the price box altogether applies it; moving between its two inputs (or to its
  // button) does not, so a shopper can type a new minimum and then a new maximum.
  function handleBlur(event: FocusEvent<HTMLFormElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) apply();
  }

  return (
    <form onSubmit={handleSubmit} onBlur={handleBlur} noValidate aria-labelledby={`${id}-legend`}>
      <p id={`${id}-legend`} className="mb-2 text-sm font-semibold text-ink-950">
        Price
      </p>
      <div className="flex items-end gap-2">
        <PriceBox
          label="Min price"
          value={minText}
          onChange={setMinText}
          invalid={problem?.field === 'min'}
          describedBy={problem ? noteId : undefined}
        />
        <span aria-hidden="true" className="pb-3 text-ink-500">
          –
        </span>
        <PriceBox
          label="Max price"
          value={maxText}
          onChange={setMaxText}
          placeholder="No max"
          invalid={problem?.field === 'max'}
          describedBy={problem ? noteId : undefined}
        />
      </div>
      <div aria-live="polite" className="min-h-0">
        {problem ? (
          <p
            id={noteId}
            className="mt-2 flex items-start gap-1.5 text-xs leading-snug font-medium text-danger-700"
          >
            <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            {problem.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="secondary" size="sm" block className="mt-3">
        Apply price
      </Button>
    </form>
  );
}

/** The maximum box is empty when there is no upper bound (its placeholder says 'No max'). */
function maxBoxText(max: number | null): string {
  return max === null ? '' : String(max);
}

function PriceBox({
  label,
  value,
  onChange,
  invalid,
  describedBy,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  placeholder?: string;
  invalid: boolean;
  describedBy: string | undefined;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-ink-700">
        {label}
      </label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-ink-500"
        >
          $
        </span>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          max={MAX_PRICE}
          step="any"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={clsx(
            inputClasses,
            'h-10 appearance-none pl-6 tabular-nums [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none [-moz-appearance:textfield]',
          )}
        />
      </div>
    </div>
  );
}
