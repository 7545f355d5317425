// Pickup rules (docs/product.md "Pickup"; docs/decisions/016-pickup-rules.md): the weekly schedule of a
// location, the slots it makes on a Vancouver day, what a shopper may book, the storage fee after the
// pickup window, the short code read aloud at the desk and the reminder times. Pure: no I/O, no clock
// of its own; instants are Dates (UTC), calendar days 'YYYY-MM-DD' keys of the day in Vancouver.

import type { OrderStatus } from './orders';
import { shopWallClock } from './shop-clock';
import { slotTimeLabel } from './slot-label';
import {
  addDaysToDateKey,
  dateKeyRange,
  daysBetweenDateKeys,
  isDateKey,
  pickupWindow,
  vancouverDateKey,
  vancouverDateTime,
  weekdayOfDateKey,
} from './time';

// ---------------------------------------------------------------------------------------------------
// The schedule

/** One opening range on a weekday; a weekday may have several (e.g. a lunch break between two). */
export interface WeeklyHours {
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  /** Wall-clock time in Vancouver, 'HH:MM' (24 h). */
  opensAt: string;
  /** Wall-clock time in Vancouver, 'HH:MM'; the last slot ends by then. */
  closesAt: string;
  slotMinutes: number;
  /** Appointments one slot holds. */
  capacity: number;
}

/** A location's pickup schedule. */
export interface PickupSchedule {
  hours: WeeklyHours[];
  /** Holidays and other closures: Vancouver dates, YYYY-MM-DD. */
  closedDates: string[];
  /** A slot can be booked only if it starts at least this long after now. */
  minNoticeMinutes: number;
}

export const PICKUP_SLOT_MINUTES_MIN = 5;
export const PICKUP_SLOT_MINUTES_MAX = 480;
export const PICKUP_CAPACITY_MAX = 500;
/** At most a week's notice (beyond that nothing in the 8-day window could ever be booked). */
export const PICKUP_MIN_NOTICE_MAX_MINUTES = 7 * 24 * 60;
export const PICKUP_CLOSED_DATES_MAX = 400;
export const PICKUP_HOURS_MAX = 50;

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of an 'HH:MM' wall-clock time; null when malformed. */
export function minutesOfDay(hhmm: string): number | null {
  const m = HH_MM.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

const isIntIn = (n: unknown, min: number, max: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/**
 * Everything wrong with a schedule, as short English sentences (empty when it is valid). Staff edits
 * go through this (the contract's schema calls it); slotsForDay trusts a validated schedule.
 */
export function pickupScheduleProblems(schedule: PickupSchedule): string[] {
  const problems: string[] = [];
  if (schedule.hours.length > PICKUP_HOURS_MAX) problems.push(`At most ${PICKUP_HOURS_MAX} opening ranges.`);
  const ranges: { weekday: number; open: number; close: number; index: number }[] = [];
  schedule.hours.forEach((h, index) => {
    const at = `Opening range ${index + 1}`;
    if (!isIntIn(h.weekday, 0, 6)) problems.push(`${at}: the weekday must be 0 (Sunday) to 6 (Saturday).`);
    const open = minutesOfDay(h.opensAt);
    const close = minutesOfDay(h.closesAt);
    if (open === null) problems.push(`${at}: opening time must be HH:MM.`);
    if (close === null) problems.push(`${at}: closing time must be HH:MM.`);
    if (!isIntIn(h.slotMinutes, PICKUP_SLOT_MINUTES_MIN, PICKUP_SLOT_MINUTES_MAX)) {
      problems.push(
        `${at}: slot length must be ${PICKUP_SLOT_MINUTES_MIN} to ${PICKUP_SLOT_MINUTES_MAX} minutes.`,
      );
    }
    if (!isIntIn(h.capacity, 1, PICKUP_CAPACITY_MAX)) {
      problems.push(`${at}: capacity must be 1 to ${PICKUP_CAPACITY_MAX}.`);
    }
    if (open !== null && close !== null) {
      if (close <= open) problems.push(`${at}: closing time must be after opening time.`);
      else if (isIntIn(h.slotMinutes, 1, 24 * 60) && close - open < h.slotMinutes) {
        problems.push(`${at}: not even one slot fits between opening and closing.`);
      } else ranges.push({ weekday: h.weekday, open, close, index });
    }
  });
  ranges.sort((a, b) => a.weekday - b.weekday || a.open - b.open);
  for (let i = 1; i < ranges.length; i += 1) {
    const prev = ranges[i - 1]!;
    const cur = ranges[i]!;
    if (prev.weekday === cur.weekday && cur.open < prev.close) {
      problems.push(`Opening ranges ${prev.index + 1} and ${cur.index + 1} overlap.`);
    }
  }
  if (schedule.closedDates.length > PICKUP_CLOSED_DATES_MAX) {
    problems.push(`At most ${PICKUP_CLOSED_DATES_MAX} closed dates.`);
  }
  for (const d of schedule.closedDates) {
    if (!isDateKey(d)) problems.push(`Closed date ${JSON.stringify(d)} is not a YYYY-MM-DD date.`);
  }
  if (!isIntIn(schedule.minNoticeMinutes, 0, PICKUP_MIN_NOTICE_MAX_MINUTES)) {
    problems.push(`Minimum notice must be 0 to ${PICKUP_MIN_NOTICE_MAX_MINUTES} minutes.`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Slot ids: `<location uuid>.<YYYYMMDDTHHMMZ>` (the slot's start, UTC, to the minute). The server
// materialises one row per booked slot keyed by (location, start); the id carries exactly that.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SLOT_ID =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z$/;
/** The longest slot id (36 + 1 + 14 characters). */
export const SLOT_ID_LENGTH = 51;
const MINUTE_MS = 60_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The id of the slot of `locationId` (a UUID, any case) starting at `start` (a whole UTC minute). */
export function slotIdOf(locationId: string, start: Date): string {
  const location = locationId.toLowerCase();
  if (!UUID.test(location)) throw new RangeError(`Not a location id: ${locationId}`);
  const ms = start.getTime();
  if (!Number.isFinite(ms) || ms % MINUTE_MS !== 0) {
    throw new RangeError('A slot starts on a whole minute');
  }
  const year = start.getUTCFullYear();
  if (year < 1000 || year > 9999) throw new RangeError('A slot starts between the years 1000 and 9999');
  const stamp = `${year}${pad(start.getUTCMonth() + 1)}${pad(start.getUTCDate())}T${pad(start.getUTCHours())}${pad(start.getUTCMinutes())}Z`;
  return `${location}.${stamp}`;
}

/**
 * The location and start of a slot id; null unless it is exactly what slotIdOf writes (lowercase
 * UUID, a real calendar date and time). Whether the schedule has such a slot is canBookSlot's job.
 */
export function parseSlotId(id: string): { locationId: string; startsAt: Date } | null {
  if (typeof id !== 'string' || id.length !== SLOT_ID_LENGTH) return null;
  const m = SLOT_ID.exec(id);
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[2], m[3], m[4], m[5], m[6]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  // slotIdOf writes only the years 1000 to 9999.
  if (year < 1000 || hour > 23 || minute > 59) return null;
  const startsAt = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (
    startsAt.getUTCFullYear() !== year ||
    startsAt.getUTCMonth() !== month - 1 ||
    startsAt.getUTCDate() !== day
  ) {
    return null;
  }
  return { locationId: m[1]!, startsAt };
}

// ---------------------------------------------------------------------------------------------------
// Slots of a day

/** One slot the schedule makes (before counting bookings). */
export interface ScheduledSlot {
  slotId: string;
  /** The Vancouver date the slot is on. */
  dateKey: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
}

/** The Vancouver date key and minutes after midnight of an instant. */
export function vancouverWallClock(at: Date): { dateKey: string; minutes: number } {
  const c = shopWallClock(at);
  return { dateKey: c.dateKey, minutes: c.minutes };
}

/** The instant of a wall-clock minute on a Vancouver date, or null when that minute does not exist there. */
function existingWallTime(dateKey: string, minutes: number): Date | null {
  const at = vancouverDateTime(dateKey, Math.floor(minutes / 60), minutes % 60);
  const back = vancouverWallClock(at);
  return back.dateKey === dateKey && back.minutes === minutes ? at : null;
}

/**
 * The instant of each wall-clock minute of a Vancouver date (null for one the clocks skip). On the
 * 363 days without a change the offset is the same all day, so this is one addition per slot rather
 * than a time-zone conversion (the slot listing derives ~130 slots per request).
 */
function wallTimesOf(dateKey: string): (minutes: number) => Date | null {
  const midnight = vancouverDateTime(dateKey, 0, 0).getTime();
  const next = vancouverDateTime(addDaysToDateKey(dateKey, 1), 0, 0).getTime();
  if (next - midnight === 24 * 60 * MINUTE_MS) {
    return (minutes) => (minutes < 24 * 60 ? new Date(midnight + minutes * MINUTE_MS) : null);
  }
  return (minutes) => existingWallTime(dateKey, minutes);
}

/**
 * The slots of `locationId` on one Vancouver date, by start. Slots follow the wall clock: a range
 * 09:00-17:00 with 30-minute slots gives 09:00, 09:30 ... 16:30 local on every day, the DST change
 * days included (the instants move by the offset). A slot must end by closing time; none on a closed
 * date; a slot that would start or end in the hour skipped in spring is left out, and in the fall the
 * repeated hour is offered once (its first, PDT, occurrence; a slot across it lasts an hour longer).
 */
export function slotsForDay(schedule: PickupSchedule, dateKey: string, locationId: string): ScheduledSlot[] {
  if (!isDateKey(dateKey)) throw new RangeError(`Not a valid YYYY-MM-DD date key: ${dateKey}`);
  if (schedule.closedDates.includes(dateKey)) return [];
  const weekday = weekdayOfDateKey(dateKey);
  const byStart = new Map<number, ScheduledSlot>();
  let wallTime: ((minutes: number) => Date | null) | undefined;
  for (const h of schedule.hours) {
    if (h.weekday !== weekday) continue;
    const open = minutesOfDay(h.opensAt);
    const close = minutesOfDay(h.closesAt);
    if (open === null || close === null || !(h.slotMinutes >= 1) || !Number.isInteger(h.slotMinutes)) {
      throw new RangeError(`Not valid opening hours: ${JSON.stringify(h)}`);
    }
    wallTime ??= wallTimesOf(dateKey);
    for (let m = open; m + h.slotMinutes <= close; m += h.slotMinutes) {
      const startsAt = wallTime(m);
      const endsAt = wallTime(m + h.slotMinutes);
      if (!startsAt || !endsAt) continue;
      const key = startsAt.getTime();
      if (byStart.has(key)) continue; // overlapping ranges (refused by pickupScheduleProblems)
      byStart.set(key, {
        slotId: slotIdOf(locationId, startsAt),
        dateKey,
        startsAt,
        endsAt,
        capacity: h.capacity,
      });
    }
  }
  return [...byStart.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

// ---------------------------------------------------------------------------------------------------
// What the pickup page offers

/** A slot as the pickup page shows it. */
export interface AvailableSlot {
  slotId: string;
  /** '10:00 – 10:30 a.m. PT' (core formatShopTimeRange, the shop's clock). */
  timeLabel: string;
  startsAt: Date;
  endsAt: Date;
  availableSpots: number;
  isFull: boolean;
}

export interface AvailableSlotDays {
  /** The order's pickup window: the auction's end date through 7 days later (always 8 dates). */
  window: { firstDate: string; lastDate: string };
  /** Slots by Vancouver date, dates ascending; a date with no slot left is absent. */
  slots: Record<string, AvailableSlot[]>;
}

/**
 * Whether a slot is still far enough ahead to book: it starts at least minNoticeMinutes after now,
 * and has not started (with no notice, a slot starting this very minute is not offered either:
 * booking would refuse it as started).
 */
export function meetsNotice(startsAt: Date, now: Date, minNoticeMinutes: number): boolean {
  const start = startsAt.getTime();
  return start > now.getTime() && start >= now.getTime() + minNoticeMinutes * MINUTE_MS;
}

/**
 * The `slots` map for an order: every date of its pickup window (optionally narrowed to
 * `startDate` and the `days` after it, as the request allows), each with its slots that meet
 * the notice, with spots left after `bookedCounts` (slot id -> appointments held). Full slots are
 * listed (shown disabled); dates with none left out.
 */
export function availableSlotDays(
  schedule: PickupSchedule,
  opts: {
    auctionEnd: Date;
    /** A visit's window (core pickup-visit visitWindow) in place of the one auction's. */
    window?: { firstDateKey: string; lastDateKey: string };
    now: Date;
    bookedCounts: ReadonlyMap<string, number>;
    locationId: string;
    startDate?: string;
    days?: number;
    /** Places the booking takes (a big visit takes 2): a slot with fewer left reads as full. */
    places?: number;
  },
): AvailableSlotDays {
  const { firstDateKey, lastDateKey } = opts.window ?? pickupWindow(opts.auctionEnd);
  const places = opts.places ?? 1;
  const today = vancouverDateKey(opts.now);
  let from = firstDateKey;
  if (today > from) from = today; // past days have no bookable slot
  if (opts.startDate !== undefined && opts.startDate > from) from = opts.startDate;
  let to = lastDateKey;
  if (opts.days !== undefined) {
    const until = addDaysToDateKey(opts.startDate ?? firstDateKey, Math.max(0, opts.days) - 1);
    if (until < to) to = until;
  }
  const slots: Record<string, AvailableSlot[]> = {};
  for (const dateKey of dateKeyRange(from, to)) {
    const day: AvailableSlot[] = [];
    for (const s of slotsForDay(schedule, dateKey, opts.locationId)) {
      if (!meetsNotice(s.startsAt, opts.now, schedule.minNoticeMinutes)) continue;
      const booked = opts.bookedCounts.get(s.slotId) ?? 0;
      const availableSpots = Math.max(0, s.capacity - booked);
      day.push({
        slotId: s.slotId,
        timeLabel: slotTimeLabel(s.startsAt, s.endsAt),
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        availableSpots,
        isFull: availableSpots < places,
      });
    }
    if (day.length > 0) slots[dateKey] = day;
  }
  return { window: { firstDate: firstDateKey, lastDate: lastDateKey }, slots };
}

// ---------------------------------------------------------------------------------------------------
// The server's check before it books

export const SLOT_REFUSAL_REASONS = [
  'invalid_slot_id',
  'wrong_location',
  'outside_window',
  'closed_date',
  'not_in_schedule',
  'past',
  'too_soon',
  'already_booked',
  'full',
] as const;
export type SlotRefusalReason = (typeof SLOT_REFUSAL_REASONS)[number];

export type SlotCheck = { ok: true; slot: ScheduledSlot } | { ok: false; reason: SlotRefusalReason };

/**
 * Whether an order may book `slotId` now. Checked in this order: a well-formed id of the order's
 * location, a date inside the order's pickup window, not a closed date, a slot the schedule really
 * makes (a made-up time is refused), not started, the minimum notice, not the order's current slot
 * (`currentSlotId` when moving), and a place left (`bookedCount`: appointments the slot holds now,
 * read under the slot row's lock by the server).
 */
export function canBookSlot(
  schedule: PickupSchedule,
  opts: {
    slotId: string;
    locationId: string;
    auctionEnd: Date;
    /** A visit's window (core pickup-visit visitWindow) in place of the one auction's. */
    window?: { firstDateKey: string; lastDateKey: string };
    now: Date;
    bookedCount: number;
    currentSlotId?: string | null;
    /** Places the booking takes (1 unless a big visit). */
    places?: number;
  },
): SlotCheck {
  const parsed = parseSlotId(opts.slotId);
  if (!parsed) return { ok: false, reason: 'invalid_slot_id' };
  if (parsed.locationId !== opts.locationId.toLowerCase()) return { ok: false, reason: 'wrong_location' };
  const dateKey = vancouverDateKey(parsed.startsAt);
  const { firstDateKey, lastDateKey } = opts.window ?? pickupWindow(opts.auctionEnd);
  if (dateKey < firstDateKey || dateKey > lastDateKey) return { ok: false, reason: 'outside_window' };
  if (schedule.closedDates.includes(dateKey)) return { ok: false, reason: 'closed_date' };
  const slot = slotsForDay(schedule, dateKey, opts.locationId).find((s) => s.slotId === opts.slotId);
  if (!slot) return { ok: false, reason: 'not_in_schedule' };
  if (slot.startsAt.getTime() <= opts.now.getTime()) return { ok: false, reason: 'past' };
  if (!meetsNotice(slot.startsAt, opts.now, schedule.minNoticeMinutes))
    return { ok: false, reason: 'too_soon' };
  if (opts.currentSlotId === opts.slotId) return { ok: false, reason: 'already_booked' };
  if (opts.bookedCount + (opts.places ?? 1) > slot.capacity) return { ok: false, reason: 'full' };
  return { ok: true, slot };
}

/** An appointment can be moved or cancelled until its slot starts. */
export function canChangeAppointment(startsAt: Date, now: Date): boolean {
  return now.getTime() < startsAt.getTime();
}

// ---------------------------------------------------------------------------------------------------
// Storage fee (docs/product.md "Pickup"): from the day after the pickup window's last day

/** $5 per item per day (the terms' figure). */
export const STORAGE_FEE_CENTS_PER_DAY = 500;

/**
 * Items not collected (the Terms of Service, "Storage fees and abandoned items"): a final notice this
 * many days after the pickup window's last day (the job pickup.final-notices sends it, once per
 * order, at FINAL_NOTICE_HOUR on that day), naming the last day to collect, ABANDONED_AFTER_FINAL_NOTICE_DAYS
 * later; after it staff may treat the item as abandoned (docs/product.md "Pickup").
 */
export const ABANDONED_FINAL_NOTICE_AFTER_DAYS = 14;
export const ABANDONED_AFTER_FINAL_NOTICE_DAYS = 7;
/** The final notice goes out from 09:00 shop time on its day, not at midnight. */
export const FINAL_NOTICE_HOUR = 9;

/** The shop date of an order's final notice: the pickup window's last day + 14. */
export function finalNoticeDateKey(auctionEnd: Date): string {
  return addDaysToDateKey(pickupWindow(auctionEnd).lastDateKey, ABANDONED_FINAL_NOTICE_AFTER_DAYS);
}

/** When the final notice is due: FINAL_NOTICE_HOUR on finalNoticeDateKey, shop time. */
export function finalNoticeDueAt(auctionEnd: Date): Date {
  return vancouverDateTime(finalNoticeDateKey(auctionEnd), FINAL_NOTICE_HOUR, 0);
}

/** The last day to collect (or contact the shop) that the final notice names: its day + 7. */
export function abandonLastDayKey(auctionEnd: Date): string {
  return addDaysToDateKey(finalNoticeDateKey(auctionEnd), ABANDONED_AFTER_FINAL_NOTICE_DAYS);
}

/**
 * Whether an order is due its final notice at `now`: paid and still waiting in the warehouse (paid,
 * ready, or a pickup booked but not collected), and its notice time has come. Sent once (the job's
 * claim); a collected, refunded or cancelled order never gets one.
 */
export function isFinalNoticeDue(order: { status: OrderStatus; auctionEnd: Date }, now: Date): boolean {
  return (
    STORED_STATUSES.includes(order.status) && now.getTime() >= finalNoticeDueAt(order.auctionEnd).getTime()
  );
}

/** The first Vancouver date that is charged: the day after the window's last day (end date + 8). */
export function storageFeeStartDateKey(auctionEnd: Date): string {
  return addDaysToDateKey(pickupWindow(auctionEnd).lastDateKey, 1);
}

/** The instant the fee starts: midnight in Vancouver at the start of storageFeeStartDateKey. */
export function storageFeeStartsAt(auctionEnd: Date): Date {
  return vancouverDateTime(storageFeeStartDateKey(auctionEnd), 0, 0);
}

/** Charged days by `now` (the start day counts as one; 0 before it). For a picked-up order pass its pickup time. */
export function storageFeeDays(auctionEnd: Date, now: Date): number {
  return Math.max(0, daysBetweenDateKeys(storageFeeStartDateKey(auctionEnd), vancouverDateKey(now)) + 1);
}

/** The storage fee owed by `now`: STORAGE_FEE_CENTS_PER_DAY per item per charged day. */
export function storageFeeCents(auctionEnd: Date, now: Date, items = 1): number {
  if (!Number.isInteger(items) || items < 0)
    throw new RangeError(`Item count must be a whole number: ${items}`);
  return storageFeeDays(auctionEnd, now) * STORAGE_FEE_CENTS_PER_DAY * items;
}

/** Statuses in which a paid item waits in the warehouse to be collected: its storage fee grows. */
const STORED_STATUSES: readonly OrderStatus[] = ['paid', 'ready_for_pickup', 'pickup_scheduled'];

/**
 * The storage fee an order owes at `now`: growing while it is paid and not yet collected, frozen at
 * the handover (`completedAt`) once completed, and none for an unpaid, cancelled or refunded order.
 */
export function orderStorageFeeCents(
  order: { status: OrderStatus; auctionEnd: Date; completedAt: Date | null },
  now: Date,
  items = 1,
): number {
  if (STORED_STATUSES.includes(order.status)) return storageFeeCents(order.auctionEnd, now, items);
  if (order.status === 'completed') return storageFeeCents(order.auctionEnd, order.completedAt ?? now, items);
  return 0;
}

// ---------------------------------------------------------------------------------------------------
// The short code read aloud at the desk, and the QR payload

/** 31 characters: digits and capitals without the look-alikes 0, O, 1, I and L. */
export const SHORT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const SHORT_CODE_LENGTH = 6;
/** The QR code holds this prefix and the short code: 'REBOUND-PICKUP:ABC234'. */
export const PICKUP_QR_PREFIX = 'REBOUND-PICKUP:';
const CODE_SPACE = SHORT_CODE_ALPHABET.length ** SHORT_CODE_LENGTH; // 887,503,681 (< 2^30)
/** Random bytes pickupShortCode needs. */
export const SHORT_CODE_BYTES = 5;

/** cyrb53: a fast 53-bit string hash (not cryptographic; the code is a lookup key, not a secret). */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * A 6-character code for an appointment, deterministic from its id (a string, hashed) or from at
 * least 5 random bytes (the first 5 are used). Codes are not unique by construction: the server
 * stores them under a unique index and draws new bytes on a clash.
 */
export function pickupShortCode(source: string | Uint8Array): string {
  let n: number;
  if (typeof source === 'string') {
    if (source.length === 0) throw new RangeError('An empty id makes no code');
    n = hash53(source);
  } else {
    if (source.length < SHORT_CODE_BYTES) throw new RangeError(`A code needs ${SHORT_CODE_BYTES} bytes`);
    n = 0;
    for (let i = 0; i < SHORT_CODE_BYTES; i += 1) n = n * 256 + source[i]!;
  }
  n %= CODE_SPACE;
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i += 1) {
    code = SHORT_CODE_ALPHABET[n % SHORT_CODE_ALPHABET.length] + code;
    n = Math.floor(n / SHORT_CODE_ALPHABET.length);
  }
  return code;
}

/** 'ABC234' as shown and read aloud: 'ABC-234'. */
export function formatShortCode(code: string): string {
  return `${code.slice(0, 3)}-${code.slice(3)}`;
}

/**
 * What staff typed or scanned, as a code: the QR prefix, case, spaces, dashes, dots and underscores
 * do not matter ('abc 234', 'ABC-234', 'REBOUND-PICKUP:ABC234'). Null when it cannot be a code.
 */
export function normalizeShortCode(input: string): string | null {
  let text = input.trim().toUpperCase();
  if (text.startsWith(PICKUP_QR_PREFIX)) text = text.slice(PICKUP_QR_PREFIX.length);
  text = text.replace(/[\s\-_.]/g, '');
  if (text.length !== SHORT_CODE_LENGTH) return null;
  for (const ch of text) if (!SHORT_CODE_ALPHABET.includes(ch)) return null;
  return text;
}

/** The text of an appointment's QR code. */
export function pickupQrPayload(code: string): string {
  return `${PICKUP_QR_PREFIX}${code}`;
}

// ---------------------------------------------------------------------------------------------------
// Reminders: the day before at 18:00 Vancouver time, and one hour before the start

export const PICKUP_REMINDER_DAY_BEFORE_HOUR = 18;
export const PICKUP_REMINDER_HOUR_BEFORE_MINUTES = 60;

export type PickupReminderAction = 'none' | 'remind_day_before' | 'remind_hour_before';

/** When the two reminders of an appointment starting at `startsAt` are due. */
export function pickupReminderTimes(startsAt: Date): { dayBeforeAt: Date; hourBeforeAt: Date } {
  const previousDay = addDaysToDateKey(vancouverDateKey(startsAt), -1);
  return {
    dayBeforeAt: vancouverDateTime(previousDay, PICKUP_REMINDER_DAY_BEFORE_HOUR, 0),
    hourBeforeAt: new Date(startsAt.getTime() - PICKUP_REMINDER_HOUR_BEFORE_MINUTES * MINUTE_MS),
  };
}

/**
 * What the reminder job does with a booked appointment at `now`: nothing once the slot has started;
 * the hour-before reminder when due and not sent; otherwise the day-before one when due and not sent.
 * A reminder whose time had already come when the appointment was booked (or moved: `bookedAt`) is
 * never sent (the confirmation just said it all), and a due hour-before reminder replaces a day-before
 * one that was never sent (no late day-before reminder).
 */
export function pickupReminderAction(
  startsAt: Date,
  now: Date,
  sent: { dayBefore: boolean; hourBefore: boolean; bookedAt?: Date | null },
): PickupReminderAction {
  const nowMs = now.getTime();
  if (nowMs >= startsAt.getTime()) return 'none';
  const { dayBeforeAt, hourBeforeAt } = pickupReminderTimes(startsAt);
  const bookedMs = sent.bookedAt ? sent.bookedAt.getTime() : Number.NEGATIVE_INFINITY;
  if (nowMs >= hourBeforeAt.getTime()) {
    return sent.hourBefore || bookedMs >= hourBeforeAt.getTime() ? 'none' : 'remind_hour_before';
  }
  if (nowMs >= dayBeforeAt.getTime()) {
    return sent.dayBefore || bookedMs >= dayBeforeAt.getTime() ? 'none' : 'remind_day_before';
  }
  return 'none';
}
