import type { AuctionLiveState } from '@rebound/contract/bidding';

/**
 * Folds a pushed auction state into the one on screen. Every accepted bid raises the auction's `seq`
 * by one: an older state is ignored (events can arrive after a fresher fetch), and a jump of more
 * than one means events were missed, so the caller refetches.
 */
export function mergeLiveState(
  current: AuctionLiveState,
  incoming: AuctionLiveState,
): { state: AuctionLiveState; gap: boolean } {
  if (incoming.seq < current.seq) return { state: current, gap: false };
  return { state: incoming, gap: incoming.seq > current.seq + 1 };
}

/** A soft-close extension (same `seq` as the bid that caused it) moves the end time, never back. */
export function applyExtension(
  current: AuctionLiveState,
  extension: { seq: number; endTime: string },
): AuctionLiveState {
  if (extension.seq < current.seq) return current;
  if (Date.parse(extension.endTime) <= Date.parse(current.endTime)) return current;
  return { ...current, endTime: extension.endTime };
}
