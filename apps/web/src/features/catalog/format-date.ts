import { SHOP_TIME_ZONE } from '@rebound/core/time';

const endFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** An instant in the shop's time zone, e.g. 'Sat, Nov 22, 3:00 p.m. PST'. */
export function formatShopDateTime(iso: string): string {
  return endFormatter.format(new Date(iso));
}
