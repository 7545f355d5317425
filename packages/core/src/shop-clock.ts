// The shop's clock: British Columbia time, carried by the product itself (docs/decisions/044).
//
// The runtime's and the browser's time-zone data may not be trusted for the shop's zone: Node 20
// bundles IANA tzdata 2025c, and older Debian and PostgreSQL data and some browsers too, which still
// switch America/Vancouver back to UTC-8 on 2026-11-01. British Columbia keeps UTC-7 all year from its
// 2026 spring-forward on. So the rule is written here once, with no Intl time zone and no locale data,
// and every time a person reads goes through the formatters below (server and web app alike).
//
// Source: the IANA time zone database, file 'northamerica', zone America/Vancouver, release 2026d and
// later: Canada's daylight-saving rules until 2026-11-01 02:00 local daylight time, then a fixed UTC-7
// ('MST', which the shop calls Pacific Time). The Canada rules it follows before that:
//   1987-2006: daylight time from the first Sunday of April 02:00 to the last Sunday of October 02:00;
//   2007-2026: from the second Sunday of March 02:00 to the first Sunday of November 02:00.
// Nothing in the shop predates 1987; an earlier instant is read with the 1987 rule.
// shop-clock.test.ts compares every hour from 2020 through 2040 with the npm package moment-timezone
// (its bundled IANA data, 2026f).

const MINUTE_MS = 60_000;

/** UTC offsets, minutes east of UTC. */
const STANDARD_OFFSET = -8 * 60;
const DAYLIGHT_OFFSET = -7 * 60;

/** The 2026 spring-forward (2026-03-08 02:00 PST = 10:00Z): from then on UTC-7, all year. */
export const SHOP_PERMANENT_UTC7_FROM = Date.UTC(2026, 2, 8, 10);

/** The label every time a person reads carries: never PST or PDT. */
export const SHOP_ZONE_LABEL = 'PT';

/** Day of the month of the n-th Sunday (n >= 1) of a month (monthIndex 0-11). */
function nthSunday(year: number, monthIndex: number, n: number): number {
  const firstWeekday = new Date(Date.UTC(year, monthIndex, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + (n - 1) * 7;
}

function lastSunday(year: number, monthIndex: number): number {
  const last = new Date(Date.UTC(year, monthIndex + 1, 0));
  return last.getUTCDate() - last.getUTCDay();
}

function toMs(at: Date | number): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Expected a valid instant');
  return ms;
}

/** The shop's UTC offset at an instant, in minutes east of UTC: -420 (UTC-7) or -480 (UTC-8). */
export function shopUtcOffsetMinutes(at: Date | number): number {
  const t = toMs(at);
  if (t >= SHOP_PERMANENT_UTC7_FROM) return DAYLIGHT_OFFSET;
  // Changes happen far from New Year, so the UTC year of the standard-time reading is the local year.
  const year = new Date(t + STANDARD_OFFSET * MINUTE_MS).getUTCFullYear();
  // Daylight time starts at 02:00 standard (10:00Z) and ends at 02:00 daylight (09:00Z).
  const start =
    year >= 2007
      ? Date.UTC(year, 2, nthSunday(year, 2, 2), 10)
      : Date.UTC(year, 3, nthSunday(year, 3, 1), 10);
  const end =
    year >= 2007 ? Date.UTC(year, 10, nthSunday(year, 10, 1), 9) : Date.UTC(year, 9, lastSunday(year, 9), 9);
  return t >= start && t < end ? DAYLIGHT_OFFSET : STANDARD_OFFSET;
}

/**
 * Every change of the shop's offset from the start of `fromYear` (at least 1987) on, oldest first:
 * the instant it takes effect and the offset from then (minutes east of UTC). The last is the
 * permanent UTC-7 of 2026-03-08. For SQL that must read the shop's clock without the database's
 * time-zone data (apps/server/src/db/shop-clock.ts).
 */
export function shopOffsetChanges(fromYear: number): { at: number; offsetMinutes: number }[] {
  const changes: { at: number; offsetMinutes: number }[] = [];
  for (let year = Math.max(1987, fromYear); ; year += 1) {
    const start =
      year >= 2007
        ? Date.UTC(year, 2, nthSunday(year, 2, 2), 10)
        : Date.UTC(year, 3, nthSunday(year, 3, 1), 10);
    changes.push({ at: start, offsetMinutes: DAYLIGHT_OFFSET });
    if (start >= SHOP_PERMANENT_UTC7_FROM) return changes;
    const end =
      year >= 2007
        ? Date.UTC(year, 10, nthSunday(year, 10, 1), 9)
        : Date.UTC(year, 9, lastSunday(year, 9), 9);
    changes.push({ at: end, offsetMinutes: STANDARD_OFFSET });
  }
}

/** An instant as the shop's wall clock reads it. */
export interface ShopWallClock {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  /** 0-23. */
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  /** 'YYYY-MM-DD'. */
  dateKey: string;
  /** Minutes after local midnight. */
  minutes: number;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** The shop's wall-clock reading of an instant. */
export function shopWallClock(at: Date | number): ShopWallClock {
  const t = toMs(at);
  const local = new Date(t + shopUtcOffsetMinutes(t) * MINUTE_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + 1;
  const day = local.getUTCDate();
  const hour = local.getUTCHours();
  const minute = local.getUTCMinutes();
  return {
    year,
    month,
    day,
    hour,
    minute,
    second: local.getUTCSeconds(),
    weekday: local.getUTCDay(),
    dateKey: `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`,
    minutes: hour * 60 + minute,
  };
}

/** The shop's calendar date of an instant: 'YYYY-MM-DD'. */
export function shopDateKey(at: Date | number): string {
  return shopWallClock(at).dateKey;
}

/**
 * The instant of a wall-clock time on a shop calendar date (month 1-12). A time the spring-forward
 * skips (02:00-02:59) moves forward an hour; a time that happens twice (01:00-01:59 on a fall-back
 * day, none after 2025) is the first one. Arguments are not range-checked here (time.ts does).
 */
export function shopInstant(year: number, month: number, day: number, hour: number, minute = 0): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const daylight = asUtc - DAYLIGHT_OFFSET * MINUTE_MS;
  if (shopUtcOffsetMinutes(daylight) === DAYLIGHT_OFFSET) return new Date(daylight);
  // Standard time, or a skipped time read with the offset before the change (i.e. an hour later).
  return new Date(asUtc - STANDARD_OFFSET * MINUTE_MS);
}

// ---------------------------------------------------------------------------------------------
// The one format for every time a person reads: 'Fri, Nov 27, 2:30 p.m. PT'.

export const WEEKDAYS_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const MONTHS_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
export function clockText(c: ShopWallClock, seconds: boolean): { time: string; meridiem: string } {
  const h12 = c.hour % 12 === 0 ? 12 : c.hour % 12;
  return {
    time: `${h12}:${pad2(c.minute)}${seconds ? `:${pad2(c.second)}` : ''}`,
    meridiem: c.hour < 12 ? 'a.m.' : 'p.m.',
  };
}

/** '2:30 p.m.' (no zone label: for a sentence that already carries one). */
export function formatShopClock(at: Date | number): string {
  const { time, meridiem } = clockText(shopWallClock(at), false);
  return `${time} ${meridiem}`;
}

/** '2:30 p.m. PT'. */
export function formatShopTime(at: Date | number): string {
  return `${formatShopClock(at)} ${SHOP_ZONE_LABEL}`;
}

function dateTimeText(at: Date | number, seconds: boolean): string {
  const c = shopWallClock(at);
  const { time, meridiem } = clockText(c, seconds);
  return `${WEEKDAYS_SHORT[c.weekday]}, ${MONTHS_SHORT[c.month - 1]} ${c.day}, ${time} ${meridiem} ${SHOP_ZONE_LABEL}`;
}

/** 'Fri, Nov 27, 2:30 p.m. PT': the format of every date and time a person reads. */
export function formatShopDateTime(at: Date | number): string {
  return dateTimeText(at, false);
}

/**
 * A time that moved (a soft close's new end), said so that the move shows: in the one format, with
 * the seconds ('Fri, Nov 27, 4:40:19 p.m. PT') when the new time reads the same to the minute as the
 * time shown before it ('4:40 p.m.'); otherwise without.
 */
export function formatMovedShopDateTime(previous: Date | number, next: Date | number): string {
  return dateTimeText(next, dateTimeText(previous, false) === dateTimeText(next, false));
}

/** 'Nov 27, 2026': an instant's shop date, with the year (lists of past things). */
export function formatShopDate(at: Date | number): string {
  const c = shopWallClock(at);
  return `${MONTHS_SHORT[c.month - 1]} ${c.day}, ${c.year}`;
}

/** A date key's parts; throws on a malformed or impossible date. */
export function dateKeyParts(key: string): { year: number; month: number; day: number; weekday: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!m) throw new RangeError(`Not a valid YYYY-MM-DD date key: ${key}`);
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    throw new RangeError(`Not a valid YYYY-MM-DD date key: ${key}`);
  }
  return { year, month, day, weekday: d.getUTCDay() };
}

/** A shop date key as 'Tue, Nov 25' (no zone can move it: it is already the shop's date). */
export function formatDateKeyShort(key: string): string {
  const p = dateKeyParts(key);
  return `${WEEKDAYS_SHORT[p.weekday]}, ${MONTHS_SHORT[p.month - 1]} ${p.day}`;
}
