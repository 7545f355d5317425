// Calendar helpers for the seed on the shop's clock (pickup days and slots are Vancouver dates). They
// use @rebound/core/shop-clock, never the runtime's time-zone data (docs/decisions/044).
import { formatShopDateTime, shopDateKey, shopInstant } from '@rebound/core/shop-clock';
import { addDaysToDateKey, weekdayOfDateKey } from '@rebound/core/time';

/** 'YYYY-MM-DD' of `at` in Vancouver. */
export function vancouverDate(at: Date): string {
  return shopDateKey(at);
}

export function addDays(date: string, days: number): string {
  return addDaysToDateKey(date, days);
}

/** 0 = Sunday, as in pickup_schedules.weekday. */
export function weekdayOf(date: string): number {
  return weekdayOfDateKey(date);
}

/** The instant of a Vancouver wall-clock time on a Vancouver date. */
export function vancouverTime(date: string, hour: number, minute: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return shopInstant(y, m, d, hour, minute);
}

/** 'Thu, Mar 12, 2:30 p.m. PT' (the one format) for messages. */
export function vancouverLabel(at: Date): string {
  return formatShopDateTime(at);
}
