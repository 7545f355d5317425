// The labels a pickup notice and the pickup page show (docs/decisions/017): the date in full and
// the address on one line. The notices' sentences are in notices.ts.

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
