import { LiveAuction } from '../../features/bidding/components/LiveAuction';
import { ProductPage } from '../../features/catalog/components/ProductPage';
import { AuctionWatch } from './AuctionWatch';
import { renderItemGroup } from './item-group';

/**
 * The catalogue's product page with the watchlist's Watch, the bidding feature's live auction box and
 * the bid-groups feature's 'Win one of these' under the item's other lots.
 */
export default function ProductPageWithAuction({ slug }: { slug: string }) {
  return (
    <ProductPage
      slug={slug}
      renderItemGroup={renderItemGroup}
      renderAuction={({ product, auction, location, onPhaseChange }) => (
        <>
          {auction ? <AuctionWatch auctionId={auction.id} title={product.title} initial={auction} /> : null}
          <LiveAuction
            auctionId={auction?.id ?? null}
            initial={auction}
            retailPriceCents={product.retailPriceCents}
            productStatus={product.status}
            location={location}
            terms={product}
            onPhaseChange={onPhaseChange}
          />
        </>
      )}
    />
  );
}
