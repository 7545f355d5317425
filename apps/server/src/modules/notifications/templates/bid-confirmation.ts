import { formatCents } from '@rebound/core/money';
import { bidConfirmationNotice } from '@rebound/core/notices';
import { centsFrom, messageOf, siteUrl, sms, str } from './format';
import type { Template } from './types';

/** 'bid_confirmation' {productTitle, bidAmountCents, isHighest}; the test email shares it. */
export const bidConfirmation: Template = (p, ctx) => {
  const title = str(p, 'productTitle') ?? 'your lot';
  const cents = centsFrom(p, 'bidAmountCents', 'bidAmount');
  const leader = p.isHighest === true;
  const url = siteUrl(ctx, p, ['lotUrl', 'targetUrl'], '/account?tab=bids');
  const message = cents !== null ? bidConfirmationNotice(title, cents, leader) : messageOf(p);
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
            { label: 'Status', value: leader ? 'Highest bidder' : 'Another bidder is ahead' },
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
    push: { title: leader ? "You're the highest bidder" : 'Your bid is in', body: message, url },
  };
};
