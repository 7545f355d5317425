import type { AuctionCard } from '@rebound/contract/catalog';
import { LiveAuction } from '../../features/bidding/components/LiveAuction';
import { ProductModalContent } from '../../features/catalog/components/ProductModalContent';
import { AuctionWatch } from './AuctionWatch';

/** The quick view's body: the catalogue's content with Watch and the live auction box in its slot. */
export default function QuickViewBody({ card }: { card: AuctionCard }) {
  return (
    <ProductModalContent
      card={card}
      renderAuction={({ product, auction, location, onPhaseChange, fullPageLink }) => (
        <>
          <AuctionWatch auctionId={card.auctionId} title={card.title} initial={auction} />
          <LiveAuction
            auctionId={card.auctionId}
            initial={auction}
            retailPriceCents={card.retailPriceCents}
            productStatus={product?.status}
            location={location}
            terms={product ?? card}
            compact
            onPhaseChange={onPhaseChange}
          >
            {fullPageLink}
          </LiveAuction>
        </>
      )}
    />
  );
}
