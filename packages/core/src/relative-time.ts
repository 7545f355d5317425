// How long ago something happened, for notification cards and the Mail menu: 'Just now',
// '5 minutes ago', '3 hours ago', 'Yesterday', '4 days ago', '2 weeks ago', then the date in the
// shop's time zone ('Mar 4, 2026'). Pure: the caller passes now (the server-synced clock).

import { formatShopDate } from './shop-clock';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * `then` relative to `now` (instants, or ISO strings). A time slightly in the future (clocks a
 * little apart) reads 'Just now'; an invalid time reads ''.
 */
export function relativeTime(then: Date | string, now: Date | number): string {
  const t = typeof then === 'string' ? Date.parse(then) : then.getTime();
  const n = typeof now === 'number' ? now : now.getTime();
  if (!Number.isFinite(t) || !Number.isFinite(n)) return '';
  const ago = n - t;
  if (ago < MINUTE_MS) return 'Just now';
  if (ago < HOUR_MS) return count(Math.floor(ago / MINUTE_MS), 'minute');
  if (ago < DAY_MS) return count(Math.floor(ago / HOUR_MS), 'hour');
  if (ago < 2 * DAY_MS) return 'Yesterday';
  if (ago < WEEK_MS) return count(Math.floor(ago / DAY_MS), 'day');
  if (ago < 5 * WEEK_MS) return count(Math.floor(ago / WEEK_MS), 'week');
  return formatShopDate(t);
}

/** How soon the label of something `ago` ms old next changes (for re-rendering): ms. */
export function relativeTimeRefreshMs(then: Date | string, now: Date | number): number {
  const t = typeof then === 'string' ? Date.parse(then) : then.getTime();
  const n = typeof now === 'number' ? now : now.getTime();
  const ago = n - t;
  if (!Number.isFinite(ago) || ago < HOUR_MS)
    return MINUTE_MS - (((ago % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
  if (ago < DAY_MS) return HOUR_MS - (ago % HOUR_MS);
  return DAY_MS - (ago % DAY_MS);
}
