import { clsx } from 'clsx';
import { PackageOpen, RotateCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './Button';

/** A friendly box for an empty list. */
export function EmptyState({
  children,
  detail,
  action,
  className,
}: {
  children: ReactNode;
  /** A line under the message: what to try next. */
  detail?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={clsx(
        'flex flex-col items-center gap-3 rounded-card border border-dashed border-ink-300 bg-white/60 px-6 py-12 text-center',
        className,
      )}
    >
      <PackageOpen className="size-8 text-ink-400" aria-hidden="true" />
      <p className="text-sm font-medium text-ink-700">{children}</p>
      {detail ? <p className="-mt-1.5 max-w-md text-sm text-ink-600">{detail}</p> : null}
      {action}
    </div>
  );
}

/** A load failure with the server's message and a retry button. */
export function ErrorState({
  title,
  message,
  onRetry,
  className,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={clsx(
        'flex flex-col items-center gap-3 rounded-card border border-danger-200 bg-danger-50 px-6 py-10 text-center',
        className,
      )}
    >
      <TriangleAlert className="size-8 text-danger-700" aria-hidden="true" />
      <div>
        <p className="font-semibold text-ink-900">{title}</p>
        <p className="mt-1 text-sm text-ink-700">{message}</p>
      </div>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      ) : null}
    </div>
  );
}
