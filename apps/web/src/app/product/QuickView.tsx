import type { AuctionCard } from '@rebound/contract/catalog';
import { lazy } from 'react';
import { ProductModal } from '../../features/catalog/components/ProductModal';

// The modal's body (gallery, details, bidding) loads on first open, keeping it out of the page bundles.
const QuickViewBody = lazy(() => import('./QuickViewBody'));

/** The quick view of a card (the catalogue's modal, filled with watch and bidding by the app). */
export function QuickView(props: {
  card: AuctionCard | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return <ProductModal {...props} renderContent={(card) => <QuickViewBody key={card.slug} card={card} />} />;
}
