import type { DropLotErrors, DropLotText } from '@rebound/contract/drop-lots';
import { clsx } from 'clsx';
import { inputClasses } from '../../../components/ui/input-classes';
import { shopTime } from './shared';

/**
 * The drop form's lots, in lot order: each one's end time and its own starting bid and reserve
 * (docs/decisions/082-pay-all-photos-large-lot-amounts.md). An empty amount shows the drop's as its placeholder
 * and takes it; an error sits under its field and names nothing else.
 */
export function DropLots({
  lots,
  ends,
  typed,
  onType,
  errors,
  commonStartingBid,
  commonReserve,
}: {
  lots: readonly { id: string; title: string }[];
  /** Each lot's end (ms), or null while the first end or the stagger is not valid. */
  ends: readonly number[] | null;
  typed: Readonly<Record<string, DropLotText>>;
  onType: (productId: string, text: DropLotText) => void;
  errors: DropLotErrors;
  commonStartingBid: string;
  commonReserve: string;
}) {
  return (
    <ol
      className="mt-2 flex max-h-[32rem] flex-col overflow-y-auto text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
      aria-label="Lots, end times and amounts"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must take keyboard focus to scroll.
      tabIndex={0}
    >
      {lots.map((p, i) => {
        const text = typed[p.id] ?? { startingBid: '', reserve: '' };
        const error = errors[p.id] ?? {};
        const name = `lot ${i + 1}, ${p.title}`;
        return (
          <li
            key={p.id}
            className="flex flex-col gap-2 border-b border-ink-100 py-2 last:border-0"
            data-testid="drop-lot"
          >
            <div className="flex justify-between gap-3">
              <span className="min-w-0 truncate">
                <span className="tabular-nums text-ink-600">{i + 1}.</span> {p.title}
              </span>
              <span className="shrink-0 tabular-nums text-ink-900">
                {ends ? shopTime(new Date(ends[i]!), true) : '—'}
              </span>
            </div>
            <div className="grid grid-cols-2 gap-2">
              <LotAmount
                label={`Starting bid for ${name}`}
                shortLabel="Starting bid"
                value={text.startingBid}
                placeholder={commonStartingBid || '0.00'}
                error={error.startingBid}
                onChange={(v) => onType(p.id, { ...text, startingBid: v })}
              />
              <LotAmount
                label={`Reserve for ${name}`}
                shortLabel="Reserve"
                value={text.reserve}
                placeholder={commonReserve || 'none'}
                error={error.reserve}
                onChange={(v) => onType(p.id, { ...text, reserve: v })}
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function LotAmount({
  label,
  shortLabel,
  value,
  placeholder,
  error,
  onChange,
}: {
  label: string;
  shortLabel: string;
  value: string;
  placeholder: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const errorId = `${label.replace(/\W+/g, '-')}-error`;
  return (
    <label className="flex flex-col gap-1">
      <span className="text-xs font-medium text-ink-700" aria-hidden="true">
        {shortLabel} ($)
      </span>
      <input
        aria-label={label}
        inputMode="decimal"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={clsx(inputClasses, 'h-9')}
      />
      {error ? (
        <span id={errorId} className="text-xs font-medium text-danger-700">
          {error}
        </span>
      ) : null}
    </label>
  );
}
