/**
 * Dates and times as a person reads them, on the shop's clock: @rebound/core/shop-clock carries
 * British Columbia's rule itself (no date library, no Intl time zone), so the browser's own zone and
 * its time-zone data (which may be stale) never change what the page says (docs/decisions/044).
 */
import {
  formatShopDate as coreShopDate,
  formatShopDateTime as coreShopDateTime,
  formatDateKeyShort,
} from '@rebound/core/shop-clock';

/** An instant in the shop's one format, e.g. 'Sat, Nov 22, 3:00 p.m. PT'. */
export function formatShopDateTime(iso: string | Date): string {
  return coreShopDateTime(typeof iso === 'string' ? new Date(iso) : iso);
}

/** An instant's calendar date on the shop's clock, e.g. 'Nov 22, 2026'. */
export function formatShopDate(iso: string | Date): string {
  return coreShopDate(typeof iso === 'string' ? new Date(iso) : iso);
}

/** A shop calendar date given as YYYY-MM-DD, e.g. 'Tue, Nov 25'. */
export function formatDateKey(key: string): string {
  return formatDateKeyShort(key);
}
