// Calendar rules in the shop's time zone (docs/product.md "The shop's clock"). Instants are plain Dates
// (UTC); calendar days are 'YYYY-MM-DD' keys of the day in America/Vancouver. Day arithmetic on keys is pure
// calendar arithmetic, so a 23- or 25-hour day at a DST change is still one day.

import { dateKeyParts, shopDateKey, shopInstant } from './shop-clock';
import { PAYMENT_WINDOW_HOURS, PICKUP_WINDOW_DAYS } from './windows';

export { PAYMENT_WINDOW_HOURS, PICKUP_WINDOW_DAYS, RETURN_WINDOW_DAYS } from './windows';

/**
 * The shop's zone, by name, for stored records only (a pickup location's time_zone column). Never
 * hand it to Intl, a date library or PostgreSQL: their data may be stale (docs/decisions/044); the
 * rule is shop-clock.ts.
 */
export const SHOP_TIME_ZONE = 'America/Vancouver';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function assertValidDate(date: Date): void {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new RangeError('Expected a valid Date');
  }
}

/** Days since 1970-01-01 for a date key; throws on a malformed or impossible date (shop-clock's parse). */
function dayNumber(key: string): number {
  const { year, month, day } = dateKeyParts(key);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function keyFromDayNumber(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

/** True for a well-formed key of a real calendar date ('2026-02-30' is false). */
export function isDateKey(value: string): boolean {
  try {
    dayNumber(value);
    return true;
  } catch {
    return false;
  }
}

/** The calendar date, in Vancouver, of an instant: 'YYYY-MM-DD'. */
export function vancouverDateKey(date: Date): string {
  assertValidDate(date);
  return shopDateKey(date);
}

/** key + n calendar days (n may be negative). */
export function addDaysToDateKey(key: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Day count must be an integer, got ${n}`);
  return keyFromDayNumber(dayNumber(key) + n);
}

/** Whole calendar days from fromKey to toKey (negative when toKey is earlier). */
export function daysBetweenDateKeys(fromKey: string, toKey: string): number {
  return dayNumber(toKey) - dayNumber(fromKey);
}

/** Every key from startKey through endKey, inclusive; empty when endKey is before startKey. */
export function dateKeyRange(startKey: string, endKey: string): string[] {
  const start = dayNumber(startKey);
  const end = dayNumber(endKey);
  const keys: string[] = [];
  for (let d = start; d <= end; d += 1) keys.push(keyFromDayNumber(d));
  return keys;
}

/** Day of the week of a date key: 0 = Sunday ... 6 = Saturday (the same in every time zone). */
export function weekdayOfDateKey(key: string): number {
  return new Date(dayNumber(key) * DAY_MS).getUTCDay();
}

/** The Appointments tab's hint: 'Today', 'Tomorrow', 'In N days', 'Yesterday', 'N days ago'. */
export function relativeDayLabel(targetDateKey: string, todayDateKey: string): string {
  const diff = daysBetweenDateKeys(todayDateKey, targetDateKey);
  if (diff === 0) return 'Today';
  if (diff === 1) return 'Tomorrow';
  if (diff === -1) return 'Yesterday';
  return diff > 0 ? `In ${diff} days` : `${-diff} days ago`;
}

/**
 * The instant of a wall-clock time on a Vancouver calendar date (e.g. a pickup slot's start).
 * A time skipped by the spring-forward change (02:00-02:59 on 2026-03-08) moves forward an hour;
 * British Columbia has not fallen back since (shop-clock.ts), so no time happens twice any more.
 */
export function vancouverDateTime(dateKey: string, hour: number, minute = 0): Date {
  dayNumber(dateKey);
  if (
    !Number.isInteger(hour) ||
    hour < 0 ||
    hour > 23 ||
    !Number.isInteger(minute) ||
    minute < 0 ||
    minute > 59
  ) {
    throw new RangeError(`Not a valid time of day: ${hour}:${minute}`);
  }
  const [year, month, day] = dateKey.split('-').map(Number) as [number, number, number];
  return shopInstant(year, month, day, hour, minute);
}

/** The first and last offered pickup dates: the auction's end date (Vancouver) through 7 days later. */
export function pickupWindow(auctionEnd: Date): { firstDateKey: string; lastDateKey: string } {
  const firstDateKey = vancouverDateKey(auctionEnd);
  return { firstDateKey, lastDateKey: addDaysToDateKey(firstDateKey, PICKUP_WINDOW_DAYS) };
}

/** The 8 offered pickup dates: the auction's end date (Vancouver) through 7 days after. */
export function pickupWindowDateKeys(auctionEnd: Date): string[] {
  const { firstDateKey, lastDateKey } = pickupWindow(auctionEnd);
  return dateKeyRange(firstDateKey, lastDateKey);
}

/** Whether a pickup on dateKey is inside the auction's pickup window. */
export function isInPickupWindow(dateKey: string, auctionEnd: Date): boolean {
  const { firstDateKey, lastDateKey } = pickupWindow(auctionEnd);
  const d = dayNumber(dateKey);
  return d >= dayNumber(firstDateKey) && d <= dayNumber(lastDateKey);
}

/** Payment is due 72 hours after the auction end. */
export function paymentDueAt(auctionEnd: Date): Date {
  assertValidDate(auctionEnd);
  return new Date(auctionEnd.getTime() + PAYMENT_WINDOW_HOURS * HOUR_MS);
}
