// Countdowns for the drops banner, product pages and cards (docs/product.md "The shop's clock";
// docs/product.md "Browsing and search").
//
// Rounding: the remaining time is rounded UP to the whole second. An auction is still open until
// its exact end (a bid at the exact end is late), so with 400 ms left the page
// shows '0m 01s', never '0m 00s' for a second; 'Auction ended' appears at exactly zero or below.
//
// Formats (days/hours/minutes, or hours/minutes/seconds, or minutes/seconds):
//   1 day or more  -> '2d 3h 15m'     (seconds dropped; hours and minutes not padded)
//   1 hour or more -> '3h 05m 09s'    (minutes and seconds padded to two digits)
//   under an hour  -> '4m 05s'        (seconds padded to two digits)
//   zero or less   -> 'Auction ended'

export const COUNTDOWN_TICK_MS = 1000;
export const AUCTION_ENDED_TEXT = 'Auction ended';

export type CountdownParts = {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Whole seconds remaining (rounded up), 0 when ended. */
  total: number;
};

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Splits the remaining time into days/hours/minutes/seconds; everything is 0 at or below zero. */
export function countdownParts(msRemaining: number): CountdownParts {
  const total = Number.isFinite(msRemaining) && msRemaining > 0 ? Math.ceil(msRemaining / 1000) : 0;
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
    total,
  };
}

/** '2d 3h 15m', '3h 05m 09s', '4m 05s' or 'Auction ended'. */
export function formatCountdown(msRemaining: number): string {
  const { days, hours, minutes, seconds, total } = countdownParts(msRemaining);
  if (total === 0) return AUCTION_ENDED_TEXT;
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${pad2(minutes)}m ${pad2(seconds)}s`;
  return `${minutes}m ${pad2(seconds)}s`;
}

/** Compact time left for cards: the two largest units ('2d 3h', '3h 05m', '4m 05s') or 'Ended'. */
export function formatTimeLeftShort(msRemaining: number): string {
  const { days, hours, minutes, seconds, total } = countdownParts(msRemaining);
  if (total === 0) return 'Ended';
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${pad2(minutes)}m`;
  return `${minutes}m ${pad2(seconds)}s`;
}

// ---------------------------------------------------------------------------------------------
// Drops banner.
//
// The rule (docs/product.md "Browsing and search"):
// - The countdown always counts to the earliest end time among the active auctions
//   (status live, start_time <= now < end_time). summarizeActiveAuctions computes that.
// - label is 'LIVE NOW' when at least one auction is active, or when the countdown has reached
//   zero. The banner shows the label together with the countdown, so with live auctions the shopper
//   sees 'LIVE NOW' and the time to the first one ending.
// - Otherwise label is 'Next Auction Ends In'. The caller may pass the end time of whatever it
//   counts down to (e.g. the next scheduled drop); the countdown then reads normally and flips to
//   'LIVE NOW' at zero.
// - No made-up fallback deadline (a fixed timer with nothing behind it): a serious
//   auction site does not show a fake timer. With nothing to count down to, msRemaining is null
//   and the page shows no countdown.
// ---------------------------------------------------------------------------------------------

export type DropsBannerLabel = 'LIVE NOW' | 'Next Auction Ends In';

export type DropsBannerInput = {
  /** Number of active auctions (live, started, not yet ended). */
  liveCount: number;
  /** Earliest end time (ms since epoch) to count down to, or null when there is none. */
  earliestEndMs: number | null;
  nowMs: number;
};

export type DropsBannerState = {
  label: DropsBannerLabel;
  /** Milliseconds to earliestEndMs, never negative; null when there is nothing to count down to. */
  msRemaining: number | null;
};

export function dropsBannerState({ liveCount, earliestEndMs, nowMs }: DropsBannerInput): DropsBannerState {
  const msRemaining = earliestEndMs === null ? null : Math.max(0, earliestEndMs - nowMs);
  const label: DropsBannerLabel = liveCount > 0 || msRemaining === 0 ? 'LIVE NOW' : 'Next Auction Ends In';
  return { label, msRemaining };
}

export type AuctionTiming = { status: string; startMs: number; endMs: number };

/** True for an auction that counts as active: status 'live' and startMs <= now < endMs. */
export function isActiveAuction(auction: AuctionTiming, nowMs: number): boolean {
  return auction.status === 'live' && auction.startMs <= nowMs && nowMs < auction.endMs;
}

/** The banner's inputs from a list of auctions: how many are active and the earliest of their ends. */
export function summarizeActiveAuctions(
  auctions: readonly AuctionTiming[],
  nowMs: number,
): { liveCount: number; earliestEndMs: number | null } {
  let liveCount = 0;
  let earliestEndMs: number | null = null;
  for (const auction of auctions) {
    if (!isActiveAuction(auction, nowMs)) continue;
    liveCount += 1;
    if (earliestEndMs === null || auction.endMs < earliestEndMs) earliestEndMs = auction.endMs;
  }
  return { liveCount, earliestEndMs };
}
