// Which product pages answer, and what an ended lot's page says (docs/product.md "Product pages",
// docs/decisions/079-product-pages-stay-reachable.md). The server reads a product's auctions and
// decides here; the web page only shows what the answer says.

import type { AuctionStatus } from './auction-status';
import { formatCents } from './money';
import type { ProductStatus } from './product-status';
import { formatShopDate } from './shop-clock';

export type { AuctionStatus, ProductStatus };

/** What the rules need of each of a product's auctions. */
export interface PageAuctionFacts {
  id: string;
  status: AuctionStatus;
  startTime: Date;
  endTime: Date;
  /** When staff cancelled it (status 'cancelled'), else null. */
  cancelledAt: Date | null;
  /** The closing chose a winner (bids, reserve met). */
  hasWinner: boolean;
  currentPriceCents: number;
}

/**
 * The auction was public: it opened (live from its start, or ended), or staff cancelled it after its
 * start (it was live when they did). One cancelled before it opened never was, nor is a scheduled one.
 */
export function auctionWasPublic(a: PageAuctionFacts, now: Date): boolean {
  if (a.startTime.getTime() > now.getTime()) return false;
  if (a.status === 'cancelled')
    return a.cancelledAt !== null && a.cancelledAt.getTime() > a.startTime.getTime();
  return a.status === 'live' || a.status === 'ended';
}

/**
 * A product's page answers (else 404): while it is on auction, sold or unsold as before, and whatever
 * its status now (back to relist after a cancelled order or a refunded return, or back to draft after a
 * cancel nobody had bid on) once any of its auctions was public: a link that worked keeps working.
 * Never for a product that was never public (a draft), nor one staff withdrew (taken off the store on
 * purpose).
 */
export function productPageReachable(
  status: ProductStatus,
  auctions: readonly PageAuctionFacts[],
  now: Date,
): boolean {
  if (status === 'withdrawn') return false;
  if (status === 'auctioned' || status === 'sold' || status === 'unsold') return true;
  return auctions.some((a) => auctionWasPublic(a, now));
}

/** How a lot ended: sold at its final price, ended without a sale, or cancelled by staff. */
export interface LotEnding {
  outcome: 'sold' | 'unsold' | 'cancelled';
  /** When: its end time, or when it was cancelled. */
  at: Date;
  /** The final price when sold, else null. */
  priceCents: number | null;
}

/** The ending of an auction that is over (closed or cancelled); null while it is not. */
export function lotEnding(a: PageAuctionFacts): LotEnding | null {
  if (a.status === 'cancelled')
    return { outcome: 'cancelled', at: a.cancelledAt ?? a.endTime, priceCents: null };
  if (a.status !== 'ended') return null;
  return a.hasWinner
    ? { outcome: 'sold', at: a.endTime, priceCents: a.currentPriceCents }
    : { outcome: 'unsold', at: a.endTime, priceCents: null };
}

/** What the page says of its lots: the shown lot's ending, and the earlier one's when it is up again. */
export interface PageLots {
  /** The shown auction's ending, when it is over. */
  ending: LotEnding | null;
  /**
   * When the shown auction is a newer one, scheduled or live (a relist), the ending of the latest public
   * auction before it: the page says the item is up again and links the new lot.
   */
  earlierEnding: LotEnding | null;
}

/**
 * The page's lots from the product's auctions and the one the page shows (`shownId`: its latest
 * auction that was not cancelled before it opened). A relist is a new auction of the same product
 * (docs/decisions/025-auctions-and-drops.md), so the page, found by the product's slug, shows the new
 * lot; how the one before it ended is said beside it.
 */
export function pageLots(auctions: readonly PageAuctionFacts[], shownId: string | null, now: Date): PageLots {
  const shown = auctions.find((a) => a.id === shownId) ?? null;
  if (!shown) return { ending: null, earlierEnding: null };
  const ending = lotEnding(shown);
  if (ending) return { ending, earlierEnding: null };
  const earlier = auctions
    .filter((a) => a.id !== shown.id && a.startTime.getTime() < shown.startTime.getTime())
    .filter((a) => auctionWasPublic(a, now))
    .sort((a, b) => b.startTime.getTime() - a.startTime.getTime())
    .map(lotEnding)
    .find((e) => e !== null);
  return { ending: null, earlierEnding: earlier ?? null };
}

/** 'Ended Nov 22, 2026 — sold for $41.00' / 'Ended Nov 22, 2026 without a sale' / 'Cancelled Nov 22, 2026'. */
export function lotEndingText(ending: {
  outcome: LotEnding['outcome'];
  at: Date | string;
  priceCents: number | null;
}): string {
  const day = formatShopDate(typeof ending.at === 'string' ? new Date(ending.at) : ending.at);
  if (ending.outcome === 'cancelled') return `Cancelled ${day}`;
  if (ending.outcome === 'sold' && ending.priceCents !== null)
    return `Ended ${day} — sold for ${formatCents(ending.priceCents)}`;
  return `Ended ${day} without a sale`;
}
