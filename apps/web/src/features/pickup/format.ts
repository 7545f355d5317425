import { pickupDateLabel } from '@rebound/core/pickup-notices';

const shortDateKey = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', weekday: 'short' });
const dayMonthKey = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', month: 'short', day: 'numeric' });

const atNoon = (key: string) => new Date(`${key}T12:00:00Z`);

/** A Vancouver date key in full: 'Tuesday, November 25, 2026' (as the pickup notices say it). */
export const formatDateKeyLong = pickupDateLabel;

/** A date button's two lines: 'Tue' and 'Nov 25'. */
export function dateKeyParts(key: string): { weekday: string; day: string } {
  const at = atNoon(key);
  return { weekday: shortDateKey.format(at), day: dayMonthKey.format(at) };
}
