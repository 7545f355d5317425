import { SHOP_TIME_ZONE } from '@rebound/core/time';

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
