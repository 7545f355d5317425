import { clsx } from 'clsx';

/** A grey placeholder block; size it like the content it stands for so nothing moves on load. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={clsx('animate-pulse rounded-md bg-ink-200/70', className)} />;
}
