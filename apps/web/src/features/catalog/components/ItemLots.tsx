import type { ProductDetail } from '@rebound/contract/catalog';
import { conditionLabel } from '@rebound/core/catalog';
import { formatTimeLeftShort } from '@rebound/core/countdown';
import { formatCents } from '@rebound/core/money';
import { formatShopDate } from '@rebound/core/shop-clock';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';

type ItemLotsProps = Pick<ProductDetail, 'moreOfItem' | 'soldBefore' | 'serverTime'> & {
  /** Under the list: 'Win one of these' (the bid-groups feature, composed by the app). */
  action?: ReactNode;
};

/**
 * A product page's other units of its item (docs/product.md "The shopper: more of this item, sold
 * before"; decision 092): the other lots still to bid on, soonest ending first, and the item's
 * recent sales with their median. Loaded only for a product that has either.
 */
export function ItemLots({ moreOfItem, soldBefore, serverTime, action }: ItemLotsProps) {
  const now = Date.parse(serverTime);
  const shown = moreOfItem.lots.length;
  // A card's 'N more like this' links here: the section arrives after the page, so scroll once it is in.
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash === '#more-of-this-item') section.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <>
      {shown > 0 ? (
        <section
          ref={section}
          id="more-of-this-item"
          aria-labelledby="more-of-item-heading"
          data-testid="more-of-item"
          className="scroll-mt-24"
        >
          <h2 id="more-of-item-heading" className="text-base font-semibold text-ink-950">
            More of this item
          </h2>
          <p className="mt-1 text-sm text-ink-600" data-testid="more-of-item-count">
            {moreOfItem.total === 1
              ? '1 other lot of this item is up for auction.'
              : moreOfItem.total > shown
                ? `${moreOfItem.total} other lots of this item are up for auction; the ${shown} ending soonest:`
                : `${moreOfItem.total} other lots of this item are up for auction.`}
          </p>
          <ul className="mt-2 divide-y divide-ink-100 rounded-card ring-1 ring-ink-200">
            {moreOfItem.lots.map((lot) => {
              const upcoming = Date.parse(lot.startTime) > now;
              return (
                <li key={lot.auctionId}>
                  <Link
                    to={`/product/${lot.slug}`}
                    data-testid="more-of-item-lot"
                    className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2.5 text-sm hover:bg-ink-50 focus-visible:bg-ink-50"
                  >
                    <span className="font-medium text-ink-900">{conditionLabel(lot.condition)}</span>
                    <span className="tabular-nums text-ink-900">
                      {formatCents(lot.currentPriceCents)}
                      <span className="sr-only">, </span>
                      <span className="ml-2 text-ink-600">
                        {upcoming
                          ? `Opens in ${formatTimeLeftShort(Date.parse(lot.startTime) - now)}`
                          : `Ends in ${formatTimeLeftShort(Date.parse(lot.endTime) - now)}`}
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
          {action}
        </section>
      ) : null}

      {soldBefore.sales.length > 0 ? (
        <section aria-labelledby="sold-before-heading" data-testid="sold-before">
          <h2 id="sold-before-heading" className="text-base font-semibold text-ink-950">
            Sold before
          </h2>
          {soldBefore.medianCents !== null ? (
            <p className="mt-1 text-sm text-ink-700" data-testid="sold-before-median">
              Median final price{' '}
              <strong className="text-ink-950">{formatCents(soldBefore.medianCents)}</strong> of{' '}
              {soldBefore.sales.length === 1 ? '1 sale' : `${soldBefore.sales.length} sales`} in the last 180
              days.
            </p>
          ) : null}
          <table className="mt-2 w-full text-left text-sm">
            <thead className="text-ink-600">
              <tr>
                <th scope="col" className="py-1 font-medium">
                  Date
                </th>
                <th scope="col" className="py-1 font-medium">
                  Condition
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Final price
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100">
              {soldBefore.sales.map((sale, i) => (
                <tr key={`${sale.endedAt}-${i}`} data-testid="sold-before-sale">
                  <td className="py-1.5 text-ink-800">{formatShopDate(new Date(sale.endedAt))}</td>
                  <td className="py-1.5 text-ink-800">{conditionLabel(sale.condition)}</td>
                  <td className="py-1.5 text-right tabular-nums text-ink-900">
                    {formatCents(sale.priceCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </>
  );
}
