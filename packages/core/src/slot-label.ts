// A pickup slot's time range as the shop's clock shows it: '10:00 AM – 10:30 AM' (Vancouver time).
import { SHOP_TIME_ZONE } from './time';

const TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** '9:00 AM' in Vancouver. */
export function shopTimeLabel(at: Date): string {
  // Some ICU versions put a narrow no-break space before AM/PM: one ordinary space everywhere.
  return TIME.format(at).replace(/\s/g, ' ');
}

/** '10:00 AM – 10:30 AM' (an en dash between). */
export function slotTimeLabel(startsAt: Date, endsAt: Date): string {
  return `${shopTimeLabel(startsAt)} – ${shopTimeLabel(endsAt)}`;
}
