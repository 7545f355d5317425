import { clsx } from 'clsx';

/** The look of every text input: 44px tall, 16px text on phones (no zoom on focus), red when invalid. */
export const inputClasses = clsx(
  'block h-11 w-full min-w-0 scroll-mt-28 rounded-xl bg-white px-3.5 text-base text-ink-950 ring-1 ring-ink-300 ring-inset transition-shadow sm:text-sm',
  'placeholder:text-ink-400 hover:ring-ink-400 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600',
  'aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-danger-700 disabled:cursor-not-allowed disabled:bg-ink-50 disabled:text-ink-600',
);
