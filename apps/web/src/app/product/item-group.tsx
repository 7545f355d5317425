import { conditionLabel } from '@rebound/core/catalog';
import { lazy, Suspense } from 'react';
import type { GroupLotChoice } from '../../features/bid-groups/lots';
import type { ItemGroupSlot } from '../../features/catalog/slots';

// Only a product page with other lots of its item offers a group: not in the page's first script
// (e2e/tests/budget.spec.ts), like the 'More of this item' list it sits under (decision 092).
const WinOneOfThese = lazy(() => import('../../features/bid-groups/components/WinOneOfThese'));

/**
 * The product page's 'Win one of these' (the bid-groups feature): this lot while it is open, and the
 * item's other live and upcoming lots, whose terms the builder reads from their pages.
 */
export function renderItemGroup({ product, auction, moreOfItem }: ItemGroupSlot) {
  const lots: GroupLotChoice[] = [];
  if (auction && (auction.status === 'live' || auction.status === 'scheduled')) {
    lots.push({
      auctionId: auction.id,
      slug: product.slug,
      title: product.title,
      conditionText: `${conditionLabel(product.condition)} (this lot)`,
      status: auction.status,
      startTime: auction.startTime,
      endTime: auction.endTime,
      currentPriceCents: auction.currentPriceCents,
      saleTerms: product.saleTerms,
      nonReturnableKind: product.nonReturnableKind,
    });
  }
  for (const lot of moreOfItem.lots) {
    if (lot.status !== 'live' && lot.status !== 'scheduled') continue;
    lots.push({
      auctionId: lot.auctionId,
      slug: lot.slug,
      title: lot.title,
      conditionText: conditionLabel(lot.condition),
      status: lot.status,
      startTime: lot.startTime,
      endTime: lot.endTime,
      currentPriceCents: lot.currentPriceCents,
      saleTerms: null,
    });
  }
  if (lots.length < 2) return null;
  return (
    <Suspense fallback={null}>
      <WinOneOfThese lots={lots} />
    </Suspense>
  );
}
