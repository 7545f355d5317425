import { formatDateKeyShort } from '@rebound/core/shop-clock';
import { formatDateKeyLong as coreDateKeyLong } from '@rebound/core/shop-clock-formats';

/** A Vancouver date key in full: 'Tuesday, November 25, 2026' (as the pickup notices say it). */
export const formatDateKeyLong = coreDateKeyLong;

/** A date button's two lines: 'Tue' and 'Nov 25' (core's one format, 'Tue, Nov 25', split). */
export function dateKeyParts(key: string): { weekday: string; day: string } {
  const [weekday = '', day = ''] = formatDateKeyShort(key).split(', ');
  return { weekday, day };
}
