// The shop's longer time formats (emails, pickup days, slot ranges, a close's exact second), beside
// the one format in shop-clock.ts: a page that shows only 'Fri, Nov 27, 2:30 p.m. PT' loads only that.
import {
  clockText,
  dateKeyParts,
  formatShopTime,
  MONTHS_SHORT,
  SHOP_ZONE_LABEL,
  shopDateKey,
  shopWallClock,
  WEEKDAYS_SHORT,
} from './shop-clock';

const WEEKDAYS_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'Fri, Nov 27, 2:30:05 p.m. PT': with seconds, only where seconds count (a close's exact end). */
export function formatShopDateTimeSeconds(at: Date | number): string {
  const c = shopWallClock(at);
  const { time, meridiem } = clockText(c, true);
  return `${WEEKDAYS_SHORT[c.weekday]}, ${MONTHS_SHORT[c.month - 1]} ${c.day}, ${time} ${meridiem} ${SHOP_ZONE_LABEL}`;
}

/** '10:00 – 10:30 a.m. PT', or '11:30 a.m. – 12:00 p.m. PT' across noon (an en dash between). */
export function formatShopTimeRange(start: Date | number, end: Date | number): string {
  const a = clockText(shopWallClock(start), false);
  const b = clockText(shopWallClock(end), false);
  const from = a.meridiem === b.meridiem ? a.time : `${a.time} ${a.meridiem}`;
  return `${from} – ${b.time} ${b.meridiem} ${SHOP_ZONE_LABEL}`;
}

/** A shop date key in full: 'Tuesday, June 16, 2026'. */
export function formatDateKeyLong(key: string): string {
  const p = dateKeyParts(key);
  return `${WEEKDAYS_LONG[p.weekday]}, ${MONTHS_LONG[p.month - 1]} ${p.day}, ${p.year}`;
}

/** 'Friday, November 27, 2026 at 2:30 p.m. PT' (emails that spell the day out). */
export function formatShopLongDateTime(at: Date | number): string {
  return `${formatDateKeyLong(shopDateKey(at))} at ${formatShopTime(at)}`;
}
