import type { ProductDetail } from '@rebound/contract/catalog';
import { lotEndingText } from '@rebound/core/product-page';
import { History, RefreshCw } from 'lucide-react';

type LotEndingBannerProps = Pick<ProductDetail, 'ending' | 'earlierEnding'> & {
  productStatus: ProductDetail['product']['status'];
};

/**
 * What a product page says of a lot that is over (docs/product.md "Product pages"): how the lot it
 * shows ended, or, when the item is up again (a relist, shown below), how the lot before ended and a
 * link to the new one. A link from an old email or order keeps leading somewhere that makes sense.
 */
export function LotEndingBanner({ ending, earlierEnding, productStatus }: LotEndingBannerProps) {
  const box = 'flex items-start gap-3 rounded-card p-4 ring-1 ring-inset sm:p-5';
  if (ending) {
    return (
      <section
        aria-label="How this lot ended"
        data-testid="lot-ending"
        className={`${box} bg-ink-50 text-ink-800 ring-ink-200`}
      >
        <History className="mt-0.5 size-5 shrink-0 text-ink-600" aria-hidden="true" />
        <div>
          <p className="font-semibold text-ink-950">{lotEndingText(ending)}</p>
          <p className="mt-1 text-sm text-ink-700">
            {productStatus === 'to_relist' || productStatus === 'draft'
              ? 'Bidding on this lot is closed. The item is back with us and may be auctioned again.'
              : 'Bidding on this lot is closed.'}
          </p>
        </div>
      </section>
    );
  }
  if (earlierEnding) {
    return (
      <section
        aria-label="This item is up again"
        data-testid="lot-relisted"
        className={`${box} bg-brand-50 text-ink-800 ring-brand-100`}
      >
        <RefreshCw className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div>
          <p className="font-semibold text-ink-950">
            This item is up again:{' '}
            <a href="#lot" className="text-brand-700 underline hover:text-brand-800">
              see the new lot
            </a>
          </p>
          <p className="mt-1 text-sm text-ink-700">The earlier lot: {lotEndingText(earlierEnding)}.</p>
        </div>
      </section>
    );
  }
  return null;
}
