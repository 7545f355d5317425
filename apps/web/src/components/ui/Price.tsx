import { formatCents } from '@rebound/core/money';
import { clsx } from 'clsx';

/** An amount of money (integer cents), always through the shared formatter. */
export function Price({ cents, className }: { cents: number; className?: string }) {
  return <span className={clsx('tabular-nums', className)}>{formatCents(cents)}</span>;
}

/** A retail price shown struck through; screen readers hear 'Retail price' instead of a strike. */
export function RetailPrice({ cents, className }: { cents: number; className?: string }) {
  return (
    <s className={clsx('tabular-nums decoration-1', className)}>
      <span className="sr-only">Retail price </span>
      {formatCents(cents)}
    </s>
  );
}
