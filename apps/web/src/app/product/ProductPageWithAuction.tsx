import { LiveAuction } from '../../features/bidding/components/LiveAuction';
import { ProductPage } from '../../features/catalog/components/ProductPage';
import { AuctionWatch } from './AuctionWatch';

/** The catalogue's product page with the watchlist's Watch and the bidding feature's live auction box. */
export default function ProductPageWithAuction({ slug }: { slug: string }) {
  return (
    <ProductPage
      slug={slug}
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
