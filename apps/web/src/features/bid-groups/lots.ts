import type { AuctionCard, NonReturnableKind, SaleTerms } from '@rebound/contract/catalog';
import type { AuctionTiming } from '@rebound/core/catalog';

/**
 * A lot offered to the group builder: what it shows of the lot. The terms are null when the place it
 * came from did not carry them (the product page's other lots of the item): the builder reads the
 * lot's page before it lets the shopper submit, since the terms are said before a binding bid.
 */
export type GroupLotChoice = AuctionTiming & {
  startTime: string;
  endTime: string;
  auctionId: string;
  slug: string;
  title: string;
  /** 'Open box', 'Used – good'…: tells apart lots of one item. */
  conditionText?: string;
  currentPriceCents: number;
  saleTerms: SaleTerms | null;
  nonReturnableKind?: NonReturnableKind | null;
};

/** A shop or watchlist card as a choice for a group. */
export function choiceOfCard(card: AuctionCard): GroupLotChoice {
  return {
    auctionId: card.auctionId,
    slug: card.slug,
    title: card.title,
    status: card.status,
    startTime: card.startTime,
    endTime: card.endTime,
    currentPriceCents: card.currentPriceCents,
    saleTerms: card.saleTerms,
  };
}
