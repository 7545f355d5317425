import { SPENDING_TEXT } from '@rebound/contract/spending';
import { formatCents } from '@rebound/core/money';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { useMySpending } from '../spending-api';

const lotsLabel = (n: number) => `${n} ${n === 1 ? 'lot' : 'lots'}`;

/**
 * What you could owe (docs/product.md "What you could owe"): 'Winning now' (the lots led with the
 * reserve met, all-in) and 'At most' (if every maximum won), each with its one-line explanation;
 * the spending limit when the shopper set one. My Bids shows it above the list.
 */
export function OweSummary() {
  const spending = useMySpending();
  if (!spending.data) return null;
  const { winningNow, atMost, limitCents } = spending.data;
  const over = limitCents !== null && atMost.totalCents > limitCents;
  return (
    <section aria-label="What you could owe" className="grid gap-3 sm:grid-cols-2" data-testid="owe-summary">
      <div className="rounded-card bg-white p-4 shadow-card ring-1 ring-ink-200/80">
        <p className="text-sm font-semibold text-ink-700">{SPENDING_TEXT.winningNowLabel}</p>
        <p className="mt-0.5 text-xl font-bold tabular-nums text-ink-950" data-testid="winning-now">
          {formatCents(winningNow.totalCents)}{' '}
          <span className="text-sm font-medium text-ink-600">({lotsLabel(winningNow.lots.length)})</span>
        </p>
        <p className="mt-1 text-xs text-ink-600">{SPENDING_TEXT.winningNowHelp}</p>
      </div>
      <div className="rounded-card bg-white p-4 shadow-card ring-1 ring-ink-200/80">
        <p className="text-sm font-semibold text-ink-700">{SPENDING_TEXT.atMostLabel}</p>
        <p className="mt-0.5 text-xl font-bold tabular-nums text-ink-950" data-testid="at-most">
          {formatCents(atMost.totalCents)}
        </p>
        <p className="mt-1 text-xs text-ink-600">{SPENDING_TEXT.atMostHelp}</p>
        {limitCents !== null ? (
          <p className={clsx('mt-1 text-xs font-medium', over ? 'text-danger-700' : 'text-ink-700')}>
            Your spending limit: {formatCents(limitCents)}
            {over ? ' (new maximums are refused until this is lower)' : ''}.{' '}
            <Link to="/account#spending-limit" className="underline hover:text-brand-800">
              Change
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}

/**
 * The header's compact figures for a signed-in shopper with bids: 'Winning now $X' over 'At most $Y',
 * a link to My Bids. `layout="menu"`: one row each, for the phone's side menu. Nothing until known.
 */
export function OweFigures({
  enabled,
  layout = 'row',
  onNavigate,
}: {
  enabled: boolean;
  layout?: 'row' | 'menu';
  onNavigate?: () => void;
}) {
  const spending = useMySpending(enabled);
  if (!enabled || !spending.data) return null;
  const { winningNow, atMost } = spending.data;
  return (
    <Link
      to="/account?tab=bids"
      onClick={onNavigate}
      data-testid="owe-figures"
      title={`${SPENDING_TEXT.atMostLabel}: ${SPENDING_TEXT.atMostHelp}`}
      className={clsx(
        'flex rounded-lg text-ink-800 ring-1 ring-ink-200 ring-inset transition-colors hover:bg-ink-50',
        layout === 'row'
          ? 'h-9 flex-col justify-center px-2 text-[11px] leading-tight'
          : 'w-full flex-col gap-1 px-4 py-2 text-sm',
      )}
    >
      <span className="flex justify-between gap-2">
        <span className="text-ink-600">{SPENDING_TEXT.winningNowLabel}</span>
        <span className="font-semibold tabular-nums">{formatCents(winningNow.totalCents)}</span>
      </span>
      <span className="flex justify-between gap-2">
        <span className="text-ink-600">{SPENDING_TEXT.atMostLabel}</span>
        <span className="font-semibold tabular-nums">{formatCents(atMost.totalCents)}</span>
      </span>
    </Link>
  );
}
