// The pickup notices (docs/decisions/017): the confirmation written with a booking or a move, and the
// reminders the job writes. Each is an in-app notice plus email/SMS/push by the shopper's settings,
// through the notifications module's enqueueNotices, inside the caller's transaction.

import type { PickupConfirmedData, PickupReminderData } from '@rebound/contract/pickup';
import {
  type PickupNoticeFacts,
  type PickupReminderWhich,
  pickupCancelledNotice,
  pickupConfirmedNotice,
  pickupReminderNotice,
} from '@rebound/core/notices';
import { pickupQrPayload } from '@rebound/core/pickup';
import { locationAddressLabel, pickupDateLabel } from '@rebound/core/pickup-notices';
import { slotTimeLabel } from '@rebound/core/slot-label';
import { vancouverDateKey } from '@rebound/core/time';
import type { NoticeOf } from '../notifications';

export const APPOINTMENTS_URL = '/account?tab=appointments';

/** What a pickup notice is about. */
export interface PickupNoticeSubject {
  userId: string;
  orderId: string;
  productTitle: string;
  shortCode: string | null;
  startsAt: Date;
  endsAt: Date;
  location: { name: string; addressLine1: string; city: string; province: string; postalCode: string };
}

function factsAndData(s: PickupNoticeSubject, moved: boolean) {
  const facts: PickupNoticeFacts = {
    productTitle: s.productTitle,
    dateLabel: pickupDateLabel(vancouverDateKey(s.startsAt)),
    timeLabel: slotTimeLabel(s.startsAt, s.endsAt),
    locationName: s.location.name,
    shortCode: s.shortCode,
  };
  const data: PickupConfirmedData = {
    orderId: s.orderId,
    shortCode: s.shortCode,
    qrPayload: s.shortCode ? pickupQrPayload(s.shortCode) : null,
    productTitle: s.productTitle,
    slotStartsAt: s.startsAt.toISOString(),
    timeLabel: facts.timeLabel,
    dateLabel: facts.dateLabel,
    locationName: s.location.name,
    locationAddress: locationAddressLabel(s.location),
    appointmentsUrl: APPOINTMENTS_URL,
    moved,
  };
  return { facts, data };
}

/**
 * The confirmation of a booking (or a move: `moved`). Kind 'auction_won': the pickup is the win's
 * follow-up, like the payment receipt and reminders, so it follows that kind's channel settings.
 */
export function pickupConfirmedNoticeOf(
  s: PickupNoticeSubject,
  moved: boolean,
): NoticeOf<'pickup_confirmed'> {
  const { facts, data } = factsAndData(s, moved);
  return {
    userId: s.userId,
    kind: 'auction_won',
    template: 'pickup_confirmed',
    message: pickupConfirmedNotice(facts, moved),
    targetUrl: APPOINTMENTS_URL,
    data,
  };
}

/** The evening-before or hour-before reminder (same data as the confirmation, plus `which`). */
export function pickupReminderNoticeOf(
  s: PickupNoticeSubject,
  which: PickupReminderWhich,
): NoticeOf<'pickup_reminder'> {
  const { facts, data } = factsAndData(s, false);
  const reminder: PickupReminderData = { ...data, which };
  return {
    userId: s.userId,
    kind: 'auction_won',
    template: 'pickup_reminder',
    message: pickupReminderNotice(facts, which),
    targetUrl: APPOINTMENTS_URL,
    data: reminder,
  };
}

export const ORDERS_URL = '/account?tab=orders';

/**
 * The confirmation of a cancelled visit (docs/decisions/080-pickup-missed-walk-ins.md), by the
 * shopper's 'auction won' settings like the booking's: which items, the time it had, where to book.
 */
export function pickupCancelledNoticeOf(s: PickupNoticeSubject): NoticeOf<'pickup_cancelled'> {
  const { facts, data } = factsAndData(s, false);
  return {
    userId: s.userId,
    kind: 'auction_won',
    template: 'pickup_cancelled',
    message: pickupCancelledNotice(facts),
    targetUrl: ORDERS_URL,
    data: {
      orderId: data.orderId,
      productTitle: data.productTitle,
      slotStartsAt: data.slotStartsAt,
      timeLabel: data.timeLabel,
      dateLabel: data.dateLabel,
      locationName: data.locationName,
      locationAddress: data.locationAddress,
      appointmentsUrl: data.appointmentsUrl,
      ordersUrl: ORDERS_URL,
    },
  };
}
