// Who a bid notifies and with which words (texts from packages/core/notices.ts).
import { bidConfirmationNotice, outbidNotice } from '@rebound/core/notices';
import type { Notice } from '../notifications';
import type { BidDecision } from './decide';

export function bidNotices(
  d: BidDecision,
  bidder: { userId: string; amountCents: number },
  product: { title: string; slug: string },
): Notice[] {
  const targetUrl = `/product/${product.slug}`;
  const price = d.updated.currentPriceCents;
  return [
    {
      userId: bidder.userId,
      kind: 'bid_confirmation',
      template: 'bid_confirmation',
      message: bidConfirmationNotice(product.title, bidder.amountCents, d.body.me.standing),
      targetUrl,
      data: {
        productTitle: product.title,
        bidAmountCents: bidder.amountCents,
        isHighest: d.outcome.isLeader,
        // core's standing (decide.ts): 'reserve_not_met' for a leader below the reserve.
        standing: d.body.me.standing,
      },
    },
    ...d.outcome.outbidUserIds
      .filter((id) => id !== bidder.userId)
      .map(
        (id): Notice => ({
          userId: id,
          kind: 'outbid_alerts',
          template: 'outbid',
          message: outbidNotice(product.title, price),
          targetUrl,
          // Everything the outbid message needs is already in the decision: no query in the bid.
          data: {
            auctionId: d.updated.id,
            productTitle: product.title,
            currentPriceCents: price,
            // The next acceptable bid (core minimumNextBid); an outbid maximum is below the price.
            nextMinimumCents: d.state.minimumNextBidCents,
            lotUrl: targetUrl,
          },
        }),
      ),
  ];
}
