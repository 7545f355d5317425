import type { AuctionCard } from '@rebound/contract/catalog';
import { lazy, Suspense, useRef } from 'react';

// The modal (Radix's dialog) loads on the first open, its body (gallery, details, bidding) too: the
// pages with cards do not carry either in their first load (decision 037).
const ProductModal = lazy(async () => ({
  default: (await import('../../features/catalog/components/ProductModal')).ProductModal,
}));
const QuickViewBody = lazy(() => import('./QuickViewBody'));

/** The quick view of a card (the catalogue's modal, filled with watch and bidding by the app). */
export function QuickView(props: {
  card: AuctionCard | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Mounted from the first open on, so that it can animate closed.
  const opened = useRef(false);
  if (props.open) opened.current = true;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <ProductModal {...props} renderContent={(card) => <QuickViewBody key={card.slug} card={card} />} />
    </Suspense>
  );
}
