import type { AuctionCard, Location, ProductDetail } from '@rebound/contract/catalog';
import type { ReactNode } from 'react';

// The catalogue shows products; the auction box beside them (watch, live price, bidding) belongs to
// other features, so the app passes it in through these slots (features never import each other).

/** What the full product page hands to its auction slot. */
export type ProductAuctionSlot = {
  product: ProductDetail['product'];
  /** The product's auction as the product answer had it; null when it is not up for auction. */
  auction: ProductDetail['auction'];
  location: Location | null;
  /** The auction changed phase (opened, ended) on screen: refresh the product. */
  onPhaseChange: () => void;
};

/** What the quick view hands to its auction slot: the card at once, the product when it arrives. */
export type QuickViewAuctionSlot = {
  card: AuctionCard;
  product: ProductDetail['product'] | undefined;
  /** The product's auction once loaded, else the card's own figures. */
  auction: NonNullable<ProductDetail['auction']> | AuctionCard;
  location: Location | null;
  onPhaseChange: () => void;
  /** 'View Full Page', to place under the auction box. */
  fullPageLink: ReactNode;
};

/**
 * What the product page hands to its item-group slot ('Win one of these', composed by the app) when
 * the item has other live or upcoming lots: the page's own lot and those others.
 */
export type ItemGroupSlot = {
  product: ProductDetail['product'];
  auction: ProductDetail['auction'];
  moreOfItem: ProductDetail['moreOfItem'];
};
