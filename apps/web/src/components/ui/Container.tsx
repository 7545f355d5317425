import { clsx } from 'clsx';
import type { HTMLAttributes } from 'react';

/** The page's horizontal frame: one max width and gutter for every section. */
export function Container({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={clsx('mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8', className)} {...props} />;
}
