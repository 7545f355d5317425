// A pickup slot's time range as the shop's clock shows it: '10:00 – 10:30 a.m. PT' (shop-clock.ts).
import { formatShopTime } from './shop-clock';
import { formatShopTimeRange } from './shop-clock-formats';

/** '9:00 a.m. PT'. */
export function shopTimeLabel(at: Date): string {
  return formatShopTime(at);
}

/** '10:00 – 10:30 a.m. PT', '11:30 a.m. – 12:00 p.m. PT' (an en dash between). */
export function slotTimeLabel(startsAt: Date, endsAt: Date): string {
  return formatShopTimeRange(startsAt, endsAt);
}
