import { clsx } from 'clsx';

/** The Rebound mark: a path that dips and comes back up. Decorative; the wordmark carries the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={clsx('shrink-0', className)}>
      <rect width="32" height="32" rx="9" fill="var(--color-brand-700, #07725a)" />
      <path
        d="M8 9v8a6 6 0 0 0 12 0V11"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M16 14.5 20 10.5l4 4"
        fill="none"
        stroke="var(--color-brand-300, #6ce4bb)"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ className, inverse = false }: { className?: string; inverse?: boolean }) {
  return (
    <span className={clsx('inline-flex items-center gap-2', className)}>
      <LogoMark className="size-8" />
      <span
        className={clsx('text-xl font-extrabold tracking-tight', inverse ? 'text-white' : 'text-ink-950')}
      >
        Rebound
      </span>
    </span>
  );
}
