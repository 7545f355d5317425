// Pickup: the scheduling page, the Appointments tab, slots, requests and texts (docs/product.md "Pickup";
// docs/decisions/016-pickup-rules.md). The rules
// behind these shapes are core's (packages/core/src/pickup.ts); the server fills them.

import {
  normalizeShortCode,
  PICKUP_CAPACITY_MAX,
  PICKUP_CLOSED_DATES_MAX,
  PICKUP_HOURS_MAX,
  PICKUP_MIN_NOTICE_MAX_MINUTES,
  PICKUP_SLOT_MINUTES_MAX,
  PICKUP_SLOT_MINUTES_MIN,
  parseSlotId,
  pickupScheduleProblems,
  SLOT_ID_LENGTH,
  type SlotRefusalReason,
} from '@rebound/core/pickup';
import { MAX_ITEMS_PER_VISIT_LIMIT } from '@rebound/core/pickup-visit';
import { isDateKey } from '@rebound/core/time';
import { z } from 'zod';
import { Cents, Instant, Uuid } from './common';
import type { ErrorCode } from './errors';
import { OrderStatus } from './orders';

/** The pickup texts, once. */
export const PICKUP_TEXT = {
  scheduled: 'Pickup scheduled successfully!',
  failed: 'Failed to schedule pickup. Please try again.',
  noSlots: 'No pickup slots available within the allowed timeframe',
  detailsPending: 'Pickup details are being processed. Contact support if this persists.',
  noAppointments: 'No appointments scheduled',
  authRequired: 'Authentication required',
  backToOrders: 'Back to Orders',
  notesLabel: 'Pickup Notes',
  confirm: 'Confirm Pickup Appointment',
  confirming: 'Scheduling...',
  slotFull: 'That time is now full. Please pick another.',
  /** One visit for all wins (docs/decisions/058). */
  visitOrdersLabel: 'Orders to pick up in this visit',
  visitNoneChosen: 'Choose at least one order to pick up.',
  visitMixedLocations: 'These orders are picked up at different locations. Book one visit per location.',
  visitNoCommonDay: 'These orders have no pickup day in common. Book them in separate visits.',
  visitOrderElsewhere:
    'One of these orders is already in another pickup visit. Cancel or move that visit first.',
  visitTakesTwoPlaces: 'This visit has many items, so it takes two places in its time slot.',
  /** A visit whose slot ended without a check-in (docs/decisions/080-pickup-missed-walk-ins.md). */
  missed:
    'You missed this pickup. Your items are kept for you: book a new time from your orders, or walk in during opening hours with your order number and photo ID.',
  /** No date left in the window: the desk hands paid orders over without an appointment. */
  windowEnded:
    'The pickup window has ended, so there is no time left to book. Walk in during opening hours with your order number and a government-issued photo ID; storage fees apply.',
} as const;

/** 'N spots left' under a time button. */
export function spotsLeftText(n: number): string {
  return n === 1 ? '1 spot left' : `${n} spots left`;
}

/** A Vancouver calendar date, YYYY-MM-DD. */
export const DateKey = z.string().refine(isDateKey, { error: 'Expected a YYYY-MM-DD date.' });

/** A slot id as core writes it (`<location uuid>.<YYYYMMDDTHHMMZ>`); anything else is refused. */
export const SlotId = z
  .string()
  .max(SLOT_ID_LENGTH)
  .refine((s) => parseSlotId(s) !== null, { error: 'That pickup time is not valid.' });

/** Notes travel trimmed; empty ones are left out. */
export const PICKUP_NOTES_MAX = 500;
export const PickupNotes = z
  .string()
  .trim()
  .max(PICKUP_NOTES_MAX, { error: `Pickup notes can be at most ${PICKUP_NOTES_MAX} characters.` })
  .nullish()
  .transform((v) => (v ? v : undefined));

/** A pickup slot as the scheduling page shows it. */
export const PickupSlot = z.object({
  slotId: z.string(),
  /** '10:00 – 10:30 a.m. PT' (core formatShopTimeRange, the shop's clock). */
  timeLabel: z.string(),
  availableSpots: z.number().int().min(0),
  isFull: z.boolean(),
  startsAt: Instant,
  endsAt: Instant,
});
export type PickupSlot = z.infer<typeof PickupSlot>;

/** At most this many orders in one visit. */
export const VISIT_ORDERS_MAX = 50;

/** Order ids in a query string: 'a,b,c' (the visit's orders). */
const OrderIdList = z
  .string()
  .max(VISIT_ORDERS_MAX * 37)
  .transform((s) => s.split(',').filter((x) => x !== ''))
  .pipe(z.array(Uuid).min(1).max(VISIT_ORDERS_MAX));

/**
 * GET /api/pickup/slots?orderId=...&days=...&startDate=... (the available pickup slots), or
 * ?orderIds=a,b,c for a visit of several orders (the dates all their windows share).
 */
export const AvailableSlotsQuery = z.object({
  orderId: Uuid.optional(),
  orderIds: OrderIdList.optional(),
  /** 14 by default; the order's 8-day window always bounds the answer. */
  days: z.coerce.number().int().min(1).max(14).optional(),
  startDate: DateKey.optional(),
});
export type AvailableSlotsQuery = z.output<typeof AvailableSlotsQuery>;
/** The booking request; the same shape. */
export const AvailableSlotsRequest = AvailableSlotsQuery;
export type AvailableSlotsRequest = AvailableSlotsQuery;

export const AvailableSlotsResponse = z.object({
  serverTime: Instant,
  /** The first order of the visit. */
  orderId: Uuid,
  /** Every order of the visit being booked (with those already in its visit, when moving). */
  orderIds: z.array(Uuid),
  /** Places the visit takes in a slot (2 above the location's items limit); slots with fewer left are full. */
  places: z.number().int().min(1).max(2),
  /** The order's pickup location: the page joins its realtime room (PickupSlotsChangedV1) to refetch. */
  locationId: Uuid,
  /** The auction's end date through core PICKUP_WINDOW_DAYS after (the empty state's date range). */
  window: z.object({ firstDate: DateKey, lastDate: DateKey }),
  /** Slots by Vancouver date; dates without a slot left are absent. */
  slots: z.record(DateKey, z.array(PickupSlot)),
  /** The order's current slot, when it has one (the page marks it; moving elsewhere frees it). */
  currentSlotId: z.string().nullable(),
});
export type AvailableSlotsResponse = z.infer<typeof AvailableSlotsResponse>;

/**
 * POST /api/pickup/appointments (schedule a pickup): books one visit for `orderIds` (or the one
 * `orderId`), or moves the visit they are in (orders not yet in it join it).
 */
export const SchedulePickupRequest = z
  .object({
    orderId: Uuid.optional(),
    orderIds: z.array(Uuid).min(1).max(VISIT_ORDERS_MAX).optional(),
    slotId: SlotId,
    notes: PickupNotes.optional(),
  })
  .refine((b) => b.orderId !== undefined || b.orderIds !== undefined, {
    error: PICKUP_TEXT.visitNoneChosen,
    path: ['orderIds'],
  });
export type SchedulePickupRequest = z.input<typeof SchedulePickupRequest>;
export type SchedulePickupBody = z.output<typeof SchedulePickupRequest>;

/** missed: the slot ended without a check-in; its orders went back to be booked again (decision 080). */
export const APPOINTMENT_STATUSES = ['scheduled', 'completed', 'cancelled', 'missed'] as const;
export const AppointmentStatus = z.enum(APPOINTMENT_STATUSES);

/** One appointment as its shopper sees it (Appointments tab). */
export const AppointmentView = z.object({
  /** Null for a scheduled order whose slot detail is missing (the 'being processed' text). */
  id: Uuid.nullable(),
  orderId: Uuid,
  /** First 8 characters of the order id. */
  orderNumber: z.string(),
  productTitle: z.string(),
  /** What the order cost (the charged total once paid). */
  amountCents: Cents,
  orderStatus: OrderStatus,
  status: AppointmentStatus,
  locationName: z.string(),
  /** Vancouver date, YYYY-MM-DD (the web shows it in full); null without slot detail. */
  date: DateKey.nullable(),
  timeLabel: z.string().nullable(),
  startsAt: Instant.nullable(),
  endsAt: Instant.nullable(),
  notes: z.string().nullable(),
  /** 'Today', 'Tomorrow', 'In N days', 'Yesterday', 'N days ago' (scheduled ones only). */
  relativeDay: z.string().nullable(),
  /** True when scheduled without slot detail: show PICKUP_TEXT.detailsPending. */
  detailsPending: z.boolean(),
  /** 6 characters read aloud at the desk ('ABC234'; shown 'ABC-234'). */
  shortCode: z.string().nullable(),
  /** What the QR code encodes: 'REBOUND-PICKUP:ABC234'. */
  qrPayload: z.string().nullable(),
  /** Movable and cancellable until the slot starts. */
  canChange: z.boolean(),
  completedAt: Instant.nullable(),
  /** Storage owed now ($5 per item per day after the window), 0 within it. */
  storageFeeCents: Cents,
  /** The first charged day (Vancouver date). */
  storageFeeFrom: DateKey,
  /** Every order of this visit, this one included (one id for a one-order visit; empty without one). */
  visitOrderIds: z.array(Uuid),
  /** Places the visit takes in its slot (2 for a visit above the location's items limit). */
  places: z.number().int().min(1).max(2),
});
export type AppointmentView = z.infer<typeof AppointmentView>;

export const SchedulePickupResponse = z.object({
  message: z.literal(PICKUP_TEXT.scheduled),
  appointment: AppointmentView,
  /** Every order of the visit (the first is `appointment`). */
  appointments: z.array(AppointmentView),
  /** True when an existing appointment was moved (its old place is free again). */
  moved: z.boolean(),
});
export type SchedulePickupResponse = z.infer<typeof SchedulePickupResponse>;

/** GET /api/me/appointments: scheduled and completed pickups, by pickup date ascending. */
export const AppointmentsResponse = z.object({
  serverTime: Instant,
  appointments: z.array(AppointmentView),
});
export type AppointmentsResponse = z.infer<typeof AppointmentsResponse>;

/** DELETE /api/pickup/appointments/:orderId: cancels the order's visit; each of its orders goes back. */
export const CancelPickupResponse = z.object({
  orderId: Uuid,
  cancelled: z.literal(true),
  /** Every order the cancelled visit held. */
  orderIds: z.array(Uuid),
});
export type CancelPickupResponse = z.infer<typeof CancelPickupResponse>;

/** Which catalogue error a refusal of core's canBookSlot becomes. */
export const SLOT_REFUSAL_ERROR: Record<SlotRefusalReason, ErrorCode> = {
  invalid_slot_id: 'slot_unavailable',
  wrong_location: 'slot_unavailable',
  outside_window: 'slot_unavailable',
  closed_date: 'slot_unavailable',
  not_in_schedule: 'slot_unavailable',
  past: 'slot_unavailable',
  too_soon: 'slot_unavailable',
  already_booked: 'slot_unavailable',
  full: 'slot_full',
};

// ---------------------------------------------------------------------------------------------------
// Staff: a location's schedule (GET and PUT /api/admin/locations/:id/pickup-schedule)

const HhMm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Expected a time as HH:MM.' });

export const WeeklyHours = z.object({
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: z.number().int().min(0).max(6),
  opensAt: HhMm,
  closesAt: HhMm,
  slotMinutes: z.number().int().min(PICKUP_SLOT_MINUTES_MIN).max(PICKUP_SLOT_MINUTES_MAX),
  capacity: z.number().int().min(1).max(PICKUP_CAPACITY_MAX),
});
export type WeeklyHours = z.infer<typeof WeeklyHours>;

/** The whole schedule, replaced at once; checked by core (order of times, overlaps, ranges). */
export const PickupScheduleBody = z
  .object({
    hours: z.array(WeeklyHours).max(PICKUP_HOURS_MAX),
    /** Holidays and other closures (Vancouver dates). */
    closedDates: z.array(DateKey).max(PICKUP_CLOSED_DATES_MAX),
    minNoticeMinutes: z.number().int().min(0).max(PICKUP_MIN_NOTICE_MAX_MINUTES),
    /** A visit with more items than this takes two places (null: no limit; left out: unchanged). */
    maxItemsPerVisit: z.number().int().min(1).max(MAX_ITEMS_PER_VISIT_LIMIT).nullable().optional(),
  })
  .superRefine((schedule, ctx) => {
    for (const message of pickupScheduleProblems(schedule)) ctx.addIssue({ code: 'custom', message });
  });
export type PickupScheduleBody = z.infer<typeof PickupScheduleBody>;

export const PickupScheduleResponse = z.object({
  locationId: Uuid,
  locationName: z.string(),
  schedule: PickupScheduleBody,
  updatedAt: Instant.nullable(),
});
export type PickupScheduleResponse = z.infer<typeof PickupScheduleResponse>;

/** What the pickup desk types or scans: normalised to the 6-character code, or refused. */
export const ShortCodeInput = z
  .string()
  .max(64)
  .transform((s, ctx) => {
    const code = normalizeShortCode(s);
    if (code === null) {
      ctx.addIssue({ code: 'custom', message: 'That is not a pickup code.' });
      return z.NEVER;
    }
    return code;
  });

// ---------------------------------------------------------------------------------------------------
// The pickup desk (staff)

/** One appointment as the desk sees it: who comes, what to stage. */
export const DeskAppointment = z.object({
  appointmentId: Uuid,
  orderId: Uuid,
  /** First 8 characters of the order id. */
  orderNumber: z.string(),
  shortCode: z.string().nullable(),
  /** The item to fetch from the shelves: its title and SKU (the product's slug uppercased). */
  productTitle: z.string(),
  sku: z.string(),
  /** Staff-only notes on the product, e.g. its shelf (never shown to shoppers). */
  deskNotes: z.string().nullable(),
  shopperName: z.string(),
  shopperEmail: z.string(),
  orderStatus: OrderStatus,
  status: AppointmentStatus,
  notes: z.string().nullable(),
  date: DateKey,
  timeLabel: z.string(),
  startsAt: Instant,
  endsAt: Instant,
  /**
   * Days until the booked day (the shop's dates), for a scheduled appointment: 0 on the day or
   * after it. Above 0 the desk says the pickup is early; handing over needs `early: true`.
   */
  daysEarly: z.number().int().min(0),
  /** When the item was staged (null: still to fetch from the shelves). */
  readyAt: Instant.nullable(),
  completedAt: Instant.nullable(),
  /** Storage owed now ($5 per item per day after the window). */
  storageFeeCents: Cents,
  /** Orders in this visit (the desk shows them together under one code). */
  visitItemCount: z.number().int().min(1),
  /** Places the visit takes in its slot. */
  places: z.number().int().min(1).max(2),
  /**
   * The day list (GET /api/admin/pickup/today) keeps an item staff marked missing or damaged in its
   * visit (docs/decisions/057-desk-missing-damaged.md): the mark and its words ('Marked missing —
   * refunded'). Null for an item not marked; absent from the code lookup.
   */
  deskMark: z
    .object({ kind: z.enum(['missing', 'damaged']), label: z.string() })
    .nullable()
    .optional(),
});
export type DeskAppointment = z.infer<typeof DeskAppointment>;

/** GET /api/admin/pickup/today?locationId=&date= (date defaults to today in Vancouver). */
export const DeskTodayQuery = z.object({ locationId: Uuid, date: DateKey.optional() });
export type DeskTodayQuery = z.infer<typeof DeskTodayQuery>;

export const DeskTodayResponse = z.object({
  serverTime: Instant,
  locationId: Uuid,
  date: DateKey,
  /** Booked slots of the day by start, each with its scheduled and completed appointments. */
  slots: z.array(
    z.object({
      slotId: z.string(),
      timeLabel: z.string(),
      startsAt: Instant,
      endsAt: Instant,
      capacity: z.number().int(),
      /** Places taken (a visit takes 1, or 2 above the location's items limit). */
      bookedCount: z.number().int(),
      /** Scheduled appointments whose item is not staged yet (readyAt null): what to fetch for this slot. */
      toStageCount: z.number().int(),
      appointments: z.array(DeskAppointment),
    }),
  ),
});
export type DeskTodayResponse = z.infer<typeof DeskTodayResponse>;

/**
 * GET /api/admin/pickup/lookup?code= (typed or scanned) or ?q= (the shopper's name or email, an
 * order number, or a pickup code).
 */
export const DeskLookupQuery = z
  .object({
    code: ShortCodeInput.optional(),
    q: z.string().trim().min(2).max(100).optional(),
  })
  .refine((v) => v.code !== undefined || v.q !== undefined, {
    error: 'Give a pickup code, an order number, a name or an email.',
  });
export type DeskLookupQuery = z.input<typeof DeskLookupQuery>;

/**
 * A paid order in no booked visit, which the desk may hand over to a shopper who walks in
 * (docs/decisions/080-pickup-missed-walk-ins.md): never booked, its visit missed, or its window over.
 */
export const DeskWalkIn = DeskAppointment.pick({
  orderId: true,
  orderNumber: true,
  productTitle: true,
  sku: true,
  deskNotes: true,
  shopperName: true,
  shopperEmail: true,
  orderStatus: true,
  readyAt: true,
  completedAt: true,
  storageFeeCents: true,
}).extend({
  locationName: z.string(),
  /** The pickup code of the visit this order missed, if it missed one. */
  missedCode: z.string().nullable(),
});
export type DeskWalkIn = z.infer<typeof DeskWalkIn>;

export const DeskLookupResponse = z.object({
  appointments: z.array(DeskAppointment),
  /** Paid orders without a booked visit matching the search (at most 50). */
  walkIns: z.array(DeskWalkIn),
});
export type DeskLookupResponse = z.infer<typeof DeskLookupResponse>;

/** POST /api/admin/pickup/orders/:orderId/complete: staff confirm they checked the buyer's ID. */
export const DeskCompleteRequest = z.object({
  idChecked: z.literal(true),
  /** Staff hand over before the booked day on purpose (refused with 'pickup_early' without it). */
  early: z.boolean().optional(),
});
export type DeskCompleteRequest = z.infer<typeof DeskCompleteRequest>;

/** The answer of the desk's ready and complete actions. */
export const DeskOrderResponse = z.object({
  orderId: Uuid,
  orderStatus: OrderStatus,
  readyAt: Instant.nullable(),
  completedAt: Instant.nullable(),
});
export type DeskOrderResponse = z.infer<typeof DeskOrderResponse>;

// ---------------------------------------------------------------------------------------------------
// What the pickup notices put in the outbox (templates 'pickup_confirmed' and 'pickup_reminder'):
// the renderer of the email, SMS and push reads these fields (docs/decisions/017).

export const PickupConfirmedData = z.object({
  orderId: Uuid,
  /** The desk code, 'ABC234' (shown 'ABC-234'); null only on appointments older than codes. */
  shortCode: z.string().nullable(),
  /** What the appointment's QR code encodes: 'REBOUND-PICKUP:ABC234' (null without a code). */
  qrPayload: z.string().nullable(),
  productTitle: z.string(),
  slotStartsAt: Instant,
  /** '10:00 – 10:30 a.m. PT' (core formatShopTimeRange, the shop's clock). */
  timeLabel: z.string(),
  /** 'Tuesday, June 16, 2026'. */
  dateLabel: z.string(),
  locationName: z.string(),
  /** The address on one line. */
  locationAddress: z.string(),
  /** Relative to the site: '/account?tab=appointments'. */
  appointmentsUrl: z.string(),
  /** True when an existing appointment was moved to this time. */
  moved: z.boolean(),
});
export type PickupConfirmedData = z.infer<typeof PickupConfirmedData>;

export const PICKUP_REMINDER_WHICH = ['day_before', 'hour_before'] as const;
export const PickupReminderData = PickupConfirmedData.extend({ which: z.enum(PICKUP_REMINDER_WHICH) });
export type PickupReminderData = z.infer<typeof PickupReminderData>;

// ---------------------------------------------------------------------------------------------------
// Staff: what a schedule change would do to booked appointments (decision 024).

/** POST /api/admin/locations/:id/pickup-schedule/preview (PUT's body): nothing is saved. */
export const StrandedAppointment = z.object({
  appointmentId: Uuid,
  orderId: Uuid,
  orderNumber: z.string(),
  shopperName: z.string(),
  shopperEmail: z.string(),
  productTitle: z.string(),
  date: DateKey,
  timeLabel: z.string(),
  startsAt: Instant,
  /** closed_date: the new schedule closes that day; outside_hours: no such slot any more. */
  reason: z.enum(['closed_date', 'outside_hours']),
});
export type StrandedAppointment = z.infer<typeof StrandedAppointment>;

export const SchedulePreviewResponse = z.object({
  /** Booked, not yet started appointments that fall outside the new schedule (they stay booked). */
  stranded: z.array(StrandedAppointment),
  /** Booked slots that would hold more appointments than their new capacity (they stay; 0 spots left). */
  overCapacity: z.array(
    z.object({
      date: DateKey,
      timeLabel: z.string(),
      startsAt: Instant,
      bookedCount: z.number().int(),
      capacity: z.number().int(),
    }),
  ),
});
export type SchedulePreviewResponse = z.infer<typeof SchedulePreviewResponse>;
