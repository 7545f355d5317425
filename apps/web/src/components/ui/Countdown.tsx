import { formatCountdown, formatTimeLeftShort } from '@rebound/core/countdown';
import { clsx } from 'clsx';
import { useServerNow } from '../../lib/server-clock';

const HOUR_MS = 3_600_000;

type CountdownProps = {
  /** ISO instant to count down to. */
  to: string;
  /** Accessible name of the timer. */
  label?: string;
  /** 'long' = '2d 3h 15m' / '3h 05m 09s'; 'short' (cards) = '2d 3h' / '3h 05m'. */
  format?: 'long' | 'short';
  className?: string;
};

/**
 * A live countdown on the server's clock. Under an hour it is marked urgent (`data-urgent`), so
 * callers can colour it; all countdowns on the page share one timer.
 */
export function Countdown({ to, label = 'Time left', format = 'long', className }: CountdownProps) {
  const now = useServerNow();
  const remaining = Date.parse(to) - now;
  const text = format === 'short' ? formatTimeLeftShort(remaining) : formatCountdown(remaining);
  return (
    <span
      role="timer"
      aria-label={label}
      data-urgent={remaining > 0 && remaining < HOUR_MS ? 'true' : undefined}
      data-ended={remaining <= 0 ? 'true' : undefined}
      className={clsx('tabular-nums', className)}
    >
      {text}
    </span>
  );
}
