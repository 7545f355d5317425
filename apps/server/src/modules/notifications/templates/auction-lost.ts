import { defineTemplate, text } from './define';
import { messageOf, siteUrl, sms, str } from './format';

/** 'auction_lost': the in-app message already says whether the reserve was missed. */
export const auctionLost = defineTemplate({
  name: 'auction_lost',
  fields: { productTitle: text, lotUrl: text },
  render: (p, ctx) => {
    const title = str(p.productTitle) ?? 'a lot you bid on';
    const message = messageOf(p);
    const lot = siteUrl(ctx, [p.lotUrl, p.targetUrl], '/account?tab=bids');
    const shop = `${ctx.publicUrl}/shop`;
    return {
      email: {
        subject: `Auction ended: ${title}`,
        preheader: message,
        heading: 'This auction has ended',
        blocks: [
          { type: 'p', text: message },
          { type: 'button', label: 'See how it ended', url: lot },
          { type: 'p', text: 'New auctions drop every day.' },
          { type: 'button', label: 'Find more lots', url: shop },
        ],
        reason: 'you bid on this lot and outbid alerts by email are on in your settings',
      },
      sms: sms(message, lot),
      push: { title: 'Auction ended', body: message, url: lot },
    };
  },
});
