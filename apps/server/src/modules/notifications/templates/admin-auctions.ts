import { PAYMENT_WINDOW_HOURS } from '@rebound/core/time';
import { SELLER } from './company';
import { cents, defineTemplate, id, text, when } from './define';
import { longDateTime, messageOf, money, siteUrl, sms, str } from './format';

/** 'auction_cancelled': staff cancelled an auction this shopper bid on. */
export const auctionCancelled = defineTemplate({
  name: 'auction_cancelled',
  fields: { auctionId: id, productTitle: text, reason: text },
  render: (p, ctx) => {
    const title = str(p.productTitle) ?? 'a lot you bid on';
    const message = messageOf(p);
    const lot = siteUrl(ctx, [p.targetUrl], '/account?tab=bids');
    const shop = `${ctx.publicUrl}/shop`;
    return {
      email: {
        subject: `Auction cancelled: ${title}`,
        preheader: message,
        heading: 'This auction was cancelled',
        blocks: [
          { type: 'p', text: message },
          { type: 'button', label: 'See the lot', url: lot },
          { type: 'p', text: `No payment is due for it. There are more lots to bid on at ${shop}.` },
          { type: 'note', text: `Questions? Write to ${SELLER.supportEmail}.` },
        ],
        reason: 'you bid on this lot and outbid alerts by email are on in your settings',
      },
      sms: sms(message, lot),
      push: { title: 'Auction cancelled', body: message, url: lot },
    };
  },
});

/** 'second_chance_offer': the item at the shopper's maximum bid. */
export const secondChanceOffer = defineTemplate({
  name: 'second_chance_offer',
  fields: { offerId: id, productTitle: text, amountCents: cents, expiresAt: when },
  render: (p, ctx) => {
    const title = str(p.productTitle) ?? 'a lot you bid on';
    const message = messageOf(p);
    const url = siteUrl(ctx, [p.targetUrl], '/notifications');
    const amount = money(p.amountCents);
    const until = longDateTime(p.expiresAt);
    return {
      email: {
        subject: `Second chance: ${title}${amount ? ` for ${amount}` : ''}`,
        preheader: message,
        heading: 'A second chance at a lot you bid on',
        blocks: [
          { type: 'p', text: message },
          { type: 'button', label: 'Accept or decline', url },
          {
            type: 'note',
            text: `${until ? `The offer is open until ${until}. ` : ''}If you accept, pay within ${PAYMENT_WINDOW_HOURS} hours as for any win; if not, nothing is owed.`,
          },
        ],
        reason: 'you bid on this lot and auction-won messages by email are on in your settings',
      },
      sms: sms(message, url),
      push: {
        title: 'Second chance offer',
        body: message,
        url,
        tag: `offer-${str(p.offerId, 60) ?? title}`,
      },
    };
  },
});

/** 'bid_cancelled': the store cancelled this shopper's maximum on a live lot. */
export const bidCancelled = defineTemplate({
  name: 'bid_cancelled',
  fields: { auctionId: id, productTitle: text },
  render: (p, ctx) => {
    const title = str(p.productTitle) ?? 'a lot you bid on';
    const message = messageOf(p);
    const lot = siteUrl(ctx, [p.targetUrl], '/account?tab=bids');
    return {
      email: {
        subject: `Your bid was cancelled: ${title}`,
        preheader: message,
        heading: 'Your bid was cancelled by the store',
        blocks: [
          { type: 'p', text: message },
          { type: 'button', label: 'See the lot', url: lot },
          { type: 'note', text: `Questions? Write to ${SELLER.supportEmail}.` },
        ],
        reason: 'you bid on this lot and outbid alerts by email are on in your settings',
      },
      sms: sms(message, lot),
      push: { title: 'Bid cancelled', body: message, url: lot },
    };
  },
});

/** 'leading_again': a cancelled bid gave the lead back to this shopper. */
export const leadingAgain = defineTemplate({
  name: 'leading_again',
  fields: { auctionId: id, productTitle: text, currentPriceCents: cents },
  render: (p, ctx) => {
    const title = str(p.productTitle) ?? 'a lot you bid on';
    const message = messageOf(p);
    const lot = siteUrl(ctx, [p.targetUrl], '/account?tab=bids');
    return {
      email: {
        subject: `You're the highest bidder again: ${title}`,
        preheader: message,
        heading: "You're the highest bidder again",
        blocks: [
          { type: 'p', text: message },
          { type: 'button', label: 'See the lot', url: lot },
        ],
        reason: 'you bid on this lot and outbid alerts by email are on in your settings',
      },
      sms: sms(message, lot),
      push: {
        title: 'Highest bidder again',
        body: message,
        url: lot,
        tag: `outbid-${str(p.auctionId, 60) ?? lot}`,
      },
    };
  },
});
