/**
 * The shop's time zone: @rebound/core/time's SHOP_TIME_ZONE (format-date.test.ts checks they agree).
 * Not imported from there: that module brings @date-fns/tz (about 2 KB gzip) into every page that
 * shows a date, such as the product page, where nothing else needs it.
 */
export const SHOP_TIME_ZONE = 'America/Vancouver';

const endFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * An instant in the shop's time zone, e.g. 'Sat, Nov 22, 3:00 p.m. Pacific'. Browsers disagree on
 * the short zone name (one Chromium build labels November 'PDT'), so the label is ours.
 */
export function formatShopDateTime(iso: string): string {
  return `${endFormatter.format(new Date(iso))} Pacific`;
}

const dateFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** An instant's calendar date in the shop's time zone, e.g. 'Nov 22, 2026'. */
export function formatShopDate(iso: string): string {
  return dateFormatter.format(new Date(iso));
}

const dateKeyFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});

/** A Vancouver calendar date given as YYYY-MM-DD, e.g. 'Tue, Nov 25'. */
export function formatDateKey(key: string): string {
  return dateKeyFormatter.format(new Date(`${key}T12:00:00Z`));
}
