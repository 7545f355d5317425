import type { AuctionSummary } from '@rebound/contract/catalog';

/** The timing fields shared by a card (AuctionCard) and a product's auction (AuctionSummary). */
export type AuctionTiming = Pick<AuctionSummary, 'status' | 'startTime' | 'endTime'>;

export type AuctionPhase = 'scheduled' | 'live' | 'ended' | 'cancelled';

/**
 * What the page should show right now, on the server's clock: the stored status can lag the clock
 * by a moment (the server's job flips it), so times decide between scheduled, live and ended.
 */
export function auctionPhase(auction: AuctionTiming, nowMs: number): AuctionPhase {
  if (auction.status === 'cancelled') return 'cancelled';
  if (auction.status === 'ended' || nowMs >= Date.parse(auction.endTime)) return 'ended';
  if (auction.status === 'scheduled' || nowMs < Date.parse(auction.startTime)) return 'scheduled';
  return 'live';
}

/** 'N bid(s)' as the spec writes it: '1 bid', '3 bids'. */
export function bidCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'bid' : 'bids'}`;
}
