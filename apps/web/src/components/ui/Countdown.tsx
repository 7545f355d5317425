import { formatCountdown, formatTimeLeftShort } from '@rebound/core/countdown';
import { clsx } from 'clsx';
import { useServerClock } from '../../lib/server-clock';

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
  const end = Date.parse(to);
  // One snapshot string (text, urgency, ended): the countdown re-renders only when one of them
  // changes, e.g. once a minute for a card's '2d 3h' (the page's clock still ticks every second).
  const state = useServerClock((now) => {
    const left = end - now;
    const shown = format === 'short' ? formatTimeLeftShort(left) : formatCountdown(left);
    return `${left > 0 && left < HOUR_MS ? 'u' : left <= 0 ? 'e' : 'n'}${shown}`;
  });
  const text = state.slice(1);
  return (
    <span
      role="timer"
      aria-label={label}
      data-urgent={state[0] === 'u' ? 'true' : undefined}
      data-ended={state[0] === 'e' ? 'true' : undefined}
      className={clsx('tabular-nums', className)}
    >
      {text}
    </span>
  );
}
