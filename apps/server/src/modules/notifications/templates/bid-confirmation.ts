import { RESERVE_NOT_MET_STANDING, Standing } from '@rebound/contract/bidding';
import { formatCents } from '@rebound/core/money';
import { bidConfirmationNotice } from '@rebound/core/notices';
import { cents, defineTemplate, dollars, flag, text } from './define';
import { centsFrom, messageOf, siteUrl, sms, str } from './format';

/** The bidder's standing in the payload; notices queued before it was written carry only isHighest. */
function standingIn(p: {
  standing?: string | null | undefined;
  isHighest?: boolean | null | undefined;
}): Standing {
  const parsed = Standing.safeParse(p.standing);
  if (parsed.success) return parsed.data;
  return p.isHighest === true ? 'winning' : 'outbid';
}

const STATUS: Partial<Record<Standing, string>> = {
  winning: 'Highest bidder',
  reserve_not_met: RESERVE_NOT_MET_STANDING,
};

/** 'bid_confirmation'; the test email shares it. */
export const bidConfirmation = defineTemplate({
  name: 'bid_confirmation',
  fields: {
    productTitle: text,
    bidAmountCents: cents,
    bidAmount: dollars,
    isHighest: flag,
    standing: text,
    lotUrl: text,
  },
  render: (p, ctx) => {
    const title = str(p.productTitle) ?? 'your lot';
    const cents = centsFrom(p.bidAmountCents, p.bidAmount);
    const standing = standingIn(p);
    const url = siteUrl(ctx, [p.lotUrl, p.targetUrl], '/account?tab=bids');
    const message = cents !== null ? bidConfirmationNotice(title, cents, standing) : messageOf(p);
    return {
      email: {
        subject: `Your bid on ${title} is in`,
        preheader: message,
        heading: 'Your bid is in',
        blocks: [
          { type: 'p', text: message },
          {
            type: 'facts',
            rows: [
              { label: 'Lot', value: title },
              ...(cents !== null
                ? [{ label: 'Your maximum bid', value: formatCents(cents), strong: true }]
                : []),
              { label: 'Status', value: STATUS[standing] ?? 'Another bidder is ahead' },
            ],
          },
          { type: 'button', label: 'View the lot', url },
          {
            type: 'note',
            text: 'We bid for you only as much as it takes to keep you ahead, up to your maximum. We will tell you if someone outbids you.',
          },
        ],
        reason: 'you placed a bid on Rebound and bid confirmations by email are on in your settings',
      },
      sms: sms(message, url),
      push: {
        title: standing === 'winning' ? "You're the highest bidder" : 'Your bid is in',
        body: message,
        url,
      },
    };
  },
});
