import { outbidNotice } from '@rebound/core/notices';
import { cents, defineTemplate, id, text } from './define';
import { messageOf, money, num, siteUrl, sms, str } from './format';

/** 'outbid': one tap back to the lot. */
export const outbid = defineTemplate({
  name: 'outbid',
  fields: {
    auctionId: id,
    productTitle: text,
    currentPriceCents: cents,
    nextMinimumCents: cents,
    lotUrl: text,
  },
  render: (p, ctx) => {
    const title = str(p.productTitle) ?? 'a lot you bid on';
    const price = money(p.currentPriceCents);
    const minimum = money(p.nextMinimumCents);
    const url = siteUrl(ctx, [p.lotUrl, p.targetUrl], '/account?tab=bids&filter=losing');
    const priceCents = num(p.currentPriceCents);
    const message = priceCents !== null ? outbidNotice(title, priceCents) : messageOf(p);
    const bidAgain = minimum ? `Bid ${minimum} or more to lead again.` : 'Bid again to lead.';
    return {
      email: {
        subject: `You've been outbid on ${title}`,
        preheader: `${message} ${bidAgain}`,
        heading: "You've been outbid",
        blocks: [
          { type: 'p', text: message },
          {
            type: 'facts',
            rows: [
              { label: 'Lot', value: title },
              ...(price ? [{ label: 'Current price', value: price }] : []),
              ...(minimum ? [{ label: 'Next minimum bid', value: minimum, strong: true }] : []),
            ],
          },
          { type: 'button', label: minimum ? `Bid ${minimum} or more` : 'Bid again', url },
          { type: 'note', text: 'Set a higher maximum and we will bid for you, only as much as it takes.' },
        ],
        reason: 'you bid on this lot and outbid alerts by email are on in your settings',
      },
      sms: sms(
        `Outbid on ${title}.${price ? ` Now ${price}.` : ''}${minimum ? ` Bid ${minimum}+:` : ''}`,
        url,
      ),
      push: {
        title: "You've been outbid",
        body: minimum
          ? `${title}: ${price ? `now ${price}. ` : ''}Bid ${minimum} or more to lead again.`
          : message,
        url,
        tag: `outbid-${str(p.auctionId, 60) ?? url}`,
      },
    };
  },
});
