// The texts of the pickup notices (confirmation, reminders) and the labels they carry, once
// (docs/decisions/017). The email, SMS and push that follow an in-app notice are rendered elsewhere
// from the outbox data; the in-app line is written here.

import { formatShortCode } from './pickup';
import { formatDateKeyLong } from './shop-clock-formats';

/** A Vancouver date key in full, as the pickup page and the notices show it: 'Tuesday, June 16, 2026'. */
export function pickupDateLabel(dateKey: string): string {
  return formatDateKeyLong(dateKey);
}

/** A location's street address on one line: '8350 Riverbend Court, Burnaby, BC V5J 5M8'. */
export function locationAddressLabel(l: {
  addressLine1: string;
  city: string;
  province: string;
  postalCode: string;
}): string {
  return `${l.addressLine1}, ${l.city}, ${l.province} ${l.postalCode}`;
}

export interface PickupNoticeFacts {
  productTitle: string;
  /** pickupDateLabel of the slot's date. */
  dateLabel: string;
  /** '10:00 – 10:30 a.m. PT'. */
  timeLabel: string;
  locationName: string;
  /** The 6-character desk code ('ABC234'); null on an appointment made before codes existed. */
  shortCode: string | null;
}

const codeOf = (f: PickupNoticeFacts) =>
  f.shortCode ? `pickup code ${formatShortCode(f.shortCode)}` : 'your order number';

/** After a booking (or a move): when, where, and the code to show at the desk. */
export function pickupConfirmedNotice(f: PickupNoticeFacts, moved: boolean): string {
  const what = moved
    ? `Your pickup of ${f.productTitle} has moved to`
    : `Your pickup of ${f.productTitle} is booked for`;
  return `${what} ${f.dateLabel}, ${f.timeLabel} at ${f.locationName}. Show ${codeOf(f)} and a photo ID at the desk.`;
}

export type PickupReminderWhich = 'day_before' | 'hour_before';

/** The evening before ('tomorrow') and an hour before ('in an hour'). */
export function pickupReminderNotice(f: PickupNoticeFacts, which: PickupReminderWhich): string {
  const when =
    which === 'day_before' ? `tomorrow, ${f.dateLabel}, ${f.timeLabel}` : `in about an hour (${f.timeLabel})`;
  return `Reminder: your pickup of ${f.productTitle} is ${when} at ${f.locationName}. Bring a photo ID and ${codeOf(f)}.`;
}
