// When the timed notification events are due: the auction-ending reminders (1 hour and
// 5 minutes before the CURRENT end, so a soft-close extension moves the ones not yet sent) and the
// daily new-drops digest at a fixed Pacific time (docs/decisions/020). Pure: no clock, no I/O.

import { addDaysToDateKey, vancouverDateKey, vancouverDateTime } from './time';

const MINUTE_MS = 60_000;

export const ENDING_MARKS = ['1h', '5m'] as const;
export type EndingMark = (typeof ENDING_MARKS)[number];

/** How long before the end each reminder is due. */
export const ENDING_MARK_MS: Readonly<Record<EndingMark, number>> = Object.freeze({
  '1h': 60 * MINUTE_MS,
  '5m': 5 * MINUTE_MS,
});

/** The widest reminder window: lots ending further away than this have nothing due. */
export const ENDING_WINDOW_MS = ENDING_MARK_MS['1h'];

export interface EndingReminderFacts {
  /** The auction's current end (after any soft-close extension), epoch ms. */
  endMs: number;
  /** Which marks were already sent to this shopper for this lot. */
  sent: Readonly<Partial<Record<EndingMark, boolean>>>;
}

/**
 * The reminder due now for one shopper and lot, or null. The 5-minute one is due once the end is
 * 5 minutes away or less; the 1-hour one while the end is within the hour but more than 5 minutes
 * away. A 1-hour reminder that was not sent by the time the 5-minute window opened (the shopper
 * started watching late, or the server was down) is skipped: two messages in one breath say nothing
 * more than one. Nothing is due at or after the end, nor after the 5-minute one was sent.
 */
export function dueEndingReminder(facts: EndingReminderFacts, nowMs: number): EndingMark | null {
  const left = facts.endMs - nowMs;
  // After the 5-minute one nothing more: a long soft-close extension does not bring back a 1-hour one.
  if (!(left > 0) || facts.sent['5m']) return null;
  if (left <= ENDING_MARK_MS['5m']) return facts.sent['5m'] ? null : '5m';
  if (left <= ENDING_MARK_MS['1h']) return facts.sent['1h'] ? null : '1h';
  return null;
}

/** The at-most-once key of one reminder (notice_once). */
export function endingReminderKey(auctionId: string, userId: string, mark: EndingMark): string {
  return `ending:${auctionId}:${userId}:${mark}`;
}

/** Whole minutes left, rounded up (a lot ending in 4 min 10 s 'ends in 5 minutes'); at least 1. */
export function minutesLeft(endMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((endMs - nowMs) / MINUTE_MS));
}

// --- The daily new-drops digest ------------------------------------------------------------------

/** The digest goes out at 08:00 in Vancouver, on the shop's clock (shop-clock.ts: UTC-7 all year from 2026). */
export const DIGEST_HOUR = 8;
/** At most this many lots are listed in one digest (the count says how many there were). */
export const DIGEST_LOT_LIMIT = 12;
/** At most this many lots are listed per saved search in the digest. */
export const DIGEST_SEARCH_LOT_LIMIT = 6;

/** The instant of a day's digest: 08:00 Vancouver time on that calendar date. */
export function digestTime(dateKey: string): Date {
  return vancouverDateTime(dateKey, DIGEST_HOUR);
}

export interface DigestSlot {
  /** The Vancouver calendar date of the digest, 'YYYY-MM-DD'. */
  date: string;
  /** When it is due (08:00 Vancouver that day). */
  at: Date;
  /** It lists lots that went live after this instant (the previous day's digest time)... */
  since: Date;
  /** ...and up to this one (its own time). */
  until: Date;
}

/**
 * The latest digest due at `now`: today's if 08:00 Vancouver has passed, otherwise yesterday's.
 * Its window runs from the previous digest's time to its own, so every lot falls in exactly one
 * day's digest (a 23- or 25-hour window on the days the clocks change).
 */
export function latestDigest(now: Date): DigestSlot {
  const today = vancouverDateKey(now);
  const date = digestTime(today).getTime() <= now.getTime() ? today : addDaysToDateKey(today, -1);
  const at = digestTime(date);
  return { date, at, since: digestTime(addDaysToDateKey(date, -1)), until: at };
}

/** The at-most-once key of one shopper's digest for one day (notice_once). */
export function digestKey(dateKey: string, userId: string): string {
  return `digest:${dateKey}:${userId}`;
}
